import './user-import.css';
import { useRef, useState } from 'react';
import { Button } from 'primereact/button';
import { DataTable } from 'primereact/datatable';
import { Column } from 'primereact/column';
import { UploadIcon } from 'primereact/icons/upload';
import { DownloadIcon } from 'primereact/icons/download';
import { http } from '../../../lib/request.ts';
import { download } from '../../../lib/download.ts';
import { translate } from '../../../lib/i18n/i18n.ts';
import { useLocale } from '../../../lib/i18n/react.ts';
import { message } from '../../../stores/notify.ts';
import { HasPermi } from '../../../components/widgets/Gates.tsx';
import { FilePicker } from '../../../components/widgets/FilePicker.tsx';
import { checkFile, type UploadLimits } from '../../../components/widgets/upload-rules.ts';
import { FormDialog } from '../../../components/form/FormDialog.tsx';

/** The server's reply: all rows imported, or none and every bad row (all or nothing). */
export interface ImportReply {
  imported: number;
  errors: { row: number; message: string }[];
}

/** The server takes one .xlsx of at most 5 MB (server/modules/system/user-import.ts). */
const IMPORT_LIMITS: UploadLimits = { types: ['xlsx'], maxMb: 5, maxFiles: 1 };
const tr = (key: string, params?: Record<string, unknown>) => translate(`system:user.import.${key}`, params);

function ImportDialog({ onHide, onImported }: { onHide(): void; onImported(): void }) {
  useLocale();
  const picker = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [sending, setSending] = useState(false);
  const [rejected, setRejected] = useState<ImportReply['errors'] | null>(null);

  const pick = (files: FileList) => {
    const chosen = files[0];
    if (!chosen) return;
    const refusal = checkFile(chosen, 0, IMPORT_LIMITS);
    if (refusal) return void message.error(translate(`widgets:upload.${refusal.key}`, refusal.params));
    setFile(chosen);
    setRejected(null);
  };

  const upload = async () => {
    if (!file) return;
    const form = new FormData();
    form.append('file', file, file.name);
    setSending(true);
    try {
      const reply = (await http.post<ImportReply>('/system/user/importData', form)).data;
      if (reply?.errors.length) return setRejected(reply.errors);
      message.success(tr('done', { count: reply?.imported ?? 0 }));
      onImported();
      onHide();
    } catch {
      // the request layer has shown why (not an .xlsx, too large, empty)
    } finally {
      setSending(false);
    }
  };

  return (
    <FormDialog
      formId="user-import-form"
      header={tr('title')}
      width="560px"
      className="user-import-dialog"
      saving={sending}
      submitLabel={tr('upload')}
      submitIcon={<UploadIcon />}
      submitDisabled={!file}
      dirty={!!file}
      onSubmit={() => void upload()}
      onHide={onHide}
    >
      <div className="user-import">
        <p className="user-import-intro">{tr('intro')}</p>
        <div className="user-import-step">
          <Button
            type="button"
            size="small"
            outlined
            icon={<DownloadIcon />}
            label={tr('template')}
            onClick={() => void download('/system/user/importTemplate', { filename: 'user_template.xlsx' })}
          />
        </div>
        <div className="user-import-step">
          <FilePicker ref={picker} limits={IMPORT_LIMITS} onFiles={pick} />
          <Button type="button" size="small" outlined severity="secondary" label={tr('choose')} onClick={() => picker.current?.click()} />
          <span className="user-import-file" data-testid="user-import-file">{file ? file.name : tr('noFile')}</span>
        </div>
        {rejected ? (
          <div className="user-import-errors" data-testid="user-import-errors">
            <p className="p-error">{tr('rejected', { count: rejected.length })}</p>
            <DataTable value={rejected} size="small" dataKey="row" scrollable scrollHeight="240px" pt={{ table: { 'aria-label': tr('rejected', { count: rejected.length }) } }}>
              <Column field="row" header={tr('row')} style={{ width: '5rem' }} />
              <Column field="message" header={tr('error')} />
            </DataTable>
          </div>
        ) : null}
      </div>
    </FormDialog>
  );
}

/** The users toolbar's import: template download, one .xlsx up, its bad rows or the count back. */
export function UserImportButton({ onImported }: { onImported(): void }) {
  const [open, setOpen] = useState(false);
  return (
    <HasPermi anyOf={['system:user:import']}>
      <Button size="small" outlined severity="info" icon={<UploadIcon />} label={tr('button')} onClick={() => setOpen(true)} />
      {open ? <ImportDialog onHide={() => setOpen(false)} onImported={onImported} /> : null}
    </HasPermi>
  );
}
