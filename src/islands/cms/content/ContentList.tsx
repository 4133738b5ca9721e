import { lazy, Suspense, useEffect, useState } from 'react';
import { Checkbox } from 'primereact/checkbox';
import { navigate } from 'astro:transitions/client';
import { useLocale, useT, useTranslate } from '../../../lib/i18n/react.ts';
import { useHydratedStore } from '../../../lib/react/use-store.ts';
import { $dicts } from '../../../stores/dicts.ts';
import { useHandoverWhen } from '../../prepaint/handover.ts';
import contentNs from '../../../lib/i18n/ns/contentList.ts';
import { allows, usePermissions } from '../../../stores/permission-gate.ts';
import { DEFAULT_PREFERENCES, type Preferences } from '../../../../shared/preferences.ts';
import { ROOT_ID, type CatalogNode } from '../../../lib/cms/catalog-tree.ts';
import { CONTENT_STATUS_DICT, type ContentType } from '../../../../shared/cms/content.ts';
import { actionReady, BATCH_ACTIONS, canOfflineRow, canPublishRow, editContentUrl, EMPTY_FILTERS, listQuery, newContentUrl, type BatchAction, type ContentFilters, type ContentRow, type CopyTarget } from '../../../lib/cms/content-list.ts';
import { knownPreferences, loadPreferences } from '../../../stores/preferences.ts';
import { useFirstAnswer } from '../../../lib/react/use-first-answer.ts';
import { useHydrating } from '../../../lib/react/use-hydrating.ts';
import { markPublishing } from '../../../stores/publish.ts';
import { message } from '../../../stores/notify.ts';
import { askToConfirm } from '../../../components/form/confirm.ts';
import { Pagination } from '../../../components/widgets/Pagination.tsx';
import * as api from './content-api.ts';
import { ContentSearch } from './ContentSearch.tsx';
import { ContentTable } from './ContentTable.tsx';
import { ContentToolbar } from './ContentToolbar.tsx';
import { pushMenuItems, PUSH_PERM } from './push-actions.ts';
import { ExtendSearch } from './ExtendSearch.tsx';
import { ContentExport } from './ContentExport.tsx';
import { IconAction } from './IconAction.tsx';
import { openPreview } from '../../../components/cms/PreviewButton.tsx';
import '../../../lib/i18n/ns/cms.ts';

interface Props {
  /** the chosen catalog's id; null = the whole site. Known before the tree arrives (remembered). */
  catalogId: number | null;
  /** the chosen catalog as the tree has it; null = the whole site, or the tree not loaded yet */
  catalog: CatalogNode | null;
  catalogName(catalogId: number): string;
  /** the build's render for the pre-paint (prepaint/frame.tsx): this page drawn at once, with the default preferences */
  prebuilt?: api.ContentPage;
  /** the screen has drawn the whole site's tree: the copy painted before the scripts may give way once the rows are drawn too */
  treeDrawn?: boolean;
}

type Open = 'move' | 'copy' | 'top' | 'sort' | null;

// The action dialogs (move, copy, top, sort) and PrimeReact's Dialog under them load when one first
// opens (issue 12: the list's first draw does not need them); a dialog opens once its code is there.
const dialogs = () => import('./ContentDialogs.tsx');
const picker = () => import('../../../components/cms/CatalogPickerDialog.tsx');
const CopyDialog = lazy(() => dialogs().then((m) => ({ default: m.CopyDialog })));
const TopDialog = lazy(() => dialogs().then((m) => ({ default: m.TopDialog })));
const SortDialog = lazy(() => dialogs().then((m) => ({ default: m.SortDialog })));
// The full-text mode (search index results with highlights and snippets) loads when switched on.
const FullTextSearch = lazy(() => import('../search/FullTextSearch.tsx').then((m) => ({ default: m.FullTextSearch })));
const CatalogPickerDialog = lazy(() => picker().then((m) => ({ default: m.CatalogPickerDialog })));

/**
 * The Content List tab (spec §2): the chosen catalog's contents (and its sub-catalogs', by
 * choice), filtered, ordered and paged; add by type, edit and the batch actions of spec §4, each
 * offered to holders of the key the server checks.
 */
export function ContentList({ catalogId, catalog, catalogName, prebuilt, treeDrawn = false }: Props) {
  const t = useT(contentNs);
  const lng = useLocale();
  const tr = useTranslate();
  const perms = usePermissions();
  // Known preferences (from an earlier screen) let the first list call go out on the first render;
  // not while hydrating: the prerender knew none.
  const hydrating = useHydrating();
  const [prefs, setPrefs] = useState<Preferences | null>(() => (prebuilt ? DEFAULT_PREFERENCES : hydrating ? null : knownPreferences()));
  const [filters, setFilters] = useState<ContentFilters>(EMPTY_FILTERS);
  const [includeChild, setIncludeChild] = useState(() => (prefs ?? DEFAULT_PREFERENCES).includeChildContent);
  const [page, setPage] = useState(() => ({ page: 1, limit: (prefs ?? DEFAULT_PREFERENCES).pageSize }));
  // The first page, when the page's head script has already brought it: drawn in the first render.
  const { first, takeFirst } = useFirstAnswer((take) => (prefs ? api.settledContents(listQuery(catalogId, includeChild, filters, page), take) : null));
  const [list, setList] = useState<api.ContentPage>(prebuilt ?? first ?? api.EMPTY_PAGE);
  const [loading, setLoading] = useState(!prebuilt && first === null);
  const [selection, setSelection] = useState<ContentRow[]>([]);
  const [version, setVersion] = useState(0);
  const [showSearch, setShowSearch] = useState(true);
  const [open, setOpen] = useState<Open>(null);
  const [busy, setBusy] = useState(false);
  // The full-text mode's first query (the title typed so far); null: the normal list.
  const [fullText, setFullText] = useState<string | null>(null);

  useEffect(() => {
    const started = prefs;
    void loadPreferences().then((p) => {
      // Unchanged since the first render: nothing to redo (setting them again would list again).
      if (started && JSON.stringify(started) === JSON.stringify(p)) return;
      setPrefs(p);
      setIncludeChild(p.includeChildContent);
      setPage((pg) => ({ ...pg, limit: p.pageSize }));
    });
  }, []);

  useEffect(() => {
    if (!prefs) return;
    if (takeFirst()) return;
    let live = true;
    setLoading(true);
    api.listContents(listQuery(catalogId, includeChild, filters, page))
      .then((r) => {
        if (!live) return;
        setList(r);
        setSelection([]);
      })
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [prefs, catalogId, includeChild, filters, page, version]);

  // The copy of the tree and rows painted before the scripts (prepaint/) gives way once these are
  // drawn the same: the rows with their statuses' labels, with the preferences they are drawn by.
  const dicts = useHydratedStore($dicts);
  useHandoverWhen(treeDrawn && prefs !== null && !loading && list.rows.length > 0 && CONTENT_STATUS_DICT in dicts, lng, !prebuilt);

  // A new catalog starts at its first page.
  useEffect(() => setPage((p) => (p.page === 1 ? p : { ...p, page: 1 })), [catalogId]);

  const allowed = (action: BatchAction | 'add') => allows(perms, action === 'add' ? 'cms:content:add' : BATCH_ACTIONS[action].perm);
  const ids = selection.map((r) => r.contentId);
  const reload = () => setVersion((v) => v + 1);
  const addBlocked = !catalog ? t('chooseCatalog') : catalog.props.catalogType === 'link' ? t('linkCatalog') : null;
  // The user's preference: the editor in a console tab, or standalone (editorW) in a window of its own.
  const inWindow = prefs?.contentEditorOpenMode === 'window';
  const openEditor = (url: string) => (inWindow ? window.open(url, '_blank', 'noopener') : void navigate(url));

  /** Runs an action on rows; publishing ones start the navbar's publish indicator. */
  const run = async (work: () => Promise<unknown>, opts: { confirm?: string; done: string; publishing?: boolean }) => {
    if (opts.confirm && !(await askToConfirm(opts.confirm))) return;
    setBusy(true);
    try {
      await work();
      message.success(opts.done);
      if (opts.publishing) void markPublishing();
      setOpen(null);
      reload();
    } catch {
      /* the request layer has shown why */
    } finally {
      setBusy(false);
    }
  };

  const publish = (rows: ContentRow[]) =>
    run(async () => {
      const r = await api.publishContents(rows.map((x) => x.contentId));
      if (r.scheduled) message.info(t('done.scheduled', { count: r.scheduled }));
    }, { confirm: t('confirm.publish', { count: rows.length }), done: t('done.published'), publishing: true });
  const offline = (rows: ContentRow[]) => run(() => api.offlineContents(rows.map((x) => x.contentId)), { confirm: t('confirm.offline', { count: rows.length }), done: t('done.offline'), publishing: true });
  const remove = (rows: ContentRow[]) => run(() => api.removeContents(rows.map((x) => x.contentId)), { confirm: t('confirm.remove', { count: rows.length }), done: t('done.removed'), publishing: rows.some((r) => canOfflineRow(r)) });
  /** Lock and unlock go one content at a time on the server. */
  const eachOf = (fn: (id: number) => Promise<unknown>) => async () => {
    for (const id of ids) await fn(id);
  };

  const onAction = (action: BatchAction) => {
    switch (action) {
      case 'publish': return void publish(selection);
      case 'offline': return void offline(selection);
      case 'remove': return void remove(selection);
      case 'move':
      case 'copy':
      case 'top':
      case 'sort':
        return void (action === 'move' ? picker() : dialogs()).then(() => setOpen(action), () => message.error(tr('resource:formUnavailable')));
      case 'cancelTop': return void run(() => api.cancelTopContents(ids), { done: t('done.cancelTop'), publishing: true });
      case 'recommend': return void run(() => api.setContentAttribute(ids, 'recommend', true), { done: t('done.recommend'), publishing: true });
      case 'cancelRecommend': return void run(() => api.setContentAttribute(ids, 'recommend', false), { done: t('done.cancelRecommend'), publishing: true });
      case 'hot': return void run(() => api.setContentAttribute(ids, 'hot', true), { done: t('done.hot'), publishing: true });
      case 'cancelHot': return void run(() => api.setContentAttribute(ids, 'hot', false), { done: t('done.cancelHot'), publishing: true });
      case 'lock': return void run(eachOf(api.lockContent), { done: t('done.lock') });
      case 'unlock': return void run(eachOf(api.unlockContent), { done: t('done.unlock') });
    }
  };

  const rowActions = (row: ContentRow) => (
    <>
      {allows(perms, 'cms:content:edit') ? <IconAction label={t('actions.edit')} icon="pi-pencil" onClick={() => openEditor(editContentUrl(row.contentId, inWindow))} /> : null}
      <IconAction label={tr('cms:preview.action')} icon="pi-eye" onClick={() => void openPreview({ type: 'content', id: row.contentId })} testId={`content-preview-${row.contentId}`} />
      {allowed('publish') && canPublishRow(row) ? <IconAction label={t('actions.publish')} icon="pi-send" severity="success" disabled={busy} onClick={() => void publish([row])} /> : null}
      {allowed('offline') && canOfflineRow(row) ? <IconAction label={t('actions.offline')} icon="pi-download" severity="warning" disabled={busy} onClick={() => void offline([row])} /> : null}
      {allowed('remove') ? <IconAction label={t('actions.remove')} icon="pi-trash" severity="danger" disabled={busy} onClick={() => void remove([row])} /> : null}
    </>
  );

  return (
    <div className="content-list" data-testid="content-list">
      {/* The extension search has its own box (ExtendSearch): the filters' search and reset keep it. */}
      {showSearch && fullText === null ? <ContentSearch value={filters} onFullText={(q) => { setSelection([]); setFullText(q); }} onSearch={(f) => { setFilters((cur) => ({ ...f, extend: cur.extend })); setPage((p) => ({ ...p, page: 1 })); }} /> : null}
      <ContentToolbar
        allowed={allowed}
        ready={(a) => actionReady(a, selection.length)}
        onAction={onAction}
        addBlocked={addBlocked}
        onAdd={(type: ContentType) => catalog && openEditor(newContentUrl(catalog.id, type, inWindow))}
        busy={busy}
        showSearch={showSearch}
        onToggleSearch={() => setShowSearch((s) => !s)}
        onRefresh={reload}
        moreExtra={pushMenuItems({ ids, allowed: allows(perms, PUSH_PERM), busy, setBusy, t })}
      >
        <ContentExport query={listQuery(catalogId, includeChild, filters, page)} />
        <ExtendSearch contentType={filters.contentType} value={filters.extend ?? ''} onSearch={(extend) => { setFilters((f) => ({ ...f, extend })); setPage((p) => ({ ...p, page: 1 })); }} />
      </ContentToolbar>
      <div className="content-list-scope">
        {catalogId !== null ? (
          <label className="content-include-child">
            <Checkbox inputId="content-include-child" checked={includeChild} onChange={(e) => { setIncludeChild(!!e.checked); setPage((p) => ({ ...p, page: 1 })); }} />
            <span>{t('filter.includeChild')}</span>
          </label>
        ) : (
          <span className="catalog-field-hint">{t('wholeSite')}</span>
        )}
        {selection.length ? <span className="content-selected" data-testid="content-selected">{t('selected', { count: selection.length })}</span> : null}
      </div>
      {fullText !== null ? (
        <Suspense fallback={null}>
          <FullTextSearch
            catalogId={catalogId === ROOT_ID ? null : catalogId}
            includeChild={includeChild}
            initialQuery={fullText}
            editUrl={(id) => editContentUrl(id)}
            editTarget={inWindow ? '_blank' : undefined}
            onLeave={() => setFullText(null)}
          />
        </Suspense>
      ) : (
        <>
          <ContentTable
            testId="content-table"
            caption={t('tabs.list')}
            rows={list.rows}
            loading={loading}
            selection={selection}
            onSelection={setSelection}
            catalogName={catalogId === null || catalogId === ROOT_ID || includeChild ? catalogName : undefined}
            editUrl={(r) => editContentUrl(r.contentId)}
            editTarget={prefs?.contentEditorOpenMode === 'window' ? '_blank' : undefined}
            showSubTitle={prefs?.showContentSubTitle}
            actions={rowActions}
            selectable
          />
          <Pagination total={list.total} capped={list.totalCapped} value={page} onChange={setPage} />
        </>
      )}
      <Suspense fallback={null}>
      {open === 'move' ? (
        <CatalogPickerDialog
          header={t('dialogs.move.title', { count: ids.length })}
          hint={t('dialogs.move.hint')}
          disableLink
          testId="content-move-dialog"
          onHide={() => setOpen(null)}
          onPick={async (to) => {
            await api.moveContents(ids, to);
            message.success(t('done.moved'));
            void markPublishing();
            setOpen(null);
            reload();
          }}
        />
      ) : null}
      {open === 'copy' ? (
        <CopyDialog
          count={ids.length}
          onHide={() => setOpen(null)}
          onCopy={async (targets: CopyTarget[], mapping) => {
            const made = await api.copyContents(ids, targets.map((x) => x.catalogId), mapping);
            message.success(t('done.copied', { count: made.length }));
            setOpen(null);
            reload();
          }}
        />
      ) : null}
      {open === 'top' ? (
        <TopDialog
          count={ids.length}
          onHide={() => setOpen(null)}
          onTop={async (end) => {
            await api.topContents(ids, end);
            message.success(t('done.top'));
            void markPublishing();
            setOpen(null);
            reload();
          }}
        />
      ) : null}
      {open === 'sort' && selection[0] ? (
        <SortDialog
          row={selection[0]}
          onHide={() => setOpen(null)}
          onSort={async (target) => {
            await api.sortContent(selection[0]!.contentId, target);
            message.success(t('done.sorted'));
            setOpen(null);
            reload();
          }}
        />
      ) : null}
      </Suspense>
    </div>
  );
}
