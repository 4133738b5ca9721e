import '../../stores/request-context.ts'; // first: the request core's language, site and notices (see the file)
import { lazy, Suspense, useEffect, useId, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { PrimeReactProvider } from '../../components/widgets/prime-provider.ts';
import { TabView, TabPanel } from 'primereact/tabview';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useT } from '../../lib/i18n/react.ts';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import stats from '../../lib/i18n/ns/stats.ts';
import { $currentSite } from '../../stores/site.ts';
import { useViewGuard } from '../cms/use-view-guard.ts';
import { GRANULARITIES, MAX_HOUR_DAYS, STAT_PERM, type Granularity, type Overview, type StatDim, type Totals, type TrendPoint } from '../../../shared/stats/stat.ts';
import { exportTrend, getOverview, getTrend, lastDays, type Period } from './stat-api.ts';
import { RankTable } from './RankTable.tsx';
import { ContentStats } from './ContentStats.tsx';
import './stat.css';

// Chart.js comes with the chart, after the figures: the page's first load carries none of it.
const TrendChart = lazy(() => import('./TrendChart.tsx'));

/** The tabs: one ranking each, the browsers/OS/devices together, and the content statistics. */
const TABS: readonly (StatDim | 'tech' | 'contents')[] = ['source', 'engine', 'word', 'page', 'entry', 'content', 'catalog', 'tech', 'country', 'contents'];
const PRESETS = [7, 30, 90] as const;
const DAY_MS = 86_400_000;

/**
 * /statistics (menu 2080, component stat/index): the current site's first-party statistics —
 * overview cards, the trend at a granularity, rankings per dimension and the content statistics —
 * for a period of days. Every chart is also a table; every table exports as .xlsx.
 */
export default function StatIsland() {
  const t = useT(stats);
  useViewGuard(STAT_PERM);
  const site = useStore($currentSite);
  const lng = currentLanguage();
  const [period, setPeriod] = useState<Period>(() => lastDays(30));
  const [draft, setDraft] = useState<Period>(period);
  const [granularity, setGranularity] = useState<Granularity>('day');
  const [overview, setOverview] = useState<Overview | null>(null);
  const [points, setPoints] = useState<TrendPoint[] | null>(null);
  const [tab, setTab] = useState(0);
  const ids = { begin: useId(), end: useId(), gran: useId() };
  const days = (Date.parse(period.endTime) - Date.parse(period.beginTime)) / DAY_MS + 1;
  // Hourly is offered for periods an hourly axis can show.
  const gran = granularity === 'hour' && days > MAX_HOUR_DAYS ? 'day' : granularity;

  useEffect(() => {
    setOverview(null);
    void getOverview().then((o) => setOverview(o ?? null), () => undefined);
  }, [site]);
  useEffect(() => {
    setPoints(null);
    void getTrend(period, gran).then(setPoints, () => setPoints([]));
  }, [period, gran, site]);

  const fmt = useMemo(() => new Intl.NumberFormat(lng), [lng]);
  const atLabel = useMemo(() => (at: string) => (gran === 'hour' ? `${at.slice(5, 10)} ${at.slice(11, 16)}` : at), [gran]);
  // The chart's axis keeps month and day (the year is in the period); the table keeps whole dates.
  const chartLabels = useMemo(() => ({ pv: t('col.pv'), uv: t('col.uv'), at: (at: string) => (gran === 'month' ? at.slice(0, 7) : atLabel(at).replace(/^\d{4}-/, '')) }), [t, atLabel, gran]);
  const sum = (points ?? []).reduce((acc, p) => ({ pv: acc.pv + p.pv, uv: acc.uv + p.uv }), { pv: 0, uv: 0 });
  const summary = t('trend.summary', { pv: fmt.format(sum.pv), uv: fmt.format(sum.uv) });

  const card = (name: 'today' | 'yesterday' | 'last7' | 'last30', v: Totals | undefined) => (
    <section key={name} className="stat-card" aria-labelledby={`stat-card-${name}`} data-testid={`stat-card-${name}`}>
      <h3 id={`stat-card-${name}`}>{t(`overview.${name}`)}</h3>
      <dl>
        {(['pv', 'uv', 'ips', 'visits', 'avgViews'] as const).map((k) => (
          <div key={k} className={k === 'pv' ? 'stat-card-main' : undefined}>
            <dt>{t(`col.${k}`)}</dt>
            <dd>{v ? fmt.format(v[k]) : '…'}</dd>
          </div>
        ))}
      </dl>
    </section>
  );

  const panel = (key: (typeof TABS)[number]) => {
    if (key === 'contents') return <ContentStats period={period} />;
    if (key === 'tech') return <div className="stat-tech">{(['browser', 'os', 'device'] as const).map((d) => <RankTable key={d} dim={d} period={period} />)}</div>;
    return <RankTable dim={key} period={period} />;
  };

  return (
    <PrimeReactProvider>
      <div className="stat-screen" data-testid="stat-screen" key={site}>
        <form className="stat-period" aria-label={t('period.label')} onSubmit={(e) => { e.preventDefault(); if (draft.beginTime && draft.endTime) setPeriod(draft); }}>
          <div className="stat-presets" role="group" aria-label={t('period.label')}>
            {PRESETS.map((n) => {
              const p = lastDays(n);
              const on = p.beginTime === period.beginTime && p.endTime === period.endTime;
              return <Button key={n} type="button" size="small" outlined={!on} aria-pressed={on} label={t(`period.last${n}`)} onClick={() => { setPeriod(p); setDraft(p); }} />;
            })}
          </div>
          <label htmlFor={ids.begin}>{t('period.begin')}</label>
          <InputText id={ids.begin} type="date" value={draft.beginTime} max={draft.endTime} onChange={(e) => setDraft({ ...draft, beginTime: e.target.value })} />
          <label htmlFor={ids.end}>{t('period.end')}</label>
          <InputText id={ids.end} type="date" value={draft.endTime} min={draft.beginTime} onChange={(e) => setDraft({ ...draft, endTime: e.target.value })} />
          <Button type="submit" size="small" icon="pi pi-search" label={t('period.apply')} />
          <small className="stat-note">{t('period.utc')}</small>
        </form>

        <h2 className="stat-heading">{t('overview.heading')}</h2>
        <div className="stat-cards">
          {card('today', overview?.today)}
          {card('yesterday', overview?.yesterday)}
          {card('last7', overview?.last7)}
          {card('last30', overview?.last30)}
        </div>

        <section className="stat-trend" aria-labelledby="stat-trend-heading">
          <div className="stat-rank-bar">
            <h2 id="stat-trend-heading" className="stat-heading">{t('trend.heading')}</h2>
            <div className="stat-presets" role="group" aria-label={t('trend.granularity')}>
              {GRANULARITIES.map((g) => (
                <Button key={g} type="button" size="small" outlined={gran !== g} aria-pressed={gran === g} label={t(`trend.${g}`)} disabled={g === 'hour' && days > MAX_HOUR_DAYS}
                  title={g === 'hour' && days > MAX_HOUR_DAYS ? t('trend.hourLimit') : undefined} onClick={() => setGranularity(g)} />
              ))}
            </div>
            <Button size="small" outlined icon="pi pi-download" label={t('export')} aria-label={t('exportOf', { name: t('trend.heading') })} disabled={!points?.length} onClick={() => void exportTrend(period, gran)} />
          </div>
          <p aria-live="polite" className="stat-note">{points ? summary : '…'}</p>
          {points ? (
            <Suspense fallback={<div className="stat-chart" />}>
              <TrendChart points={points} labels={chartLabels} label={`${t('trend.heading')}: ${summary}`} />
            </Suspense>
          ) : <div className="stat-chart" />}
          {points?.length ? (
            <details className="stat-details">
              <summary>{t('table.show')}</summary>
              <div className="stat-table-wrap">
                <table className="stat-table">
                  <caption className="visually-hidden">{t('trend.heading')}</caption>
                  <thead><tr>{(['at', 'pv', 'uv', 'ips', 'visits'] as const).map((k) => <th key={k} scope="col" className={k === 'at' ? undefined : 'num'}>{t(`col.${k}`)}</th>)}</tr></thead>
                  <tbody>{points.map((p) => <tr key={p.at}><th scope="row">{atLabel(p.at)}</th><td className="num">{fmt.format(p.pv)}</td><td className="num">{fmt.format(p.uv)}</td><td className="num">{fmt.format(p.ips)}</td><td className="num">{fmt.format(p.visits)}</td></tr>)}</tbody>
                </table>
              </div>
            </details>
          ) : null}
        </section>

        <TabView className="stat-tabs" activeIndex={tab} onTabChange={(e) => setTab(e.index)} scrollable>
          {TABS.map((key, i) => (
            <TabPanel key={key} header={t(`dim.${key}`)}>
              {i === tab ? panel(key) : null}
            </TabPanel>
          ))}
        </TabView>
      </div>
    </PrimeReactProvider>
  );
}
