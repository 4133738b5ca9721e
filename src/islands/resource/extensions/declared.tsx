import { lazy, Suspense, useState } from 'react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { translate } from '../../../lib/i18n/i18n.ts';
import { go } from '../../../lib/routes/navigation.ts';
import type { ResourceDef } from '../../../../shared/resources/define.ts';
import type { FieldRendererProps, ResourceExtensions } from '../types.ts';
import '../../../lib/i18n/ns/resource.ts';

const ResourcePicker = lazy(() => import('../../../components/cms/ResourcePicker.tsx').then((m) => ({ default: m.ResourcePicker })));

/** An image of the site's library: its path, typed or picked from the library (which loads when opened). */
function ImageField({ id, value, onChange, invalid }: FieldRendererProps) {
  const [picking, setPicking] = useState(false);
  return (
    <div className="p-inputgroup">
      <InputText id={id} className={invalid ? 'p-invalid' : undefined} value={String(value ?? '')} onChange={(e) => onChange(e.target.value)} />
      <Button type="button" outlined icon="pi pi-image" aria-label={translate('resource:pickImage')} title={translate('resource:pickImage')} onClick={() => setPicking(true)} />
      {picking ? (
        <Suspense fallback={null}>
          <ResourcePicker type="image" onHide={() => setPicking(false)} onPick={(item) => { setPicking(false); onChange(item.src); }} />
        </Suspense>
      ) : null}
    </div>
  );
}

/**
 * What a definition declares beyond fields, as a screen draws it: filters fixed by the page's
 * query (`page.queryFilters`: the list keeps to them, new rows take them, the form leaves them
 * out), a row action opening another screen on the row (`drill`), and library pickers for `image`
 * fields.
 */
export function declaredExtensions(def: ResourceDef): ResourceExtensions {
  const query = typeof location === 'undefined' ? new URLSearchParams() : new URLSearchParams(location.search);
  const fixed = Object.fromEntries((def.page?.queryFilters ?? []).flatMap((k) => (query.get(k) ? [[k, query.get(k)!]] : [])));
  const images = Object.entries(def.fields).filter(([, f]) => f.kind === 'image').map(([name]) => [name, ImageField] as const);
  const { drill } = def;
  return {
    ...(Object.keys(fixed).length ? {
      fixedFilters: fixed,
      formInit: async (mode, values) => (mode === 'create' ? { ...values, ...fixed } : values),
      formVisible: (name) => !(name in fixed),
    } : {}),
    ...(images.length ? { fields: Object.fromEntries(images) } : {}),
    ...(drill ? {
      rowActions: (row) => (
        <Button text size="small" icon="pi pi-list" label={translate(`screens:${def.name}.${drill.label}`)}
          onClick={() => void go(`${drill.to}?${drill.param}=${String(row[def.id])}`)} />
      ),
    } : {}),
  };
}
