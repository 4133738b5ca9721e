import { lazy, Suspense, useState } from 'react';
import { Button } from 'primereact/button';
import { translate } from '../../../lib/i18n/i18n.ts';
import { allows, usePermissions } from '../../../stores/permission-gate.ts';
import type { Row } from '../../../lib/resources/client.ts';
import { formatBytes } from '../../../lib/sizes.ts';
import { message } from '../../../stores/notify.ts';
import { LibraryFace } from '../../../components/cms/LibraryFace.tsx';
import { UploadDialog } from '../../../components/cms/UploadDialog.tsx';
import { ResourcePreview } from '../../../components/cms/ResourcePreview.tsx';
import { downloadResource, type LibraryItem } from '../../../components/cms/resource-api.ts';
import type { ResourceExtensions } from '../types.ts';

const item = (row: Row) => row as unknown as LibraryItem;
// The image tools (with cropperjs) and the poster dialog load when opened, never with the list.
const ImageToolsDialog = lazy(() => import('../../../components/cms/ImageToolsDialog.tsx'));
const PosterDialog = lazy(() => import('../../../components/cms/PosterDialog.tsx'));

/** An image's Edit (crop, turn, mirror, watermark) and a video's Poster frame, for whoever may edit the library. */
function ToolsButton({ row, reload }: { row: Row; reload(): void }) {
  const perms = usePermissions();
  const [open, setOpen] = useState(false);
  const it = item(row);
  if (!allows(perms, 'cms:resource:edit') || (it.resourceType !== 'image' && it.resourceType !== 'video')) return null;
  const done = () => {
    setOpen(false);
    reload();
  };
  const image = it.resourceType === 'image';
  return (
    <>
      <Button
        text size="small" icon={image ? 'pi pi-pencil' : 'pi pi-camera'} label={translate(image ? 'cms:resource.tools.edit' : 'cms:resource.poster.take')}
        onClick={() => setOpen(true)} data-testid={image ? 'resource-edit-image' : 'resource-poster'}
      />
      {open ? (
        <Suspense fallback={<span role="status">{translate('cms:resource.tools.loading')}</span>}>
          {image ? <ImageToolsDialog item={it} onSaved={done} onHide={() => setOpen(false)} /> : <PosterDialog item={it} onTaken={done} onHide={() => setOpen(false)} />}
        </Suspense>
      ) : null}
    </>
  );
}

/** The toolbar's Upload: the dialog, then the list again with the new row. */
function UploadButton({ reload }: { reload(): void }) {
  const perms = usePermissions();
  const [open, setOpen] = useState(false);
  if (!allows(perms, 'cms:resource:add')) return null;
  return (
    <>
      <Button size="small" icon="pi pi-upload" label={translate('cms:resource.upload')} onClick={() => setOpen(true)} data-testid="resource-upload" />
      {open ? (
        <UploadDialog
          onHide={() => setOpen(false)}
          onUploaded={(added) => {
            setOpen(false);
            message.success(translate('cms:resource.uploaded', { name: added.name }));
            reload();
          }}
        />
      ) : null}
    </>
  );
}

/** The preview column: the thumbnail (or the type's icon), which opens the preview. */
function ThumbCell({ row }: { row: Row }) {
  const [open, setOpen] = useState(false);
  const it = item(row);
  return (
    <>
      <button type="button" className="library-cell-thumb library-face" aria-label={translate('cms:resource.preview')} onClick={() => setOpen(true)}>
        <LibraryFace item={it} />
      </button>
      {open ? <ResourcePreview item={it} onHide={() => setOpen(false)} /> : null}
    </>
  );
}

function PreviewButton({ row }: { row: Row }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button text size="small" icon="pi pi-eye" label={translate('cms:resource.preview')} onClick={() => setOpen(true)} />
      {open ? <ResourcePreview item={item(row)} onHide={() => setOpen(false)} /> : null}
    </>
  );
}

/** Resources: upload, a thumbnail column, sizes in words, preview and download per row. */
export const cmsResourceExtensions: ResourceExtensions = {
  toolbar: (api) => <UploadButton reload={api.reload} />,
  columns: {
    src: (row) => <ThumbCell row={row} />,
    fileSize: (row) => formatBytes(Number(row.fileSize)),
  },
  rowActions: (row, api) => (
    <>
      <PreviewButton row={row} />
      <ToolsButton row={row} reload={api.reload} />
      <Button text size="small" icon="pi pi-download" label={translate('cms:resource.download')} onClick={() => void downloadResource(item(row))} />
    </>
  ),
};
