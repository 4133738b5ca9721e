import './widgets.css';
import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { PlusIcon } from 'primereact/icons/plus';
import { EyeIcon } from 'primereact/icons/eye';
import { TrashIcon } from 'primereact/icons/trash';
import { useT } from '../../lib/i18n/react.ts';
import widgets from '../../lib/i18n/ns/widgets.ts';
import { IMAGE_LIMITS, joinFiles, type UploadLimits } from './upload-rules.ts';
import { useUploadList } from './upload-state.ts';
import { FilePicker } from './FilePicker.tsx';
import { fileUrl } from './ImagePreview.tsx';
import { useFieldAria } from '../form/field-aria.ts';
import { labelIdOf } from '../../lib/forms/field-aria.ts';

// The library picker loads only when a CMS form opens it: the avatar and notice pages never fetch it.
const ResourcePicker = lazy(() => import('../cms/ResourcePicker.tsx').then((m) => ({ default: m.ResourcePicker })));

interface Props {
  value: string | null | undefined;
  onChange(value: string): void;
  limits?: UploadLimits;
  showTip?: boolean;
  /**
   * CMS forms: images come from the current site's resource library (chosen, or uploaded there
   * through the picker) and the value holds their addresses; otherwise /common/upload.
   */
  library?: boolean;
  /** with `library`: that site's library rather than the current one's (a site's own logo) */
  siteId?: number;
  /** the id its form row's label names: the thumbnails and buttons are a group named by that label, described by its error */
  id?: string;
}

/** Image upload (spec §2, §5): png/jpg/jpeg, 5 MB, at most 5, thumbnails with a preview dialog. */
export function ImageUpload({ value, onChange, limits = IMAGE_LIMITS, showTip = true, library = false, siteId, id }: Props) {
  const t = useT(widgets);
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  const { files, loading, add, remove } = useUploadList(value, onChange, limits, 'upload.imageFailed');
  // A group takes no aria-required: the label's asterisk says it.
  const { 'aria-required': _required, ...aria } = useFieldAria(id);
  return (
    <div className="image-upload" {...(id ? { id, role: 'group', 'aria-labelledby': labelIdOf(id), ...aria } : {})}>
      <FilePicker ref={input} limits={limits} onFiles={(files) => void add(files)} />
      <div className="image-upload-list">
        {files.map((f) => (
          <div key={f} className="image-upload-item">
            <img src={fileUrl(f)} alt="" />
            <div className="image-upload-mask">
              <Button type="button" text rounded icon={<EyeIcon />} aria-label={t('upload.preview')} onClick={() => setPreview(f)} />
              <Button type="button" text rounded icon={<TrashIcon />} aria-label={t('upload.remove')} onClick={() => remove(f)} />
            </div>
          </div>
        ))}
        {files.length < limits.maxFiles ? (
          <button type="button" className="image-upload-add" aria-label={t('upload.selectImage')} disabled={loading} onClick={() => (library ? setPicking(true) : input.current?.click())}>
            {loading ? <span className="image-upload-loading">{t('upload.loading')}</span> : <PlusIcon />}
          </button>
        ) : null}
      </div>
      {picking ? (
        <Suspense fallback={null}>
          <ResourcePicker type="image" siteId={siteId} onHide={() => setPicking(false)} onPick={(item) => { setPicking(false); onChange(joinFiles([...files, item.src])); }} />
        </Suspense>
      ) : null}
      {showTip && !library ? <div className="file-upload-tip">{t('upload.tip', { size: limits.maxMb, types: limits.types.join('/') })}</div> : null}
      <Dialog header={t('upload.preview')} visible={preview !== null} onHide={() => setPreview(null)} style={{ width: 'min(800px, 95vw)' }} dismissableMask>
        {preview ? <img src={fileUrl(preview)} alt="" style={{ display: 'block', maxWidth: '100%', margin: '0 auto' }} /> : null}
      </Dialog>
    </div>
  );
}
