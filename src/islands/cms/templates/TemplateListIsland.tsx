import '../../../stores/request-context.ts'; // first: the request core's language, site and notices (see the file)
import { useCallback, useEffect, useState } from 'react';
import { PrimeReactProvider } from '../../../components/widgets/prime-provider.ts';
import { useSelectionNames } from '../../../components/widgets/selection-names.ts';
import { DataTable } from 'primereact/datatable';
import { Column } from 'primereact/column';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useT } from '../../../lib/i18n/react.ts';
import templates from '../../../lib/i18n/ns/templates.ts';
import { allows, usePermissions } from '../../../stores/permission-gate.ts';
import { go } from '../../../lib/routes/navigation.ts';
import { message } from '../../../stores/notify.ts';
import { askToConfirm } from '../../../components/form/confirm.ts';
import { fetchPipes, type PipeOption } from '../editor/editor-api.ts';
import { useViewGuard } from '../use-view-guard.ts';
import { TemplateNameDialog } from './TemplateNameDialog.tsx';
import { addTemplate, deleteTemplates, listTemplates, renameTemplate, type TemplateRow } from './templates-api.ts';
import { TEMPLATE_PERMS, workbenchLink } from './routes.ts';
import '../../resource/resource.css';
import '../files/files.css';
import './templates.css';

/** The pipe a link names (`?pipe=`), e.g. when coming back from the workbench. */
const pipeOfUrl = () => new URLSearchParams(location.search).get('pipe') ?? '';

/**
 * /configs/template (spec §2 Templates, menu cms/contentcore/template): the current site's templates
 * of one publish pipe — filter by name, add, rename, delete (the server refuses a template in use
 * and names who uses it), open in the workbench. Buttons follow the template keys; the server
 * also wants Edit on the site and says so when it refuses.
 */
export default function TemplateListIsland() {
  const t = useT(templates);
  const selectAll = useSelectionNames();
  const perms = usePermissions();
  const can = (key: string) => allows(perms, key);
  useViewGuard(TEMPLATE_PERMS.view);
  const [pipes, setPipes] = useState<PipeOption[] | null>(null);
  const [pipe, setPipe] = useState('');
  const [filter, setFilter] = useState('');
  const [rows, setRows] = useState<TemplateRow[]>([]);
  const [loading, setLoading] = useState(false);
  const [selection, setSelection] = useState<TemplateRow[]>([]);
  const [naming, setNaming] = useState<{ row?: TemplateRow } | null>(null);

  useEffect(() => {
    void fetchPipes().then((list) => {
      setPipes(list);
      const wanted = pipeOfUrl();
      setPipe(list.some((p) => p.pipeCode === wanted) ? wanted : list[0]?.pipeCode ?? '');
    }).catch(() => setPipes([]));
  }, []);

  const load = useCallback(async (code: string, name: string) => {
    if (!code) return;
    setLoading(true);
    setSelection([]);
    try {
      setRows(await listTemplates(code, name));
    } catch {
      setRows([]);
    } finally {
      setLoading(false);
    }
  }, []);
  useEffect(() => void load(pipe, ''), [pipe, load]);

  const open = (row: TemplateRow) => void go(workbenchLink(row.publishPipeCode, row.path));

  async function submitName(path: string): Promise<boolean> {
    try {
      if (naming?.row) await renameTemplate(pipe, naming.row.path, path);
      else await addTemplate(pipe, path);
    } catch {
      return false; // the request layer showed the server's message
    }
    message.success(naming?.row ? t('renamed') : t('added'));
    await load(pipe, filter);
    return true;
  }

  async function remove(targets: TemplateRow[]) {
    if (!targets.length) return;
    const question = targets.length > 1 ? t('confirm.deleteMany', { count: targets.length }) : t('confirm.deleteOne', { name: targets[0]!.path });
    if (!(await askToConfirm(question))) return;
    try {
      await deleteTemplates(pipe, targets.map((r) => r.path));
    } catch {
      return; // e.g. "in use by …": shown by the request layer
    }
    message.success(t('deleted'));
    await load(pipe, filter);
  }

  const pathCell = (row: TemplateRow) => (
    <button type="button" className="template-path-link" onClick={() => open(row)} data-testid={`template-open-${row.path}`}>{row.path}</button>
  );
  const actionsCell = (row: TemplateRow) => (
    <div className="template-row-actions">
      <Button type="button" size="small" text icon="pi pi-code" label={t('actions.open')} onClick={() => open(row)} />
      {can(TEMPLATE_PERMS.edit) ? <Button type="button" size="small" text icon="pi pi-file-edit" label={t('actions.rename')} onClick={() => setNaming({ row })} data-testid={`template-rename-${row.path}`} /> : null}
      {can(TEMPLATE_PERMS.remove) ? <Button type="button" size="small" text severity="danger" icon="pi pi-trash" label={t('actions.delete')} onClick={() => void remove([row])} data-testid={`template-delete-${row.path}`} /> : null}
    </div>
  );

  return (
    <PrimeReactProvider>
      <section className="template-list" data-testid="template-list">
        <form className="template-list-bar" onSubmit={(e) => { e.preventDefault(); void load(pipe, filter); }}>
          <label htmlFor="template-pipe">{t('pipe')}</label>
          <Dropdown inputId="template-pipe" value={pipe} options={pipes ?? []} optionLabel="pipeName" optionValue="pipeCode" onChange={(e) => setPipe(e.value as string)} emptyMessage={t('noPipes')} data-testid="template-pipe" />
          <InputText value={filter} placeholder={t('filter')} aria-label={t('filter')} onChange={(e) => setFilter(e.target.value)} data-testid="template-filter" />
          <Button type="submit" size="small" icon="pi pi-search" label={t('actions.search')} />
          <Button type="button" size="small" outlined icon="pi pi-refresh" label={t('actions.reset')} onClick={() => { setFilter(''); void load(pipe, ''); }} />
        </form>
        <div className="file-toolbar" role="toolbar">
          {can(TEMPLATE_PERMS.add) ? <Button type="button" size="small" icon="pi pi-plus" label={t('actions.add')} disabled={!pipe} onClick={() => setNaming({})} data-testid="template-add" /> : null}
          {can(TEMPLATE_PERMS.remove) ? <Button type="button" size="small" severity="danger" outlined icon="pi pi-trash" label={t('actions.delete')} disabled={!selection.length} onClick={() => void remove(selection)} /> : null}
        </div>
        {pipes && !pipes.length ? <p className="file-editor-note" role="alert">{t('noPipes')}</p> : null}
        <DataTable
          value={rows}
          dataKey="path"
          selectionAriaLabel="path"
          size="small"
          loading={loading}
          selectionMode="checkbox"
          selection={selection}
          onSelectionChange={(e) => setSelection(e.value as TemplateRow[])}
          onRowDoubleClick={(e) => open(e.data as TemplateRow)}
          emptyMessage={t('empty')}
          data-testid="template-table"
        >
          {can(TEMPLATE_PERMS.remove) ? <Column selectionMode="multiple" headerStyle={{ width: '2.5rem' }} pt={selectAll} /> : null}
          <Column header={t('columns.path')} body={pathCell} />
          <Column header={t('columns.size')} field="fileSizeName" style={{ width: '7rem' }} />
          <Column header={t('columns.modifyTime')} field="modifyTime" style={{ width: '11rem' }} />
          <Column header={t('columns.actions')} body={actionsCell} style={{ width: '22rem' }} />
        </DataTable>
        {naming ? <TemplateNameDialog current={naming.row?.path} onSubmit={submitName} onHide={() => setNaming(null)} /> : null}
      </section>
    </PrimeReactProvider>
  );
}
