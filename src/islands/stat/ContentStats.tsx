import { useEffect, useState } from 'react';
import { useT } from '../../lib/i18n/react.ts';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import { http } from '../../lib/request.ts';
import stats from '../../lib/i18n/ns/stats.ts';
import type { Period } from './stat-api.ts';

interface Totals { draftTotal: number; toPublishedTotal: number; publishedTotal: number; offlineTotal: number; editingTotal: number; total: number; periodPublished: number }
type ByCatalog = Totals & { catalogId: number; catalogName: string };
type ByUser = Totals & { userName: string };

const COLUMNS = [['draftTotal', 'draft'], ['toPublishedTotal', 'toPublish'], ['publishedTotal', 'published'], ['offlineTotal', 'offline'], ['editingTotal', 'editing'], ['total', 'total'], ['periodPublished', 'periodPublished']] as const;

/** ChestnutCMS's content statistics: contents by status per catalog and per editor, and those published in the period. */
export function ContentStats({ period }: { period: Period }) {
  const t = useT(stats);
  const fmt = new Intl.NumberFormat(currentLanguage());
  const [byCatalog, setByCatalog] = useState<ByCatalog[] | null>(null);
  const [byUser, setByUser] = useState<ByUser[] | null>(null);
  useEffect(() => {
    void http.get<{ rows: ByCatalog[] }>('/cms/stat/contentStatByCatalog', { ...period }).then((r) => setByCatalog(r.data?.rows ?? []), () => setByCatalog([]));
    void http.get<{ rows: ByUser[] }>('/cms/stat/contentStatByUser', { ...period }).then((r) => setByUser(r.data?.rows ?? []), () => setByUser([]));
  }, [period]);
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
    </div>
  );
}
