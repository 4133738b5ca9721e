import { lazy, Suspense, useMemo, useState } from 'react';
import { Button } from '../../components/widgets/light-prime.tsx';
import { SkeletonBar } from '../../components/widgets/SkeletonBar.tsx';
import { PlusIcon } from 'primereact/icons/plus';
import { PencilIcon } from 'primereact/icons/pencil';
import { TrashIcon } from 'primereact/icons/trash';
import { DownloadIcon } from 'primereact/icons/download';
import type { ResourceDef } from '../../../shared/resources/define.ts';
import { columnFields, errorsAfterChange, exportRows, type Filters, fetchOne, formChanged, formInitial, formLabels, idsOf, labelOf, removeRows, saveRow, type Row } from '../../lib/resources/client.ts';
import { RequestError } from '../../lib/request.ts';
import { fieldOfMessage } from '../../lib/forms/server-field.ts';
import { changeValue } from '../../../shared/resources/variants.ts';
import type { FieldErrors } from '../../lib/forms/validate.ts';
import { allows, usePermissions } from '../../stores/permission-gate.ts';
import { translate } from '../../lib/i18n/i18n.ts';
import { useLocale, useT } from '../../lib/i18n/react.ts';
import resource from '../../lib/i18n/ns/resource.ts';
import '../../lib/i18n/ns/fields.ts';
import { message } from '../../stores/notify.ts';
import { askToConfirm } from '../../components/form/confirm.ts';
import { TableToolbar } from '../../components/widgets/TableToolbar.tsx';
import { Pagination } from '../../components/widgets/Pagination.tsx';
import { DownloadOverlay } from '../../components/widgets/DownloadOverlay.tsx';
import { useResourceList } from './use-resource-list.ts';
import { useHydratedStore } from '../../lib/react/use-store.ts';
import { $dicts } from '../../stores/dicts.ts';
import { SearchForm } from './SearchForm.tsx';
import { ResourceTable } from './ResourceTable.tsx';
import type { ResourceExtensions, ScreenApi } from './types.ts';
import { columnDictsLoaded, HANDOVER_MAX_MS as FIRST_ROWS_MAX_MS, usePrepaintHandover } from './prepaint/handover.ts';
import { settlingAttribute, useSettled } from '../../lib/react/use-settled.ts';

// Only the tree screens (departments, menus) draw a tree table: the list pages do not download it.
const ResourceTreeTable = lazy(() => import('./ResourceTreeTable.tsx').then((m) => ({ default: m.ResourceTreeTable })));
// The add/edit dialog (its form rows, inputs and PrimeReact's Dialog) and the forms' validation
// (Zod, the definition's schemas) load when a form first opens: asked for as the opening starts,
// they arrive while an edit fetches its row.
const loadDialog = () => import('./ResourceDialog.tsx');
const ResourceDialog = lazy(() => loadDialog().then((m) => ({ default: m.ResourceDialog })));
const loadValidation = () => import('../../lib/resources/validate-form.ts');

interface Props {
  /** the definition, or a list's view of it (resourceView) when `loadDef` gives the whole one */
  def: ResourceDef;
  extensions?: ResourceExtensions;
  /** the whole definition (input schemas, variant shapes, checks), loaded when a form opens */
  loadDef?(): Promise<ResourceDef>;
  /** the build's pre-paint frame (prepaint/frame.tsx): drawn with these sample rows (its permissions: DrawnPermissions) */
  prebuilt?: { rows: Row[] };
}

/** What a form works with: the whole definition and its check. */
interface Form {
  def: ResourceDef;
  validate: (typeof import('../../lib/resources/validate-form.ts'))['validateForm'];
}

/** The open add/edit form; `initial` is what it opened with, to tell whether anything was changed. */
type Editing = { form: Form; mode: 'create' | 'update'; initial: Row; values: Row; errors: FieldErrors; saving: boolean } | null;

/**
 * The generic list screen of a resource: search form, toolbar, paged table, add/edit dialog,
 * delete with confirmation and export, all from the definition; buttons the user's permissions
 * do not cover are not rendered.
 */
export function ResourceScreen({ def, extensions = {}, loadDef, prebuilt }: Props) {
  const t = useT(resource);
  const lng = useLocale();
  const perms = usePermissions();
  const list = useResourceList(def, extensions.fixedFilters, !!extensions.tree, prebuilt?.rows);
  // The rows the page drew before its scripts arrived (prepaint/) give way to these once they match.
  usePrepaintHandover(def, list.rows, lng, !prebuilt);
  // The table and its pager are shown once their first answer can be drawn whole (its dictionaries'
  // labels too): drawn piece by piece, its columns would change width under the reader's eyes. (The
  // build's frame, `prebuilt`, is drawn whole by the painter.)
  const dicts = useHydratedStore($dicts);
  const firstDrawn = useSettled(!!prebuilt || (list.answered && columnDictsLoaded(def, dicts)), FIRST_ROWS_MAX_MS);
  const [showSearch, setShowSearch] = useState(true);
  const [hidden, setHidden] = useState<Set<string>>(() => new Set());
  const [editing, setEditing] = useState<Editing>(null);
  // Filters of the side panel, kept apart so the search form's reset leaves them alone.
  const [asideFilters, setAsideFilters] = useState<Filters>({});
  const can = {
    add: !!def.perms.add && allows(perms, def.perms.add),
    edit: !!def.perms.edit && allows(perms, def.perms.edit),
    remove: !!def.perms.remove && allows(perms, def.perms.remove),
    export: !!def.perms.export && allows(perms, def.perms.export),
  };
  const title = def.titleKey ? translate(def.titleKey, undefined, lng) : def.name;
  const api: ScreenApi = {
    def,
    selection: list.selection,
    reload: list.reload,
    create: (initial) => void startEditing('create', (form) => ({ ...formInitial(form, 'create'), ...initial })),
  };

  // Everything a form needs beyond the list, asked for at once (the dialog too: the form opens
  // only once its code is there, so the lazy dialog never renders without it).
  const loadForm = async (): Promise<Form> => {
    const [whole, validation] = await Promise.all([loadDef ? loadDef() : def, loadValidation(), loadDialog()]);
    return { def: whole, validate: validation.validateForm };
  };
  /** Opens the form with the values `valuesOf` gives from the whole definition. */
  const startEditing = async (mode: 'create' | 'update', valuesOf: (whole: ResourceDef) => Row, ready = loadForm()) => {
    const form = await ready.catch(() => null);
    // A form whose code did not arrive (the link dropped): the request layer cannot say so.
    if (!form) return message.error(t('formUnavailable'));
    const values = valuesOf(form.def);
    const full = extensions.formInit ? await extensions.formInit(mode, values).catch(() => null) : values;
    if (full) setEditing({ form, mode, initial: full, values: full, errors: {}, saving: false });
  };
  const searchWith = (form: Filters, aside = asideFilters) => list.search({ ...form, ...aside });
  const cells = extensions.columns
    ? Object.fromEntries(Object.entries(extensions.columns).map(([k, render]) => [k, (row: Row) => render(row, api)]))
    : undefined;

  // Fixed filters come from the screen's context, not from the search form.
  const searchDef = useMemo(() => {
    const fixed = extensions.fixedFilters;
    if (!fixed) return def;
    return { ...def, fields: Object.fromEntries(Object.entries(def.fields).map(([n, f]) => [n, n in fixed ? { ...f, filter: undefined } : f])) };
  }, [def, extensions.fixedFilters]);
  const columns = useMemo(() => columnFields(def).map(([name, f]) => ({ key: name, label: labelOf(name, f, lng), visible: !hidden.has(name) })), [def, hidden, lng]);

  async function openEdit(row?: Row) {
    const target = row ?? (list.selection.length === 1 ? list.selection[0] : undefined);
    if (!target) return message.warning(t('selectFirst'));
    if (extensions.edit) return extensions.edit(target, api);
    const ready = loadForm();
    const fresh = await fetchOne(def, target[def.id]).catch(() => null);
    if (fresh) await startEditing('update', (whole) => formInitial(whole, 'update', fresh), ready);
  }

  async function submit() {
    if (!editing) return;
    const { form } = editing;
    const errors = form.validate(form.def, editing.mode, editing.values);
    if (Object.keys(errors).length) return setEditing({ ...editing, errors });
    setEditing({ ...editing, errors: {}, saving: true });
    try {
      await saveRow(form.def, editing.mode, editing.values);
      message.success(t(editing.mode === 'create' ? 'added' : 'updated'));
      setEditing(null);
      list.reload();
    } catch (err) {
      // The request layer has shown the server's message; one naming a field (a duplicate key)
      // goes under that field too.
      const field = err instanceof RequestError ? fieldOfMessage(err.message, formLabels(form.def, editing.mode)) : undefined;
      setEditing((e) => (e ? { ...e, saving: false, errors: field ? { ...e.errors, [field]: (err as Error).message } : e.errors } : e));
    }
  }

  async function remove(row?: Row) {
    const rows = row ? [row] : list.selection;
    if (!rows.length) return message.warning(t('selectFirst'));
    const ok = await askToConfirm(extensions.confirmRemove?.(rows) ?? t('confirmDelete', { count: rows.length }));
    if (!ok) return;
    await removeRows(def, idsOf(def, rows))
      .then((reply) => {
        const partial = extensions.removed?.(reply.data, rows.length);
        if (partial) message.warning(partial);
        else message.success(t('removed'));
        extensions.afterRemove?.(rows, api);
        list.reload();
      })
      .catch(() => undefined);
  }

  const rowActions = can.edit || can.remove || extensions.rowActions
    ? (row: Row) => (
        <>
          {can.edit ? <Button text size="small" icon={<PencilIcon />} label={t('edit')} onClick={() => void openEdit(row)} /> : null}
          {can.remove ? <Button text size="small" severity="danger" icon={<TrashIcon />} label={t('remove')} onClick={() => void remove(row)} /> : null}
          {extensions.rowActions?.(row, api)}
        </>
      )
    : undefined;

  const screen = (
    <section className="resource-screen" data-resource={def.name}>
      {extensions.header?.(api)}
      {showSearch ? <SearchForm def={searchDef} onSearch={(f) => searchWith(f)} /> : null}
      <TableToolbar
        showSearch={showSearch}
        onToggleSearch={() => setShowSearch((s) => !s)}
        onRefresh={list.reload}
        columns={columns}
        onToggleColumn={(key) => setHidden((h) => { const n = new Set(h); if (n.has(key)) n.delete(key); else n.add(key); return n; })}
      >
        {can.add ? <Button size="small" outlined icon={<PlusIcon />} label={t('add')} onClick={() => void startEditing('create', (whole) => formInitial(whole, 'create'))} /> : null}
        {can.edit && !extensions.tree ? <Button size="small" outlined severity="success" icon={<PencilIcon />} label={t('edit')} disabled={list.selection.length !== 1} onClick={() => void openEdit()} /> : null}
        {can.remove && !extensions.tree ? <Button size="small" outlined severity="danger" icon={<TrashIcon />} label={t('remove')} disabled={list.selection.length === 0} onClick={() => void remove()} /> : null}
        {can.export ? <Button size="small" outlined severity="warning" icon={<DownloadIcon />} label={t('export')} onClick={() => void exportRows(def, list.filters, extensions.fixedFilters)} /> : null}
        {extensions.toolbar?.(api)}
      </TableToolbar>
      <div className="resource-results" {...settlingAttribute(firstDrawn)}>
      {extensions.tree ? (
        <Suspense fallback={<SkeletonBar height="20rem" />}>
          <ResourceTreeTable def={def} caption={title} rows={list.rows} loading={list.loading} hidden={hidden} parent={extensions.tree.parent} cells={cells} actions={rowActions} />
        </Suspense>
      ) : (
      <ResourceTable
        def={def}
        caption={title}
        rows={list.rows}
        loading={list.loading}
        hidden={hidden}
        sort={list.sort}
        onSort={list.setSort}
        selection={list.selection}
        onSelection={list.setSelection}
        cells={cells}
        actions={rowActions}
        selectable={can.edit || can.remove || !!extensions.selectable}
      />
      )}
      {extensions.tree ? null : <Pagination total={list.total} value={list.page} onChange={list.setPage} />}
      </div>
      {editing ? (
        <Suspense fallback={null}>
        <ResourceDialog
          def={editing.form.def}
          title={title}
          mode={editing.mode}
          values={editing.values}
          errors={editing.errors}
          saving={editing.saving}
          dirty={formChanged(editing.initial, editing.values)}
          renderers={extensions.fields}
          isVisible={extensions.formVisible}
          onChange={(name, value) => setEditing((e) => (e ? { ...e, values: changeValue(e.form.def, e.values, name, value), errors: errorsAfterChange(e.form.def, e.errors, name) } : e))}
          onSubmit={() => void submit()}
          onHide={() => setEditing(null)}
        />
        </Suspense>
      ) : null}
      <DownloadOverlay />
    </section>
  );
  if (!extensions.aside) return screen;
  return (
    <div className="resource-with-aside">
      <aside className="resource-aside">
        {extensions.aside({
          filter: (extra) => {
            setAsideFilters(extra);
            const form = Object.fromEntries(Object.entries(list.filters).filter(([k]) => !(k in asideFilters)));
            searchWith(form, extra);
          },
        })}
      </aside>
      {screen}
    </div>
  );
}
