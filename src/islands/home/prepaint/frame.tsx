import { ALL_PERMISSIONS, BASE_PATH } from '../../../../shared/constants.ts';
import { builtLanguage } from '../../../lib/i18n/i18n.ts';
import { CONTENT_STATUS_DICT, CONTENT_TYPES, ContentStatus } from '../../../../shared/cms/content.ts';
import type { SessionUser } from '../../../stores/session.ts';
import { dictUrl } from '../../../stores/dicts.ts';
import home from '../../../lib/i18n/ns/home.ts';
import { DASHBOARD_SCREENS, SPARK, STATUS_ORDER, type SiteStat } from '../../../lib/cms/dashboard.ts';
import { COMPONENT_SCREENS, PREBUILT_SCREENS } from '../../router/screens.ts';
import { MARK } from '../../prepaint/kit.ts';
import { cutItems, renderFragment as html } from '../../prepaint/render.tsx';
import { HomeWelcomeView, greetingKey } from '../HomeWelcome.tsx';
import { CMS_KEYS, STAT_GET } from '../SiteDashboard.tsx';
import { DashboardBars, DashboardLayout, dashboardCards, dashboardLink, type DashboardScreen } from '../SiteDashboardView.tsx';
import { DashboardCards } from '../DashboardCards.tsx';
import { ViewsSparklineDrawn } from '../ViewsSparkline.tsx';
import { LatestActivity } from '../LatestActivity.tsx';
import type { HomeFrame } from './paint.ts';

/** Home's first calls besides the session's: the figures and their statuses' labels (index.astro's firstGets). */
export const HOME_GETS = [STAT_GET, dictUrl(CONTENT_STATUS_DICT)];

/** Sign-in times stand for markers as dates: LoginCard shows a time only in the server's format. */
const THIS_TIME = '1000-01-01 00:00:01';
const PREV_TIME = '1000-01-01 00:00:02';

const user = (first: boolean): SessionUser => ({
  userId: '1', userName: MARK('name'), nickName: MARK('name'), avatar: '', avatarSrc: '',
  loginIp: MARK('thisIp'), loginDate: THIS_TIME,
  prevLoginIp: first ? '' : MARK('prevIp'), prevLoginDate: first ? '' : PREV_TIME,
  forceModifyPassword: false, isPasswordExpired: false,
} as SessionUser);

/** The fragments Home's painter draws from (paint.ts), rendered by Home's own components in the build's language. */
export function homeFrame(): HomeFrame {
  const t = home.fixed(builtLanguage());
  const page = (first: boolean) => html(<HomeWelcomeView user={user(first)} greeting={MARK('greeting')} avatar={MARK('avatar')} dashboard={MARK('dashboard')} />)
    .replace(THIS_TIME, MARK('thisTime')).replace(PREV_TIME, MARK('prevTime'));
  // Every card (a figure the user may not see is null: the painter leaves its card out), with markers for its figures.
  const stat = { siteId: 0, catalogs: 0, resources: 0, resourceBytes: 0, pendingReviews: 0, unreviewedComments: 0, unreviewedMailbox: 0, publishQueue: { waiting: MARK('waiting'), running: MARK('running') } } as unknown as SiteStat;
  const totals = { total: 0, published: 0, statuses: [], types: [] };
  const screens = Object.keys(DASHBOARD_SCREENS) as DashboardScreen[];
  const hrefOf = (s: DashboardScreen) => dashboardLink([{ path: `/${DASHBOARD_SCREENS[s]}` }], s);
  const linked = dashboardCards(stat, totals, t, hrefOf, () => MARK('size'));
  const plain = dashboardCards(stat, totals, t, () => undefined, () => MARK('size'));
  const card = (c: (typeof linked)[number]) => {
    const drawn = html(<DashboardCards cards={[{ ...c, value: MARK('value') as unknown as number }]} />);
    return drawn.slice(drawn.indexOf('>') + 1, drawn.lastIndexOf('</div>'));
  };
  const bar = { key: 'k', name: MARK('name'), share: MARK('share'), count: MARK('count') };
  const [byStatus, statusItem] = cutItems(html(<DashboardBars testid="dashboard-by-status" title={t('dashboard.byStatus')} none={t('dashboard.none')} items={[bar]} />), '<ul>', '</ul>');
  const [byType] = cutItems(html(<DashboardBars testid="dashboard-by-type" title={t('dashboard.byType')} items={[bar]} />), '<ul>', '</ul>');
  const spark = (peak: boolean, href?: string) => html(<ViewsSparklineDrawn from={MARK('from')} href={href} s={{ points: MARK('points'), total: MARK('total') as unknown as number, today: MARK('today') as unknown as number, max: MARK('max') as unknown as number, peakDay: peak ? MARK('day') : null }} />);
  const statistics = hrefOf('statistics');
  const item = { contentId: MARK('id') as unknown as number, title: MARK('title'), contentType: '', status: MARK('status'), by: MARK('by'), time: `${MARK('date')} ${MARK('clock')}` };
  const [activity, activityItem] = cutItems(html(<LatestActivity items={[item]} statusLabel={(s) => s} />), '<ul>', '</ul>');
  return {
    kind: 'home',
    urls: ['/getInfo', '/getRouters', ...HOME_GETS],
    lang: builtLanguage(),
    drawn: '[data-testid=home-dashboard]',
    perms: [...CMS_KEYS],
    allPerms: ALL_PERMISSIONS,
    greetings: [t(greetingKey(0)), t(greetingKey(12)), t(greetingKey(18))],
    page: [page(false), page(true)],
    dashboard: html(<DashboardLayout title={t('dashboard.title', { site: MARK('site') })} cards={MARK('cards')} byStatus={MARK('byStatus')} byType={MARK('byType')} views={MARK('views')} activity={MARK('activity')} />).replace(MARK('cards'), html(<DashboardCards cards={[]} />).replace('></div>', `>${MARK('cards')}</div>`)),
    cards: linked.map((c, i) => ({ key: c.key, ...(c.href ? { screen: screens.find((s) => hrefOf(s) === c.href) } : {}), html: [card(c), card(plain[i]!)] as [string, string] })),
    byStatus: [byStatus, html(<DashboardBars testid="dashboard-by-status" title={t('dashboard.byStatus')} none={t('dashboard.none')} items={[]} />)],
    byType,
    bar: statusItem,
    typeLabels: Object.fromEntries(CONTENT_TYPES.map((x) => [x, t(`dashboard.types.${x}`)])),
    types: [...CONTENT_TYPES],
    statusOrder: [...STATUS_ORDER],
    published: ContentStatus.PUBLISHED,
    archived: [ContentStatus.ARCHIVED, t('dashboard.archived')],
    views: [[spark(true, statistics), spark(true)], [spark(false, statistics), spark(false)]],
    spark: { ...SPARK },
    activity: [activity, html(<LatestActivity items={[]} statusLabel={(s) => s} />)],
    activityItem,
    screens: Object.fromEntries(screens.map((s) => [s, `/${DASHBOARD_SCREENS[s]}`])),
    prebuilt: screens.map((s) => `/${DASHBOARD_SCREENS[s]}`).filter((p) => PREBUILT_SCREENS.includes(p)),
    components: Object.keys(COMPONENT_SCREENS),
    containers: ['Layout', 'ParentView'],
  };
}
