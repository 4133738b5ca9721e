import { useT } from '../../lib/i18n/react.ts';
import home from '../../lib/i18n/ns/home.ts';
import { sparklineOf, SPARK, type SiteStat } from '../../lib/cms/dashboard.ts';

/**
 * The site's views of the last 30 days as a small inline SVG (no chart library on Home), with its
 * numbers in words for screen readers (the drawing is hidden from them) and the totals in sight.
 * Opens the Statistics screen when `href` is given.
 */
export function ViewsSparkline({ views, href }: { views: SiteStat['views']; href?: string }) {
  return <ViewsSparklineDrawn from={views.from} s={sparklineOf(views)} href={href} />;
}

/** The sparkline as drawn from its sums (Home's pre-paint renders it with markers: home/prepaint/frame.tsx). */
export function ViewsSparklineDrawn({ from, s, href }: { from: string; s: ReturnType<typeof sparklineOf>; href?: string }) {
  const t = useT(home);
  const summary = s.peakDay
    ? t('dashboard.viewsSummary', { total: s.total, today: s.today, from, day: s.peakDay, max: s.max })
    : t('dashboard.viewsNone', { from });
  return (
    <div className="home-dashboard-list home-dashboard-views" data-testid="dashboard-views">
      <h3>{href ? <a href={href} title={t('dashboard.viewsOpen')}>{t('dashboard.views')}</a> : t('dashboard.views')}</h3>
      <svg className="home-dashboard-spark" viewBox={`0 0 ${SPARK.width} ${SPARK.height}`} preserveAspectRatio="none" aria-hidden="true" focusable="false">
        <polyline points={`${SPARK.pad},${SPARK.height - SPARK.pad} ${s.points} ${SPARK.width - SPARK.pad},${SPARK.height - SPARK.pad}`} className="home-dashboard-spark-area" />
        <polyline points={s.points} className="home-dashboard-spark-line" />
      </svg>
      <p className="home-dashboard-spark-total" aria-hidden="true">{t('dashboard.viewsTotal', { total: s.total, today: s.today })}</p>
      <p className="visually-hidden" data-testid="dashboard-views-summary">{summary}</p>
    </div>
  );
}
