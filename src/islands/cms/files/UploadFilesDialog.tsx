import { useRef, useState } from 'react';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { ProgressBar } from 'primereact/progressbar';
import { useT } from '../../../lib/i18n/react.ts';
import { useAnnouncedProgress } from '../../../components/widgets/use-announced-progress.ts';
import files from '../../../lib/i18n/ns/files.ts';
import { FILE_UPLOAD_MAX_MB, TEMPLATE_SUFFIX, UPLOAD_SUFFIXES } from '../../../../shared/cms/site-files.ts';
import { formatBytes } from '../../../lib/sizes.ts';
import { FormDialog } from '../../../components/form/FormDialog.tsx';
import { uploadInto } from './files-api.ts';

interface Props {
  dir: string;
  onDone(count: number): void;
  onHide(): void;
}

/**
 * Uploads files into a folder, one after another with a progress bar. The server decides by
 * content and name (content.ts); its refusal of a file is listed under it and the others go on.
 */
export function UploadFilesDialog({ dir, onDone, onHide }: Props) {
  const t = useT(files);
  const [chosen, setChosen] = useState<File[]>([]);
  const [overwrite, setOverwrite] = useState(false);
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null);
  // Screen readers hear each file's upload at each quarter (the notice after them says the end).
  useAnnouncedProgress(progress && { percent: progress.percent, finished: false }, (news) => t('upload.progress', { name: progress?.name ?? '', percent: news.kind === 'step' ? news.percent : 100 }));
  const [errors, setErrors] = useState<string[]>([]);
  const picker = useRef<HTMLInputElement>(null);
  const inTemplates = /^[^/]+\/template(\/|$)/.test(dir);
  const accept = inTemplates ? TEMPLATE_SUFFIX : UPLOAD_SUFFIXES.map((s) => `.${s}`).join(',');

  async function submit() {
    if (!chosen.length) return setErrors([t('upload.noFile')]);
    const failed: string[] = [];
    let count = 0;
    for (const file of chosen) {
      setProgress({ name: file.name, percent: 0 });
      const out = await uploadInto(dir, file, overwrite, (percent) => setProgress({ name: file.name, percent }), t('upload.failed'));
      if (out.ok) count++;
      else failed.push(`${file.name}: ${out.message}`);
    }
    setProgress(null);
    setErrors(failed);
    if (count) onDone(count);
    if (!failed.length) onHide();
    else setChosen(chosen.filter((f) => failed.some((e) => e.startsWith(`${f.name}: `))));
  }

  return (
    <FormDialog formId="file-upload" header={t('upload.title')} width="34rem" testId="file-upload-dialog" saving={progress !== null} submitLabel={t('actions.upload')} submitIcon="pi pi-upload" dirty={chosen.length > 0} onSubmit={() => void submit()} onHide={onHide}>
      <p className="file-upload-where">{t('form.in', { path: dir })}</p>
      <input ref={picker} type="file" multiple hidden accept={accept} data-testid="file-upload-input"
        onChange={(e) => { setChosen([...(e.target.files ?? [])]); setErrors([]); e.target.value = ''; }} />
      <div className="file-upload-choose">
        <Button type="button" size="small" outlined icon="pi pi-folder-open" label={t('upload.choose')} disabled={progress !== null} onClick={() => picker.current?.click()} />
        {chosen.length ? <span>{t('upload.chosen', { count: chosen.length })}</span> : null}
      </div>
      {chosen.length ? (
        <ul className="file-upload-list">
          {chosen.map((f) => <li key={f.name}>{f.name} · {formatBytes(f.size)}</li>)}
        </ul>
      ) : null}
      <small className="file-upload-accepts">{t('upload.accepts', { types: inTemplates ? TEMPLATE_SUFFIX : UPLOAD_SUFFIXES.join(', '), size: FILE_UPLOAD_MAX_MB })}</small>
      <div className="file-upload-overwrite">
        <Checkbox inputId="file-upload-overwrite" checked={overwrite} onChange={(e) => setOverwrite(!!e.checked)} />
        <label htmlFor="file-upload-overwrite">{t('upload.overwrite')}</label>
      </div>
      {progress ? <ProgressBar value={progress.percent} displayValueTemplate={() => t('upload.progress', { name: progress.name, percent: progress.percent })} /> : null}
      {errors.length ? <ul className="file-upload-errors" role="alert">{errors.map((e) => <li key={e}>{e}</li>)}</ul> : null}
    </FormDialog>
  );
}
