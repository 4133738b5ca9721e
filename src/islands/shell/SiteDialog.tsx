import { useEffect, useState } from 'react';
import { Dialog } from 'primereact/dialog';
import { DataTable } from 'primereact/datatable';
import { Column } from 'primereact/column';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { DIALOG_WIDTH_PX, SITE_LIST_PAGE_SIZE } from '../../../shared/constants.ts';
import { useT } from '../../lib/i18n/react.ts';
import shell from '../../lib/i18n/ns/shell.ts';
import common from '../../lib/i18n/ns/common.ts';
import { message } from '../../stores/notify.ts';
import { listSites, setCurrentSite, type CurrentSite, type SiteRow } from './site-api.ts';

interface Props {
  current: CurrentSite;
  onClose(): void;
  onPicked(site: CurrentSite): void;
}

/** Site dialog (spec §2, §4): name filter, row number / name / url, paged; double click or select + OK. */
export default function SiteDialog({ current, onClose, onPicked }: Props) {
  const t = useT(shell);
  const tc = useT(common);
  const [filter, setFilter] = useState('');
  const [query, setQuery] = useState({ siteName: '', pageNum: 1, pageSize: SITE_LIST_PAGE_SIZE });
  const [page, setPage] = useState<{ rows: SiteRow[]; total: number }>({ rows: [], total: 0 });
  const [loading, setLoading] = useState(true);
  const [selected, setSelected] = useState<SiteRow | null>(null);

  useEffect(() => {
    setLoading(true);
    listSites(query)
      .then(setPage, () => setPage({ rows: [], total: 0 }))
      .finally(() => setLoading(false));
  }, [query]);

  const confirm = async (row: SiteRow | null) => {
    if (!row) {
      message.warning(t('site.selectFirst'));
      return;
    }
    const id = String(row.siteId);
    if (id === current.siteId) {
      message.warning(t('site.alreadyCurrent'));
      return;
    }
    if (await setCurrentSite(id, false)) {
      message.success(t('site.switched', { name: row.name }));
      onPicked({ siteId: id, siteName: row.name });
    }
  };

  const footer = (
    <>
      <Button label={tc('actions.cancel')} text onClick={onClose} />
      <Button label={tc('actions.ok')} onClick={() => void confirm(selected)} data-testid="site-ok" />
    </>
  );
  return (
    <Dialog visible onHide={onClose} header={t('site.title')} style={{ width: `min(${DIALOG_WIDTH_PX}px, calc(100vw - 32px))` }} footer={footer} className="site-dialog" draggable={false}>
      <form
        className="site-dialog-filter"
        onSubmit={(e) => {
          e.preventDefault();
          setQuery({ ...query, siteName: filter, pageNum: 1 });
        }}
      >
        <InputText value={filter} onChange={(e) => setFilter(e.target.value)} placeholder={t('site.filter')} aria-label={t('site.name')} />
        <Button type="submit" icon="pi pi-search" label={t('site.search')} />
      </form>
      <DataTable
        pt={{ table: { 'aria-label': t('site.title') } }}
        value={page.rows}
        dataKey="siteId"
        loading={loading}
        selectionMode="single"
        selection={selected}
        onSelectionChange={(e) => setSelected((e.value as SiteRow | null) ?? null)}
        onRowDoubleClick={(e) => void confirm(e.data as SiteRow)}
        lazy
        paginator
        rows={query.pageSize}
        first={(query.pageNum - 1) * query.pageSize}
        totalRecords={page.total}
        onPage={(e) => setQuery({ ...query, pageNum: (e.page ?? 0) + 1, pageSize: e.rows })}
        emptyMessage={t('site.empty')}
        size="small"
        stripedRows
      >
        <Column header={t('site.index')} body={(_row, opts) => (query.pageNum - 1) * query.pageSize + opts.rowIndex + 1} style={{ width: 70 }} />
        <Column field="name" header={t('site.name')} />
        <Column header={t('site.url')} body={(row: SiteRow) => row.url || row.domain || row.path || ''} />
      </DataTable>
    </Dialog>
  );
}
