import { useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { useT } from '../../lib/i18n/react.ts';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import stats from '../../lib/i18n/ns/stats.ts';
import type { RankRow, StatDim } from '../../../shared/stats/stat.ts';
import { exportRanking, getRanking, labelOf, type Period } from './stat-api.ts';

/**
 * One ranking of the period (GET /cms/stat/site/:dim): a table whose share column is drawn as a bar,
 * so the chart and the table are one thing a screen reader reads as a table; exported as .xlsx.
 */
export function RankTable({ dim, period }: { dim: StatDim; period: Period }) {
  const t = useT(stats);
  const lng = currentLanguage();
  const [rows, setRows] = useState<RankRow[] | null>(null);
  useEffect(() => {
    setRows(null);
    void getRanking(dim, period).then(setRows, () => setRows([]));
  }, [dim, period]);
  const title = t(`dim.${dim}`);
  const fmt = new Intl.NumberFormat(lng);
  return (
    <section className="stat-rank" aria-labelledby={`stat-rank-${dim}`} data-testid={`stat-rank-${dim}`}>
      <div className="stat-rank-bar">
        <h3 id={`stat-rank-${dim}`}>{title}</h3>
        <Button size="small" outlined icon="pi pi-download" label={t('export')} aria-label={t('exportOf', { name: title })} disabled={!rows?.length} onClick={() => void exportRanking(dim, period)} />
      </div>
      {rows === null ? <p aria-live="polite">…</p> : !rows.length ? <p>{t('table.empty')}</p> : (
        <div className="stat-table-wrap">
          <table className="stat-table">
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col" className="num">{t('col.rank')}</th>
                <th scope="col">{title}</th>
                <th scope="col" className="num">{t('col.pv')}</th>
                <th scope="col" className="num">{t('col.uv')}</th>
                <th scope="col" className="num">{t('col.visits')}</th>
                <th scope="col" className="stat-share-col">{t('col.share')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={r.key}>
                  <td className="num">{i + 1}</td>
                  <th scope="row" className="stat-key">{labelOf(dim, r, lng)}</th>
                  <td className="num">{fmt.format(r.pv)}</td>
                  <td className="num">{fmt.format(r.uv)}</td>
                  <td className="num">{fmt.format(r.visits)}</td>
                  <td className="stat-share-col">
                    <span className="stat-share"><span className="stat-share-fill" style={{ width: `${Math.min(100, r.share)}%` }} /></span>
                    <span className="stat-share-text">{r.share}%</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
