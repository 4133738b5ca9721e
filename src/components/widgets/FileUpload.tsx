import './widgets.css';
import { useRef } from 'react';
import { Button } from 'primereact/button';
import { UploadIcon } from 'primereact/icons/upload';
import { TimesIcon } from 'primereact/icons/times';
import { useT } from '../../lib/i18n/react.ts';
import widgets from '../../lib/i18n/ns/widgets.ts';
import { FILE_LIMITS, type UploadLimits } from './upload-rules.ts';
import { useUploadList } from './upload-state.ts';
import { FilePicker } from './FilePicker.tsx';
import { fileUrl } from './ImagePreview.tsx';

interface Props {
  value: string | null | undefined;
  onChange(value: string): void;
  limits?: UploadLimits;
  /** show the "size / types" hint (default on) */
  showTip?: boolean;
}

/** File upload (spec §2, §5): doc/xls/ppt/txt/pdf under 5 MB, at most 5; the value is the comma-joined names. */
export function FileUpload({ value, onChange, limits = FILE_LIMITS, showTip = true }: Props) {
  const t = useT(widgets);
  const input = useRef<HTMLInputElement>(null);
  const { files, loading, add, remove } = useUploadList(value, onChange, limits, 'upload.failed');
  return (
    <div className="file-upload">
      <FilePicker ref={input} limits={limits} onFiles={(files) => void add(files)} />
      <Button type="button" size="small" icon={<UploadIcon />} label={t('upload.selectFile')} loading={loading} onClick={() => input.current?.click()} />
      {showTip ? <div className="file-upload-tip">{t('upload.tip', { size: limits.maxMb, types: limits.types.join('/') })}</div> : null}
      {loading ? <div className="file-upload-tip">{t('upload.loading')}</div> : null}
      <ul className="file-upload-list">
        {files.map((f) => (
          <li key={f}>
            <a href={fileUrl(f)} target="_blank" rel="noreferrer">{f.split('/').pop()}</a>
            <Button type="button" text rounded size="small" severity="danger" icon={<TimesIcon />} aria-label={t('upload.remove')} onClick={() => remove(f)} />
          </li>
        ))}
      </ul>
    </div>
  );
}
