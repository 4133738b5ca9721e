import { lazy, Suspense } from 'react';
import { Button } from 'primereact/button';
import { translate } from '../../../lib/i18n/i18n.ts';
import { go } from '../../../lib/routes/navigation.ts';
import type { ResourceDef } from '../../../../shared/resources/define.ts';
import type { FieldRendererProps, ResourceExtensions } from '../types.ts';
import '../../../lib/i18n/ns/resource.ts';
import { ONE_IMAGE } from '../../../components/widgets/upload-rules.ts';
import { DrillCaption } from '../DrillCaption.tsx';

// The list draws no image field: its code loads with the form that does.
const ImageUpload = lazy(() => import('../../../components/widgets/ImageUpload.tsx').then((m) => ({ default: m.ImageUpload })));

/** An image of the site's library, chosen as a catalog's or a site's logo is: the CMS forms' one-image upload. */
function ImageField({ id, value, onChange }: FieldRendererProps) {
  return (
    <Suspense fallback={null}>
      <ImageUpload id={id} value={String(value ?? '')} onChange={onChange} limits={ONE_IMAGE} library />
    </Suspense>
  );
}

/**
 * What a definition declares beyond fields, as a screen draws it: filters fixed by the page's
 * query (`page.queryFilters`: the list keeps to them, new rows take them, the form leaves them
 * out), the heading naming the row the page is opened on (`page.caption`), a row action opening
 * another screen on the row (`drill`), and library pickers for `image` fields.
 */
export function declaredExtensions(def: ResourceDef): ResourceExtensions {
  const query = typeof location === 'undefined' ? new URLSearchParams() : new URLSearchParams(location.search);
  const fixed = Object.fromEntries((def.page?.queryFilters ?? []).flatMap((k) => (query.get(k) ? [[k, query.get(k)!]] : [])));
  const images = Object.entries(def.fields).filter(([, f]) => f.kind === 'image').map(([name]) => [name, ImageField] as const);
  const { drill } = def;
  const caption = def.page?.caption;
  const captionId = caption ? query.get(caption.param) : null;
  return {
    ...(caption && captionId ? {
      header: () => <DrillCaption def={def} caption={caption} id={captionId} back={def.page!.activeMenu} />,
    } : {}),
    ...(Object.keys(fixed).length ? {
      fixedFilters: fixed,
      formInit: async (mode, values) => (mode === 'create' ? { ...values, ...fixed } : values),
      formVisible: (name) => !(name in fixed),
    } : {}),
    ...(images.length ? { fields: Object.fromEntries(images) } : {}),
    ...(drill ? {
      rowActions: (row) => (
        <Button text size="small" icon={drill.icon ?? 'pi pi-list'} label={translate(`screens:${def.name}.${drill.label}`)}
          onClick={() => void go(`${drill.to}?${drill.param}=${String(row[def.id])}`)} />
      ),
    } : {}),
  };
}
