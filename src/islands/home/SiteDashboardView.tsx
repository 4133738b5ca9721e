import './dashboard.css';
import { useStore } from '@nanostores/react';
import { useT } from '../../lib/i18n/react.ts';
import home from '../../lib/i18n/ns/home.ts';
import { BASE_PATH } from '../../../shared/constants.ts';
import { CONTENT_STATUS_DICT, ContentStatus } from '../../../shared/cms/content.ts';
import { DASHBOARD_SCREENS, type dashboardOf, type SiteStat } from '../../lib/cms/dashboard.ts';
import { formatBytes } from '../../lib/sizes.ts';
import { $dicts } from '../../stores/dicts.ts';
import { $pages } from '../../stores/routes.ts';
import { $progressAsked } from '../../stores/publish.ts';
import { DashboardCards, type DashboardCard } from './DashboardCards.tsx';
import { ViewsSparkline } from './ViewsSparkline.tsx';
import { LatestActivity } from './LatestActivity.tsx';


/**
 * Home's dashboard for the current site (issue 10 §2, issue 32 §2) as GET /cms/content/stat
 * answered it: contents in all and by status and type, catalogs, resources and their size, what
 * waits for review, the publish queue, 30 days of views and the latest changes, as far as the user
 * may see them (docs/dashboard.md). Loaded by SiteDashboard.tsx once it has something to show.
 */
export function SiteDashboardView({ stat, totals: d }: { stat: SiteStat; totals: ReturnType<typeof dashboardOf> }) {
  const t = useT(home);
  const dicts = useStore($dicts);
  const pages = useStore($pages);
  const statusLabel = (s: string) => dicts[CONTENT_STATUS_DICT]?.find((o) => o.value === s)?.label ?? (s === ContentStatus.ARCHIVED ? t('dashboard.archived') : s);
  // A figure opens its screen when the user's menus have it (their keys, and the screen exists).
  const link = (screen: keyof typeof DASHBOARD_SCREENS) => {
    const path = `/${DASHBOARD_SCREENS[screen]}`;
    return pages.some((p) => p.path === path) ? `${BASE_PATH}${path.slice(1)}` : undefined;
  };
  const queued = stat.publishQueue.waiting + stat.publishQueue.running;
  const cards: DashboardCard[] = [
    { key: 'contents', icon: 'pi-file', value: d.total, label: t('dashboard.contents'), href: link('contents') },
    { key: 'published', icon: 'pi-send', value: d.published, label: t('dashboard.published'), href: link('contents') },
    { key: 'catalogs', icon: 'pi-sitemap', value: stat.catalogs, label: t('dashboard.catalogs'), href: link('catalogs') },
    ...(stat.resources === null ? [] : [{ key: 'resources', icon: 'pi-images', value: stat.resources, label: t('dashboard.resources'), detail: t('dashboard.resourceBytes', { size: formatBytes(stat.resourceBytes) }), href: link('resources') }]),
    ...(stat.pendingReviews === null ? [] : [{ key: 'pendingReviews', icon: 'pi-check-square', value: stat.pendingReviews, label: t('dashboard.pendingReviews') }]),
    ...(stat.unreviewedComments === null ? [] : [{ key: 'comments', icon: 'pi-comments', value: stat.unreviewedComments, label: t('dashboard.comments'), href: link('comments') }]),
    ...(stat.unreviewedMailbox === null ? [] : [{ key: 'mailbox', icon: 'pi-envelope', value: stat.unreviewedMailbox, label: t('dashboard.mailbox'), href: link('mailbox') }]),
    {
      key: 'queue', icon: 'pi-cloud-upload', value: queued, label: t('dashboard.queue'), action: t('dashboard.queueOpen'),
      detail: t('dashboard.queueDetail', stat.publishQueue),
      // The navbar's indicator draws the progress view; asking it opens the view on this site's run.
      onClick: () => $progressAsked.set({ siteId: String(stat.siteId) }),
    },
  ];

  return (
    <section className="home-dashboard" data-testid="home-dashboard" aria-label={t('dashboard.title', { site: stat.siteName })}>
      <h2 className="home-dashboard-title">
        <i className="pi pi-globe" aria-hidden="true" />
        {t('dashboard.title', { site: stat.siteName })}
      </h2>
      <DashboardCards cards={cards} />
      <div className="home-dashboard-lists">
        <div className="home-dashboard-list" data-testid="dashboard-by-status">
          <h3>{t('dashboard.byStatus')}</h3>
          {d.statuses.length ? (
            <ul>
              {d.statuses.map((s) => (
                <li key={s.status}>
                  <span className="home-dashboard-name">{statusLabel(s.status)}</span>
                  <span className="home-dashboard-bar" aria-hidden="true"><span style={{ width: `${s.share}%` }} /></span>
                  <span className="home-dashboard-count">{s.count}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="home-dashboard-none">{t('dashboard.none')}</p>
          )}
        </div>
        <div className="home-dashboard-list" data-testid="dashboard-by-type">
          <h3>{t('dashboard.byType')}</h3>
          <ul>
            {d.types.map((x) => (
              <li key={x.type}>
                <span className="home-dashboard-name">{t(`dashboard.types.${x.type}`)}</span>
                <span className="home-dashboard-bar" aria-hidden="true"><span style={{ width: `${x.share}%` }} /></span>
                <span className="home-dashboard-count">{x.count}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="home-dashboard-lists">
        <ViewsSparkline views={stat.views} href={link('statistics')} />
        {stat.activity ? <LatestActivity items={stat.activity} statusLabel={statusLabel} /> : null}
      </div>
    </section>
  );
}
