import { lazy, Suspense, useState } from 'react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { fileUrl } from '../../../../components/widgets/ImagePreview.tsx';
import { useT } from '../../../../lib/i18n/react.ts';
import editorNs from '../../../../lib/i18n/ns/editor.ts';
import { Section } from '../Field.tsx';
import { contentLabel } from '../labels.ts';
import { emptyImage, type ImageItem } from '../model.ts';
import type { ContentEditorApi } from '../use-content-editor.ts';
import { useDragOrder } from './use-drag-order.ts';
import { ItemTools } from './ItemTools.tsx';

const ResourcePicker = lazy(() => import('../../../../components/cms/ResourcePicker.tsx').then((m) => ({ default: m.ResourcePicker })));

/** An image album: pictures in order, each with its title, summary and link; one may be the cover. */
export function ImageAlbum({ ed }: { ed: ContentEditorApi }) {
  const t = useT(editorNs);
  const f = ed.form!;
  const ro = ed.readOnly;
  const [picking, setPicking] = useState(false);
  const setImages = (images: ImageItem[]) => ed.set('images', images);
  const patch = (i: number, p: Partial<ImageItem>) => setImages(f.images.map((x, j) => (j === i ? { ...x, ...p } : x)));
  const { props, move } = useDragOrder(f.images, setImages, !ro);
  const error = ed.errors.images ?? ed.errors['images.path'] ?? ed.errors['images.title'] ?? ed.errors['images.redirectUrl'] ?? ed.errors['images.description'];
  return (
    <Section title={<>{contentLabel('images')} <span className="ce-count">{f.images.length}</span></>} testId="ce-images"
      actions={ro ? null : <Button type="button" size="small" icon="pi pi-images" label={t('images.add')} onClick={() => setPicking(true)} />}>
      {error ? <small className="p-error ce-error" data-testid="error-images" role="alert">{error}</small> : null}
      {f.images.length ? (
        <ol className="ce-items ce-image-items">
          {f.images.map((img, i) => (
            <li key={img.key} className="ce-item ce-image-item" {...props(i)} data-testid="ce-image-item">
              <div className="ce-image-face">
                <img src={fileUrl(img.path)} alt={img.title} loading="lazy" />
                {f.logo === img.path ? <span className="ce-cover-badge">{t('images.isCover')}</span> : null}
                {img.width && img.height ? <span className="ce-image-size">{img.width} × {img.height}</span> : null}
              </div>
              <div className="ce-item-fields">
                <InputText aria-label={contentLabel('title')} placeholder={contentLabel('title')} value={img.title} disabled={ro} onChange={(e) => patch(i, { title: e.target.value })} />
                <InputTextarea aria-label={t('images.summary')} placeholder={t('images.summary')} rows={2} autoResize value={img.description} disabled={ro} onChange={(e) => patch(i, { description: e.target.value })} />
                <InputText aria-label={t('images.link')} placeholder={t('images.linkPlaceholder')} value={img.redirectUrl} disabled={ro} onChange={(e) => patch(i, { redirectUrl: e.target.value })} />
              </div>
              {ro ? null : (
                <div className="ce-item-side">
                  <ItemTools index={i} count={f.images.length} label={img.title || t('images.nth', { n: i + 1 })} onMove={(by) => move(i, by)} onRemove={() => setImages(f.images.filter((_, j) => j !== i))} />
                  {f.logo !== img.path ? <Button type="button" size="small" text icon="pi pi-star" label={t('images.makeCover')} onClick={() => ed.set('logo', img.path)} /> : null}
                </div>
              )}
            </li>
          ))}
        </ol>
      ) : <p className="ce-empty">{t('images.empty')}</p>}
      {picking ? (
        <Suspense fallback={null}>
          <ResourcePicker type="image" onHide={() => setPicking(false)} onPick={(item) => {
            setPicking(false);
            setImages([...f.images, { ...emptyImage(item.src), title: item.name, width: item.width, height: item.height, fileSize: item.fileSize }]);
          }} />
        </Suspense>
      ) : null}
    </Section>
  );
}
