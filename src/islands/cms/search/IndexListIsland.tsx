import '../../../stores/request-context.ts'; // first: the request core's language, site and notices (see the file)
import { lazy, Suspense, useEffect, useState } from 'react';
import { PrimeReactProvider } from '../../../components/widgets/prime-provider.ts';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Checkbox } from 'primereact/checkbox';
import { useT, useTranslate } from '../../../lib/i18n/react.ts';
import searchNs from '../../../lib/i18n/ns/search.ts';
import '../../../lib/i18n/ns/contentList.ts';
import { displayDateTime } from '../../../lib/datetime.ts';
import { CONTENT_TYPES } from '../../../../shared/cms/content.ts';
import { DataGrid } from '../../../components/widgets/DataGrid.tsx';
import { Pagination } from '../../../components/widgets/Pagination.tsx';
import { SelectInput } from '../../../components/widgets/SelectInput.tsx';
import { HasPermi } from '../../../components/widgets/Gates.tsx';
import { allows, usePermissions } from '../../../stores/permission-gate.ts';
import { message } from '../../../stores/notify.ts';
import { askToConfirm } from '../../../components/form/confirm.ts';
import { ACTIONS_COLUMN } from '../../resource/actions-column.ts';
import { IconAction, IconActionTips } from '../content/IconAction.tsx';
import { useViewGuard } from '../use-view-guard.ts';
import { Highlighted } from './Highlighted.tsx';
import { RebuildProgress } from './RebuildProgress.tsx';
import * as api from './search-api.ts';
import '../../resource/resource.css';
import './search.css';

// The indexed document's dialog (and PrimeReact's Dialog) load when one is first opened.
const IndexDocDialog = lazy(() => import('./IndexDocDialog.tsx').then((m) => ({ default: m.IndexDocDialog })));

const PERMS = { view: 'cms:contentindex:view', rebuild: 'cms:contentindex:rebuild', remove: 'cms:contentindex:remove' };
interface Filters {
  query: string;
  onlyTitle: boolean;
  contentType: string;
}
const NO_FILTERS: Filters = { query: '', onlyTitle: false, contentType: '' };

/**
 * /admin/configs/search/index (menu 2051, component cms/search/indexList): the current site's
 * search index — its documents (searched by keywords, highlighted), each viewed as indexed, rebuilt
 * or deleted; the whole site's index rebuilt as an async task with its progress.
 */
export default function IndexListIsland() {
  useViewGuard(PERMS.view);
  const t = useT(searchNs);
  const tr = useTranslate();
  const perms = usePermissions();
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState({ page: 1, limit: 20 });
  const [list, setList] = useState<api.IndexedPage>({ rows: [], total: 0, totalExact: true });
  const [loading, setLoading] = useState(true);
  const [selection, setSelection] = useState<api.IndexedRow[]>([]);
  const [version, setVersion] = useState(0);
  const [viewing, setViewing] = useState<api.IndexedRow | null>(null);
  const [rebuilt, setRebuilt] = useState(0);
  const [busy, setBusy] = useState(false);
  const reload = () => setVersion((v) => v + 1);

  useEffect(() => {
    let live = true;
    setLoading(true);
    api.searchIndexed({ query: filters.query.trim() || undefined, onlyTitle: filters.onlyTitle, contentType: filters.contentType || undefined, pageNum: page.page, pageSize: page.limit })
      .then((r) => live && (setList(r), setSelection([])))
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [filters, page, version]);

  const search = (f: Filters) => {
    setFilters(f);
    setPage((p) => ({ ...p, page: 1 }));
  };
  const act = async (work: () => Promise<string>, confirm?: string) => {
    if (confirm && !(await askToConfirm(confirm))) return;
    setBusy(true);
    try {
      message.success(await work());
      reload();
    } catch {
      /* the request layer has said why */
    } finally {
      setBusy(false);
    }
  };
  const remove = (rows: api.IndexedRow[]) =>
    act(async () => t('index.removed', { count: (await api.removeIndexed(rows.map((r) => r.contentId))).data?.removed ?? 0 }), t('index.confirmRemove', { count: rows.length }));
  const rebuildAll = async () => {
    if (!(await askToConfirm(t('index.confirmRebuild'), 'info'))) return;
    const res = await api.startRebuild().catch(() => null);
    if (!res) return;
    message.info(t('index.rebuildStarted'));
    setRebuilt((n) => n + 1);
  };
  const typeName = (type: string) => ((CONTENT_TYPES as readonly string[]).includes(type) ? tr(`contentList:types.${type}`) : type);

  return (
    <PrimeReactProvider>
      <section className="resource-screen search-index-screen" data-testid="search-index">
        <form className="resource-search" role="search" aria-label={t('index.caption')} onSubmit={(e) => { e.preventDefault(); search(draft); }}>
          <div className="resource-search-item">
            <label htmlFor="search-index-query">{t('index.query')}</label>
            <InputText id="search-index-query" value={draft.query} onChange={(e) => setDraft({ ...draft, query: e.target.value })} />
          </div>
          <div className="resource-search-item">
            <Checkbox inputId="search-index-only-title" checked={draft.onlyTitle} onChange={(e) => setDraft({ ...draft, onlyTitle: !!e.checked })} />
            <label htmlFor="search-index-only-title">{t('index.onlyTitle')}</label>
          </div>
          <div className="resource-search-item">
            <label htmlFor="search-index-type">{t('index.contentType')}</label>
            <SelectInput inputId="search-index-type" value={draft.contentType || null} showClear placeholder={t('index.all')}
              options={CONTENT_TYPES.map((type) => ({ value: type, label: typeName(type) }))} onChange={(v) => setDraft({ ...draft, contentType: String(v ?? '') })} />
          </div>
          <div className="resource-search-item resource-search-buttons">
            <Button type="submit" size="small" icon="pi pi-search" label={t('index.search')} />
            <Button type="button" size="small" outlined severity="secondary" icon="pi pi-refresh" label={t('index.reset')} onClick={() => { setDraft(NO_FILTERS); search(NO_FILTERS); }} />
          </div>
        </form>
        <div className="search-toolbar">
          <HasPermi anyOf={[PERMS.rebuild]}>
            <Button size="small" icon="pi pi-replay" label={t('index.rebuildAll')} onClick={() => void rebuildAll()} data-testid="search-rebuild-all" />
          </HasPermi>
          <HasPermi anyOf={[PERMS.remove]}>
            <Button size="small" outlined severity="danger" icon="pi pi-trash" label={t('index.removeSelected')} disabled={!selection.length || busy} onClick={() => void remove(selection)} />
          </HasPermi>
          <RebuildProgress started={rebuilt} onDone={() => { message.success(t('index.rebuildDone')); reload(); }} />
        </div>
        <IconActionTips within="search-index-table" rows={list.rows} />
        <DataGrid
          className="resource-table search-index-table"
          testId="search-index-table"
          caption={t('index.caption')}
          rows={list.rows}
          rowKey={(r) => r.contentId}
          rowName={(r) => r.title}
          loading={loading}
          selectable={allows(perms, PERMS.remove)}
          selection={selection}
          onSelection={setSelection}
          emptyMessage={t('index.empty')}
          columns={[
            { key: 'title', header: t('index.columns.title'), body: (r) => <Highlighted html={r.titleHighlight} />, style: { minWidth: '14rem' } },
            { key: 'catalog', header: t('index.columns.catalog'), body: (r) => r.catalogName, bodyClassName: 'resource-cell-nowrap' },
            { key: 'type', header: t('index.columns.type'), body: (r) => typeName(r.contentType), bodyClassName: 'resource-cell-nowrap' },
            { key: 'publishDate', header: t('index.columns.publishDate'), body: (r) => displayDateTime(r.publishDate ?? ''), bodyClassName: 'resource-cell-nowrap' },
            {
              key: 'actions', header: tr('resource:actions'), ...ACTIONS_COLUMN,
              body: (r) => (
                <div className="resource-row-actions">
                  <IconAction label={t('index.view')} icon="pi-eye" onClick={() => setViewing(r)} testId={`search-view-${r.contentId}`} />
                  {allows(perms, PERMS.rebuild) ? <IconAction label={t('index.build')} icon="pi-replay" disabled={busy} onClick={() => void act(async () => (await api.buildOne(r.contentId), t('index.built')))} /> : null}
                  {allows(perms, PERMS.remove) ? <IconAction label={t('index.remove')} icon="pi-trash" severity="danger" disabled={busy} onClick={() => void remove([r])} /> : null}
                </div>
              ),
            },
          ]}
        />
        <Pagination total={list.total} estimated={!list.totalExact} value={page} onChange={setPage} />
        {viewing ? (
          <Suspense fallback={null}>
            <IndexDocDialog contentId={viewing.contentId} title={viewing.title} onClose={() => setViewing(null)} />
          </Suspense>
        ) : null}
      </section>
    </PrimeReactProvider>
  );
}
