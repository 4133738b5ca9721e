import { lazy, Suspense, useState } from 'react';
import { Button } from 'primereact/button';
import { translate } from '../../../lib/i18n/i18n.ts';
import { useLocale } from '../../../lib/i18n/react.ts';
import '../../../lib/i18n/ns/codeGen.ts';
import { go } from '../../../lib/routes/navigation.ts';
import { message } from '../../../stores/notify.ts';
import { askToConfirm } from '../../../components/form/confirm.ts';
import { HasPermi } from '../../../components/widgets/Gates.tsx';
import { GEN_PERMS, genEditPath } from '../../../../shared/tool/gen-keys.ts';
import type { Row } from '../../../lib/resources/client.ts';
import type { ResourceExtensions, ScreenApi } from '../../resource/types.ts';
import { ImportDialog } from './ImportDialog.tsx';
import { downloadZip, syncTable, writeCode } from './gen-api.ts';
import './gen.css';

// The preview (and with it the code editor, then Monaco) loads only when a preview is opened. The
// screen is a page of its own, not in the resource registry: a registry entry would make Monaco
// reachable from every page the client router serves (tests/budget.test.ts).
const PreviewDialog = lazy(() => import('./PreviewDialog.tsx'));
const tx = (key: string, params?: Record<string, unknown>) => translate(`codeGen:${key}`, params);

function ImportButton({ api }: { api: ScreenApi }) {
  useLocale();
  const [open, setOpen] = useState(false);
  return (
    <HasPermi anyOf={[GEN_PERMS.import]}>
      <Button size="small" outlined severity="info" icon="pi pi-upload" label={tx('import')} aria-haspopup="dialog" onClick={() => setOpen(true)} data-testid="gen-import-open" />
      {open ? <ImportDialog onClose={() => setOpen(false)} onImported={api.reload} /> : null}
    </HasPermi>
  );
}

function PreviewButton({ row }: { row: Row }) {
  useLocale();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button text size="small" icon="pi pi-eye" label={tx('preview')} aria-haspopup="dialog" onClick={() => setOpen(true)} data-testid={`gen-preview-${String(row.tableName)}`} />
      {open ? (
        <Suspense fallback={null}>
          <PreviewDialog tableId={Number(row.tableId)} tableName={String(row.tableName)} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

async function sync(row: Row, api: ScreenApi) {
  const name = String(row.tableName);
  if (!(await askToConfirm(tx('syncConfirm', { table: name }), 'info'))) return;
  const r = await syncTable(name).catch(() => undefined);
  if (!r) return;
  const list = (names: string[]) => (names.length ? names.join(', ') : tx('none'));
  message.success(tx('synced', { added: list(r.added), removed: list(r.removed) }));
  api.reload();
}

async function write(row: Row) {
  const name = String(row.tableName);
  if (!(await askToConfirm(tx('writeConfirm', { table: name }), 'info'))) return;
  const files = await writeCode(name).catch(() => undefined);
  if (files) message.success(tx('written', { files: files.join(', ') }));
}

/**
 * Code Generation: Import from the database's catalog; per table Edit (its settings page),
 * Preview, Download (a zip), Write (a server in development mode only: the server says so
 * otherwise) and Sync; the generic Delete removes a table from the generator, not the database.
 */
export const genTableExtensions: ResourceExtensions = {
  toolbar: (api) => <ImportButton api={api} />,
  edit: (row) => void go(genEditPath(String(row.tableId))),
  rowActions: (row, api) => (
    <>
      <HasPermi anyOf={[GEN_PERMS.preview]}>
        <PreviewButton row={row} />
      </HasPermi>
      <HasPermi anyOf={[GEN_PERMS.code]}>
        <Button text size="small" icon="pi pi-download" label={tx('download')} onClick={() => void downloadZip(String(row.tableName))} />
        <Button text size="small" icon="pi pi-file-export" label={tx('write')} onClick={() => void write(row)} />
      </HasPermi>
      <HasPermi anyOf={[GEN_PERMS.edit]}>
        <Button text size="small" icon="pi pi-refresh" label={tx('sync')} onClick={() => void sync(row, api)} />
      </HasPermi>
    </>
  ),
};
