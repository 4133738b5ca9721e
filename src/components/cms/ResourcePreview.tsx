import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import { useT } from '../../lib/i18n/react.ts';
import cms from '../../lib/i18n/ns/cms.ts';
import { formatBytes } from '../../lib/sizes.ts';
import { libraryUrl } from './LibraryFace.tsx';
import { downloadResource, type LibraryItem } from './resource-api.ts';
import './cms-resource.css';

/** What a library item looks like: the image, a player for audio and video, a file by its name. */
export function ResourceMedia({ item, controls = true }: { item: LibraryItem; controls?: boolean }) {
  const t = useT(cms);
  const src = libraryUrl(item, item.src);
  if (item.resourceType === 'image') return <img className="library-media" src={src} alt={item.name} />;
  if (item.resourceType === 'audio') return <audio className="library-media" src={src} controls={controls} preload="metadata" />;
  if (item.resourceType === 'video') return <video className="library-media" src={src} controls={controls} preload="metadata" />;
  return (
    <div className="library-file">
      <i className="pi pi-file" aria-hidden="true" />
      <span>{item.fileName}</span>
      <small>{t('resource.noPreview')}</small>
    </div>
  );
}

/** The preview dialog of the Resources screen: the media, its facts and a download button. */
export function ResourcePreview({ item, onHide }: { item: LibraryItem; onHide(): void }) {
  const t = useT(cms);
  return (
    <Dialog visible header={item.name} onHide={onHide} style={{ width: 'min(800px, 95vw)' }} dismissableMask data-testid="resource-preview" blockScroll>
      <div className="library-preview">
        <ResourceMedia item={item} />
        <div className="library-preview-facts">
          <span>{t(`resource.types.${item.resourceType}`)}</span>
          <span>{item.fileName}</span>
          <span>{formatBytes(item.fileSize)}</span>
          {item.width && item.height ? <span>{t('resource.size', { width: item.width, height: item.height })}</span> : null}
          <Button type="button" size="small" outlined icon="pi pi-download" label={t('resource.download')} onClick={() => void downloadResource(item)} />
        </div>
      </div>
    </Dialog>
  );
}
