import { useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useT, useTranslate } from '../../../lib/i18n/react.ts';
import searchNs from '../../../lib/i18n/ns/search.ts';
import { displayDateTime } from '../../../lib/datetime.ts';
import { CONTENT_TYPES } from '../../../../shared/cms/content.ts';
import { DataGrid } from '../../../components/widgets/DataGrid.tsx';
import { Pagination } from '../../../components/widgets/Pagination.tsx';
import { Highlighted } from './Highlighted.tsx';
import { searchIndexed, type IndexedPage, type IndexedRow } from './search-api.ts';
import './search.css';

interface Props {
  /** the chosen catalog; null: the whole site */
  catalogId: number | null;
  includeChild: boolean;
  /** what the title box held when the mode was switched on */
  initialQuery: string;
  editUrl(contentId: number): string;
  editTarget?: string;
  /** back to the normal list */
  onLeave(): void;
}

/**
 * The content list's full-text mode (loaded when switched on): the current site's published
 * contents whose title or body match (GET /cms/search/contents, within the chosen catalog and, by
 * choice, its sub-catalogs, limited by the server to the catalogs the user may view), ranked, each
 * with its highlighted title linking to the editor and a snippet of the text around the hits.
 */
export function FullTextSearch({ catalogId, includeChild, initialQuery, editUrl, editTarget, onLeave }: Props) {
  const t = useT(searchNs);
  const tr = useTranslate();
  const [draft, setDraft] = useState(initialQuery);
  const [query, setQuery] = useState(initialQuery.trim());
  const [page, setPage] = useState({ page: 1, limit: 20 });
  const [list, setList] = useState<IndexedPage>({ rows: [], total: 0, totalExact: true });
  const [loading, setLoading] = useState(true);

  useEffect(() => setPage((p) => (p.page === 1 ? p : { ...p, page: 1 })), [catalogId, includeChild]);
  useEffect(() => {
    let live = true;
    setLoading(true);
    searchIndexed({ query: query || undefined, catalogId: catalogId ?? undefined, includeChild, pageNum: page.page, pageSize: page.limit })
      .then((r) => live && setList(r))
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [query, catalogId, includeChild, page]);

  const typeName = (type: string) => ((CONTENT_TYPES as readonly string[]).includes(type) ? tr(`contentList:types.${type}`) : type);
  const title = (r: IndexedRow) => (
    <div className="content-title-text">
      <a href={editUrl(r.contentId)} target={editTarget} rel={editTarget ? 'noopener' : undefined} className="content-title-link">
        <Highlighted html={r.titleHighlight} />
      </a>
      {r.snippet ? <Highlighted html={r.snippet} className="search-snippet" /> : null}
    </div>
  );
  return (
    <div className="content-full-text" data-testid="content-full-text">
      <form className="resource-search content-search" role="search" aria-label={t('fullText.caption')} onSubmit={(e) => { e.preventDefault(); setQuery(draft.trim()); setPage((p) => ({ ...p, page: 1 })); }}>
        <div className="resource-search-item">
          <label htmlFor="content-full-text-query">{t('fullText.query')}</label>
          <InputText id="content-full-text-query" value={draft} aria-describedby="content-full-text-hint" onChange={(e) => setDraft(e.target.value)} autoFocus />
          <Button type="button" size="small" severity="info" icon="pi pi-file-word" label={t('fullText.toggle')} aria-pressed onClick={onLeave} data-testid="content-full-text-toggle" />
        </div>
        <div className="resource-search-item resource-search-buttons">
          <Button type="submit" size="small" icon="pi pi-search" label={t('index.search')} />
        </div>
        <small id="content-full-text-hint" className="search-hint">{t('fullText.hint')}</small>
      </form>
      <p className="search-analyze-count" aria-live="polite">{loading ? '' : t(list.totalExact ? 'fullText.total' : 'fullText.totalAbout', { count: list.total })}</p>
      <DataGrid
        className="resource-table content-table"
        testId="content-full-text-table"
        caption={t('fullText.caption')}
        rows={list.rows}
        rowKey={(r) => r.contentId}
        loading={loading}
        emptyMessage={t('fullText.empty')}
        columns={[
          { key: 'title', header: t('index.columns.title'), body: title, style: { minWidth: '14rem' } },
          { key: 'catalog', header: t('index.columns.catalog'), body: (r) => r.catalogName, bodyClassName: 'resource-cell-nowrap' },
          { key: 'type', header: t('index.columns.type'), body: (r) => typeName(r.contentType), bodyClassName: 'resource-cell-nowrap' },
          { key: 'publishDate', header: t('index.columns.publishDate'), body: (r) => displayDateTime(r.publishDate ?? ''), bodyClassName: 'content-date' },
        ]}
      />
      <Pagination total={list.total} estimated={!list.totalExact} value={page} onChange={setPage} />
    </div>
  );
}
