import './dashboard.css';
import type { ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { useLocale, useT } from '../../lib/i18n/react.ts';
import home from '../../lib/i18n/ns/home.ts';
import { BASE_PATH } from '../../../shared/constants.ts';
import { CONTENT_STATUS_DICT, ContentStatus } from '../../../shared/cms/content.ts';
import { DASHBOARD_SCREENS, type dashboardOf, type SiteStat } from '../../lib/cms/dashboard.ts';
import { formatBytes } from '../../lib/sizes.ts';
import { $dicts } from '../../stores/dicts.ts';
import { $pages, $serverRoutes } from '../../stores/routes.ts';
import { $user } from '../../stores/session.ts';
import { $progressAsked } from '../../stores/publish.ts';
import { useHandoverWhen } from '../prepaint/handover.ts';
import { DashboardCards, type DashboardCard } from './DashboardCards.tsx';
import { ViewsSparkline } from './ViewsSparkline.tsx';
import { LatestActivity } from './LatestActivity.tsx';

type Totals = ReturnType<typeof dashboardOf>;
type Translate = ReturnType<typeof home.fixed>;
export type DashboardScreen = keyof typeof DASHBOARD_SCREENS;

/**
 * The figures' cards for `stat`, each opening its screen when `link` gives one (`size` writes the
 * resources' bytes; the pre-paint's frame renders the cards with markers for the figures).
 */
export function dashboardCards(stat: SiteStat, d: Totals, t: Translate, link: (screen: DashboardScreen) => string | undefined, size: (bytes: number | null) => string = formatBytes): DashboardCard[] {
  const queued = stat.publishQueue.waiting + stat.publishQueue.running;
  return [
    { key: 'contents', icon: 'pi-file', value: d.total, label: t('dashboard.contents'), href: link('contents') },
    { key: 'published', icon: 'pi-send', value: d.published, label: t('dashboard.published'), href: link('contents') },
    { key: 'catalogs', icon: 'pi-sitemap', value: stat.catalogs, label: t('dashboard.catalogs'), href: link('catalogs') },
    ...(stat.resources === null ? [] : [{ key: 'resources', icon: 'pi-images', value: stat.resources, label: t('dashboard.resources'), detail: t('dashboard.resourceBytes', { size: size(stat.resourceBytes) }), href: link('resources') }]),
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
}

/** A figure's screen as a console link, when the user's menus have it (their keys, and the screen exists). */
export const dashboardLink = (pages: readonly { path: string }[], screen: DashboardScreen) => {
  const path = `/${DASHBOARD_SCREENS[screen]}`;
  return pages.some((p) => p.path === path) ? `${BASE_PATH}${path.slice(1)}` : undefined;
};

/** A list of counts with a bar each for its share of the whole (`none`: what shows for no entries). */
export function DashboardBars({ testid, title, items, none }: { testid: string; title: string; items: { key: string; name: string; share: number | string; count: number | string }[]; none?: string }) {
  return (
    <div className="home-dashboard-list" data-testid={testid}>
      <h3>{title}</h3>
      {items.length || none === undefined ? (
        <ul>
          {items.map((x) => (
            <li key={x.key}>
              <span className="home-dashboard-name">{x.name}</span>
              <span className="home-dashboard-bar" aria-hidden="true"><span style={{ width: `${x.share}%` }} /></span>
              <span className="home-dashboard-count">{x.count}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="home-dashboard-none">{none}</p>
      )}
    </div>
  );
}

/** The dashboard's sections in their places. */
export function DashboardLayout({ title, cards, byStatus, byType, views, activity }: { title: string; cards: ReactNode; byStatus: ReactNode; byType: ReactNode; views: ReactNode; activity: ReactNode }) {
  return (
    <section className="home-dashboard" data-testid="home-dashboard" aria-label={title}>
      <h2 className="home-dashboard-title">
        <i className="pi pi-globe" aria-hidden="true" />
        {title}
      </h2>
      {cards}
      <div className="home-dashboard-lists">
        {byStatus}
        {byType}
      </div>
      <div className="home-dashboard-lists">
        {views}
        {activity}
      </div>
    </section>
  );
}

/**
 * Home's dashboard for the current site (issue 10 §2, issue 32 §2) as GET /cms/content/stat
 * answered it: contents in all and by status and type, catalogs, resources and their size, what
 * waits for review, the publish queue, 30 days of views and the latest changes, as far as the user
 * may see them (docs/dashboard.md). Loaded by SiteDashboard.tsx once it has something to show.
 */
export function SiteDashboardView({ stat, totals: d }: { stat: SiteStat; totals: Totals }) {
  const t = useT(home);
  const lng = useLocale();
  const dicts = useStore($dicts);
  const pages = useStore($pages);
  const user = useStore($user);
  const routes = useStore($serverRoutes);
  const statusLabel = (s: string) => dicts[CONTENT_STATUS_DICT]?.find((o) => o.value === s)?.label ?? (s === ContentStatus.ARCHIVED ? t('dashboard.archived') : s);
  const link = (screen: DashboardScreen) => dashboardLink(pages, screen);
  // The copy Home painted before its scripts (home/prepaint/) gives way once this draws all it drew:
  // the user's welcome, the menus (the figures' links), the statuses' labels.
  useHandoverWhen(user !== null && routes !== null && CONTENT_STATUS_DICT in dicts, lng);

  return (
    <DashboardLayout
      title={t('dashboard.title', { site: stat.siteName })}
      cards={<DashboardCards cards={dashboardCards(stat, d, t, link)} />}
      byStatus={<DashboardBars testid="dashboard-by-status" title={t('dashboard.byStatus')} none={t('dashboard.none')} items={d.statuses.map((s) => ({ key: s.status, name: statusLabel(s.status), share: s.share, count: s.count }))} />}
      byType={<DashboardBars testid="dashboard-by-type" title={t('dashboard.byType')} items={d.types.map((x) => ({ key: x.type, name: t(`dashboard.types.${x.type}`), share: x.share, count: x.count }))} />}
      views={<ViewsSparkline views={stat.views} href={link('statistics')} />}
      activity={stat.activity ? <LatestActivity items={stat.activity} statusLabel={statusLabel} /> : null}
    />
  );
}
