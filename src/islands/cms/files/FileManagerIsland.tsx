import '../../../stores/request-context.ts'; // first: the request core's language, site and notices (see the file)
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { PrimeReactProvider } from '../../../components/widgets/prime-provider.ts';
import { useSelectionNames } from '../../../components/widgets/selection-names.ts';
import { Tree, type TreeExpandedKeysType } from 'primereact/tree';
import type { TreeNode } from 'primereact/treenode';
import { DataTable } from 'primereact/datatable';
import { Column } from 'primereact/column';
import { Button } from 'primereact/button';
import { ProgressBar } from 'primereact/progressbar';
import { useT } from '../../../lib/i18n/react.ts';
import files from '../../../lib/i18n/ns/files.ts';
import '../../../lib/i18n/ns/common.ts';
import { allows, usePermissions } from '../../../stores/permission-gate.ts';
import { FILE_PERMS, THEME_LIMITS, parentOf, TEMPLATE_FOLDER } from '../../../../shared/cms/site-files.ts';
import { FORBIDDEN_PATH } from '../../../../shared/constants.ts';
import { go } from '../../../lib/routes/navigation.ts';
import { $permissions, loadUserInfo } from '../../../stores/session.ts';
import { message } from '../../../stores/notify.ts';
import { askToConfirm } from '../../../components/form/confirm.ts';
import { formatBytes } from '../../../lib/sizes.ts';
import { NameDialog, type NameKind } from './NameDialog.tsx';
import { UploadFilesDialog } from './UploadFilesDialog.tsx';
import { addEntry, deleteEntries, exportTheme, fetchFolder, fetchTree, importTheme, renameEntry, type FileRow, type FolderNode } from './files-api.ts';
import '../../resource/resource.css';
import './files.css';

export const EDITOR_ROUTE = '/cms/file/editor';

/** The folder a link names (`?dir=`), e.g. when coming back from the editor. */
const dirOfUrl = () => new URLSearchParams(location.search).get('dir') ?? '';

function toTreeNodes(nodes: FolderNode[], pipeLabel: (name: string) => string): TreeNode[] {
  return nodes.map((n) => ({
    key: n.id,
    label: n.parentId === '' ? pipeLabel(n.label) : n.label,
    icon: n.parentId === '' ? 'pi pi-sitemap' : n.label === TEMPLATE_FOLDER && !n.parentId.includes('/') ? 'pi pi-code' : 'pi pi-folder',
    children: toTreeNodes(n.children, pipeLabel),
    data: n,
  }));
}

/** Every folder above `path`, to open the tree down to it. */
const ancestorsOf = (path: string) => path.split('/').map((_, i, parts) => parts.slice(0, i + 1).join('/'));

/**
 * /configs/file (spec §2 files, menu cms/contentcore/file): the current site's files, pipe by pipe
 * — the folder tree on the left, the chosen folder's entries on the right with the toolbar (new
 * folder, new file, upload, rename, delete, theme export and import). Text files open in the code
 * editor at /cms/file/editor. Buttons follow the file menu's keys; the server decides the rest
 * (Site Edit, the template keys in template folders) and says why when it refuses.
 */
export default function FileManagerIsland() {
  const t = useT(files);
  const selectAll = useSelectionNames();
  const perms = usePermissions();
  const can = (key: string) => allows(perms, key);
  const [tree, setTree] = useState<FolderNode[]>([]);
  const [expanded, setExpanded] = useState<TreeExpandedKeysType>({});
  const [dir, setDir] = useState('');
  const [rows, setRows] = useState<FileRow[]>([]);
  const [loading, setLoading] = useState(false);
  const [selection, setSelection] = useState<FileRow[]>([]);
  const [naming, setNaming] = useState<{ kind: NameKind; row?: FileRow } | null>(null);
  const [uploading, setUploading] = useState(false);
  const [importing, setImporting] = useState<number | null>(null);
  const themePicker = useRef<HTMLInputElement>(null);

  useEffect(() => {
    void loadUserInfo()
      .then(() => {
        if (!allows($permissions.get(), FILE_PERMS.view)) location.replace(FORBIDDEN_PATH);
      })
      .catch(() => undefined);
  }, []);

  const openFolder = useCallback(async (path: string) => {
    setDir(path);
    setSelection([]);
    setLoading(true);
    try {
      setRows(await fetchFolder(path));
    } catch {
      setRows([]);
    } finally {
      setLoading(false);
    }
    setExpanded((e) => ({ ...e, ...Object.fromEntries(ancestorsOf(path).slice(0, -1).map((k) => [k, true])) }));
  }, []);

  const loadTree = useCallback(async () => {
    const next = await fetchTree().catch(() => []);
    setTree(next);
    return next;
  }, []);

  useEffect(() => {
    void loadTree().then((next) => {
      const wanted = dirOfUrl();
      const first = next[0]?.id;
      if (wanted || first) void openFolder(wanted || first!);
    });
  }, [loadTree, openFolder]);

  const refresh = async () => {
    await loadTree();
    if (dir) await openFolder(dir);
  };

  const nodes = useMemo(() => toTreeNodes(tree, (name) => t('pipe', { name })), [tree, t]);
  const inPipe = dir !== '';
  const editFile = (row: FileRow) => void go(`${EDITOR_ROUTE}?path=${encodeURIComponent(row.filePath)}`);
  const open = (row: FileRow) => (row.isDirectory ? void openFolder(row.filePath) : row.canEdit ? editFile(row) : undefined);

  async function submitName(name: string): Promise<boolean> {
    if (!naming) return false;
    try {
      if (naming.kind === 'rename') await renameEntry(naming.row!.filePath, name);
      else await addEntry(dir, name, naming.kind === 'folder');
    } catch {
      return false; // the request layer showed the server's message
    }
    await refresh();
    return true;
  }

  async function remove(targets: FileRow[]) {
    if (!targets.length) return;
    const [only] = targets;
    const question = targets.length > 1
      ? t('confirm.deleteMany', { count: targets.length })
      : only!.isDirectory ? t('confirm.deleteFolder', { name: only!.fileName }) : t('confirm.deleteOne', { name: only!.fileName });
    if (!(await askToConfirm(question))) return;
    try {
      await deleteEntries(targets.map((r) => r.filePath));
    } catch {
      return;
    }
    await refresh();
  }

  async function importChosen(file: File | undefined) {
    if (!file) return;
    if (!(await askToConfirm(t('theme.importConfirm', { name: file.name })))) return;
    setImporting(0);
    const out = await importTheme(file, setImporting, t('upload.failed'));
    setImporting(null);
    if (!out.ok) return message.error(out.message);
    message.success(t('theme.imported', { files: out.data.files, pipes: out.data.pipes.join(', ') }));
    await refresh();
  }

  const nameCell = (row: FileRow) => (
    <button type="button" className="file-name-link" onClick={() => open(row)} disabled={!row.isDirectory && !row.canEdit} data-testid={`file-open-${row.fileName}`}>
      <i className={row.isDirectory ? (row.fileName === TEMPLATE_FOLDER && !dir.includes('/') ? 'pi pi-code' : 'pi pi-folder') : row.canEdit ? 'pi pi-file-edit' : 'pi pi-file'} aria-hidden="true" />
      <span>{row.fileName}</span>
    </button>
  );
  const isPipeFolder = (row: FileRow) => !row.filePath.includes('/') || (row.fileName === TEMPLATE_FOLDER && !parentOf(row.filePath).includes('/'));
  const actionsCell = (row: FileRow) => (
    <div className="file-row-actions">
      {row.canEdit ? <Button type="button" size="small" text icon="pi pi-pencil" label={t('actions.edit')} onClick={() => editFile(row)} /> : null}
      {can(FILE_PERMS.edit) && !isPipeFolder(row) ? <Button type="button" size="small" text icon="pi pi-file-edit" label={t('actions.rename')} onClick={() => setNaming({ kind: 'rename', row })} data-testid={`file-rename-${row.fileName}`} /> : null}
      {can(FILE_PERMS.remove) && !isPipeFolder(row) ? <Button type="button" size="small" text severity="danger" icon="pi pi-trash" label={t('actions.delete')} onClick={() => void remove([row])} data-testid={`file-delete-${row.fileName}`} /> : null}
    </div>
  );
  const crumbs = dir ? dir.split('/') : [];

  return (
    <PrimeReactProvider>
      <section className="file-manager" data-testid="file-manager">
        <aside className="file-tree" aria-label={t('folders')}>
          <Tree
            value={nodes}
            selectionMode="single"
            selectionKeys={dir || null}
            expandedKeys={expanded}
            onToggle={(e) => setExpanded(e.value)}
            onSelectionChange={(e) => typeof e.value === 'string' && void openFolder(e.value)}
            className="file-tree-inner"
            data-testid="file-tree"
          />
        </aside>
        <div className="file-main">
          <div className="file-toolbar" role="toolbar">
            <Button type="button" size="small" outlined icon="pi pi-arrow-up" label={t('actions.up')} disabled={!dir.includes('/')} onClick={() => void openFolder(parentOf(dir))} />
            {can(FILE_PERMS.add) ? (
              <>
                <Button type="button" size="small" icon="pi pi-folder-plus" label={t('actions.newFolder')} disabled={!inPipe} onClick={() => setNaming({ kind: 'folder' })} data-testid="file-new-folder" />
                <Button type="button" size="small" icon="pi pi-file-plus" label={t('actions.newFile')} disabled={!inPipe} onClick={() => setNaming({ kind: 'file' })} data-testid="file-new-file" />
                <Button type="button" size="small" icon="pi pi-upload" label={t('actions.upload')} disabled={!inPipe} onClick={() => setUploading(true)} data-testid="file-upload" />
              </>
            ) : null}
            {can(FILE_PERMS.remove) ? <Button type="button" size="small" severity="danger" outlined icon="pi pi-trash" label={t('actions.delete')} disabled={!selection.length} onClick={() => void remove(selection)} /> : null}
            <Button type="button" size="small" text icon="pi pi-refresh" aria-label={t('actions.refresh')} title={t('actions.refresh')} onClick={() => void refresh()} />
            {can(FILE_PERMS.theme) ? (
              <span className="file-toolbar-theme">
                <Button type="button" size="small" outlined icon="pi pi-download" label={t('actions.exportTheme')} onClick={() => void exportTheme()} data-testid="theme-export" />
                <Button type="button" size="small" outlined icon="pi pi-file-import" label={t('actions.importTheme')} title={t('theme.importHint', { size: THEME_LIMITS.archiveMb })} onClick={() => themePicker.current?.click()} data-testid="theme-import" />
                <input ref={themePicker} type="file" hidden accept=".zip" data-testid="theme-import-input" onChange={(e) => { void importChosen(e.target.files?.[0]); e.target.value = ''; }} />
              </span>
            ) : null}
          </div>
          <nav className="file-crumbs" aria-label={t('folders')} data-testid="file-crumbs">
            {crumbs.map((name, i) => {
              const path = crumbs.slice(0, i + 1).join('/');
              return (
                <span key={path}>
                  {i > 0 ? <i className="pi pi-angle-right" aria-hidden="true" /> : null}
                  <button type="button" className="file-crumb" onClick={() => void openFolder(path)} disabled={path === dir}>{name}</button>
                </span>
              );
            })}
          </nav>
          {importing !== null ? <ProgressBar value={importing} className="file-import-progress" /> : null}
          <DataTable
            pt={{ table: { 'aria-label': t('title') } }}
            value={rows}
            dataKey="filePath"
            selectionAriaLabel="fileName"
            size="small"
            loading={loading}
            selectionMode="checkbox"
            selection={selection}
            onSelectionChange={(e) => setSelection(e.value as FileRow[])}
            isDataSelectable={(e) => !isPipeFolder(e.data as FileRow)}
            onRowDoubleClick={(e) => open(e.data as FileRow)}
            emptyMessage={dir ? t('empty') : t('noSelection')}
            className="file-table"
            data-testid="file-table"
            scrollable
            scrollHeight="flex"
          >
            {can(FILE_PERMS.remove) ? <Column selectionMode="multiple" headerStyle={{ width: '2.5rem' }} pt={selectAll} /> : null}
            <Column header={t('columns.name')} body={nameCell} />
            <Column header={t('columns.size')} body={(row: FileRow) => (row.isDirectory ? '' : formatBytes(row.fileSize))} style={{ width: '7rem' }} />
            <Column header={t('columns.modifyTime')} field="modifyTime" style={{ width: '11rem' }} />
            <Column header={t('columns.actions')} body={actionsCell} style={{ width: '16rem' }} />
          </DataTable>
        </div>
        {naming ? (
          <NameDialog
            kind={naming.kind}
            dir={naming.kind === 'rename' ? parentOf(naming.row!.filePath) : dir}
            current={naming.row ? { name: naming.row.fileName, isDirectory: naming.row.isDirectory } : undefined}
            onSubmit={submitName}
            onHide={() => setNaming(null)}
          />
        ) : null}
        {uploading ? <UploadFilesDialog dir={dir} onDone={(count) => { message.success(t('upload.done', { count })); void refresh(); }} onHide={() => setUploading(false)} /> : null}
      </section>
    </PrimeReactProvider>
  );
}
