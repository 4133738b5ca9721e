import { useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { useT } from '../../../lib/i18n/react.ts';
import contentNs from '../../../lib/i18n/ns/contentList.ts';
import { allows, usePermissions } from '../../../stores/permission-gate.ts';
import { DEFAULT_PREFERENCES } from '../../../../shared/preferences.ts';
import { ContentStatus } from '../../../../shared/cms/content.ts';
import { EMPTY_FILTERS, listQuery, RECYCLE_ACTIONS, type ContentFilters, type ContentRow } from '../../../lib/cms/content-list.ts';
import { loadPreferences } from '../../../stores/preferences.ts';
import { markPublishing } from '../../../stores/publish.ts';
import { message } from '../../../stores/notify.ts';
import { askToConfirm } from '../../../components/form/confirm.ts';
import { TableToolbar } from '../../../components/widgets/TableToolbar.tsx';
import { Pagination } from '../../../components/widgets/Pagination.tsx';
import { restoreContents, purgeContents, listRecycled, EMPTY_PAGE, type ContentPage } from './content-api.ts';
import { ContentSearch } from './ContentSearch.tsx';
import { ContentTable } from './ContentTable.tsx';
import { IconAction } from './IconAction.tsx';

interface Props {
  catalogId: number | null;
  catalogName(catalogId: number): string;
  /** a restore may bring deleted catalogs back: the tree redraws */
  onRestored(): void;
}

/**
 * The Recycle Bin tab (spec §4): deleted contents of the chosen catalog and below (or the whole
 * site), newest deletion first, with the status each comes back to, when and by whom it was
 * deleted; restore, or purge for good after a confirmation.
 */
export function RecycleBin({ catalogId, catalogName, onRestored }: Props) {
  const t = useT(contentNs);
  const perms = usePermissions();
  const [filters, setFilters] = useState<ContentFilters>(EMPTY_FILTERS);
  const [page, setPage] = useState<{ page: number; limit: number } | null>(null);
  const [list, setList] = useState<ContentPage>(EMPTY_PAGE);
  const [loading, setLoading] = useState(true);
  const [selection, setSelection] = useState<ContentRow[]>([]);
  const [version, setVersion] = useState(0);
  const [showSearch, setShowSearch] = useState(true);
  const [busy, setBusy] = useState(false);
  const can = { restore: allows(perms, RECYCLE_ACTIONS.restore.perm), purge: allows(perms, RECYCLE_ACTIONS.purge.perm) };

  useEffect(() => {
    void loadPreferences().then((p) => setPage({ page: 1, limit: p.pageSize || DEFAULT_PREFERENCES.pageSize }));
  }, []);
  useEffect(() => setPage((p) => (p && p.page !== 1 ? { ...p, page: 1 } : p)), [catalogId]);
  useEffect(() => {
    if (!page) return;
    let live = true;
    setLoading(true);
    listRecycled(listQuery(catalogId, true, filters, page))
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
  }, [catalogId, filters, page, version]);

  const act = async (rows: ContentRow[], kind: 'restore' | 'purge') => {
    if (!rows.length) return message.warning(t('selectFirst'));
    // Purging cannot be undone; restoring can (delete again).
    if (kind === 'purge' && !(await askToConfirm(t('confirm.purge', { count: rows.length })))) return;
    setBusy(true);
    try {
      const ids = rows.map((r) => r.contentId);
      if (kind === 'restore') {
        await restoreContents(ids);
        message.success(t('done.restored', { count: ids.length }));
        // Published ones go back on the site.
        if (rows.some((r) => r.status === ContentStatus.PUBLISHED)) void markPublishing();
        onRestored();
      } else {
        await purgeContents(ids);
        message.success(t('done.purged', { count: ids.length }));
      }
      setVersion((v) => v + 1);
    } catch {
      /* shown by the request layer */
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="content-recycle" data-testid="content-recycle">
      {showSearch ? <ContentSearch value={filters} sortable={false} onSearch={(f) => { setFilters(f); setPage((p) => (p ? { ...p, page: 1 } : p)); }} /> : null}
      <TableToolbar showSearch={showSearch} onToggleSearch={() => setShowSearch((s) => !s)} onRefresh={() => setVersion((v) => v + 1)}>
        {can.restore ? <Button size="small" outlined severity="success" icon="pi pi-replay" label={t('actions.restore')} disabled={busy || !selection.length} onClick={() => void act(selection, 'restore')} data-testid="recycle-restore" /> : null}
        {can.purge ? <Button size="small" outlined severity="danger" icon="pi pi-times" label={t('actions.purge')} disabled={busy || !selection.length} onClick={() => void act(selection, 'purge')} data-testid="recycle-purge" /> : null}
      </TableToolbar>
      <p className="catalog-field-hint content-recycle-note">{t('recycleNote')}</p>
      <ContentTable
        testId="recycle-table"
        caption={t('tabs.recycle')}
        rows={list.rows}
        loading={loading}
        selection={selection}
        onSelection={setSelection}
        catalogName={catalogName}
        recycled
        selectable={can.restore || can.purge}
        actions={can.restore || can.purge ? (row) => (
          <>
            {can.restore ? <IconAction label={t('actions.restore')} icon="pi-replay" severity="success" disabled={busy} onClick={() => void act([row], 'restore')} /> : null}
            {can.purge ? <IconAction label={t('actions.purge')} icon="pi-times" severity="danger" disabled={busy} onClick={() => void act([row], 'purge')} /> : null}
          </>
        ) : undefined}
      />
      {page ? <Pagination total={list.total} capped={list.totalCapped} value={page} onChange={setPage} /> : null}
    </div>
  );
}
