import { useEffect, useState } from 'react';
import { useT } from '../../lib/i18n/react.ts';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import { http } from '../../lib/request.ts';
import stats from '../../lib/i18n/ns/stats.ts';
import type { Period } from './stat-api.ts';

interface Totals { draftTotal: number; toPublishedTotal: number; publishedTotal: number; offlineTotal: number; editingTotal: number; total: number; periodPublished: number }
type ByCatalog = Totals & { catalogId: number; catalogName: string };
type ByUser = Totals & { userName: string };
interface Dynamic { contentId: number; title: string; catalogName: string; pv: number; likeCount: number; favoriteCount: number; commentCount: number }

const COLUMNS = [['draftTotal', 'draft'], ['toPublishedTotal', 'toPublish'], ['publishedTotal', 'published'], ['offlineTotal', 'offline'], ['editingTotal', 'editing'], ['total', 'total'], ['periodPublished', 'periodPublished']] as const;

/** ChestnutCMS's content statistics: contents by status per catalog and per editor, those published in the period, and the most viewed contents' dynamic data. */
export function ContentStats({ period }: { period: Period }) {
  const t = useT(stats);
  const fmt = new Intl.NumberFormat(currentLanguage());
  const [byCatalog, setByCatalog] = useState<ByCatalog[] | null>(null);
  const [byUser, setByUser] = useState<ByUser[] | null>(null);
  const [dynamic, setDynamic] = useState<Dynamic[] | null>(null);
  useEffect(() => {
    void http.get<{ rows: ByCatalog[] }>('/cms/stat/contentStatByCatalog', { ...period }).then((r) => setByCatalog(r.data?.rows ?? []), () => setByCatalog([]));
    void http.get<{ rows: ByUser[] }>('/cms/stat/contentStatByUser', { ...period }).then((r) => setByUser(r.data?.rows ?? []), () => setByUser([]));
  }, [period]);
  useEffect(() => {
    void http.get<{ rows: Dynamic[] }>('/cms/stat/contentDynamicData', { pageSize: 20 }).then((r) => setDynamic(r.data?.rows ?? []), () => setDynamic([]));
  }, []);
  const table = <R extends Totals>(id: string, caption: string, head: string, rows: R[] | null, key: (r: R) => string) => (
    <section className="stat-rank" aria-labelledby={id}>
      <h3 id={id}>{caption}</h3>
      {rows === null ? <p>…</p> : !rows.length ? <p>{t('table.empty')}</p> : (
        <div className="stat-table-wrap">
          <table className="stat-table">
            <caption className="visually-hidden">{caption}</caption>
            <thead><tr><th scope="col">{head}</th>{COLUMNS.map(([, label]) => <th key={label} scope="col" className="num">{t(`contents.${label}`)}</th>)}</tr></thead>
            <tbody>{rows.map((r) => <tr key={key(r)}><th scope="row" className="stat-key">{key(r)}</th>{COLUMNS.map(([k]) => <td key={k} className="num">{fmt.format(r[k])}</td>)}</tr>)}</tbody>
          </table>
        </div>
      )}
    </section>
  );
  return (
    <div className="stat-contents">
      {table('stat-by-catalog', t('contents.byCatalog'), t('contents.catalog'), byCatalog, (r) => r.catalogName)}
      {table('stat-by-user', t('contents.byUser'), t('contents.user'), byUser, (r) => r.userName)}
      <section className="stat-rank" aria-labelledby="stat-dynamic">
        <h3 id="stat-dynamic">{t('contents.dynamic')}</h3>
        {dynamic === null ? <p>…</p> : !dynamic.length ? <p>{t('table.empty')}</p> : (
          <div className="stat-table-wrap">
            <table className="stat-table">
              <caption className="visually-hidden">{t('contents.dynamic')}</caption>
              <thead><tr><th scope="col">{t('contents.title')}</th><th scope="col">{t('contents.catalog')}</th>{(['views', 'likes', 'favorites', 'comments'] as const).map((k) => <th key={k} scope="col" className="num">{t(`contents.${k}`)}</th>)}</tr></thead>
              <tbody>{dynamic.map((r) => <tr key={r.contentId}><th scope="row" className="stat-key">{r.title}</th><td>{r.catalogName}</td>{[r.pv, r.likeCount, r.favoriteCount, r.commentCount].map((n, i) => <td key={i} className="num">{fmt.format(n)}</td>)}</tr>)}</tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
