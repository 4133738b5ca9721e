import { CONTENT_TYPES, ContentStatus } from '../../../shared/cms/content.ts';
import type { SiteStat } from '../../../shared/cms/dashboard.ts';
import { BASE_PATH } from '../../../shared/constants.ts';

export type { SiteStat, DashboardActivity } from '../../../shared/cms/dashboard.ts';

/**
 * The screens Home's figures open (console paths under BASE_PATH): a figure links only when the
 * user's menus hold its screen. dashboard.test.ts holds them to the definitions' paths (the
 * definitions themselves are too heavy for Home). Statistics is ChestnutCMS's menu 2080.
 */
export const DASHBOARD_SCREENS = {
  contents: 'configs/content',
  catalogs: 'configs/catalog',
  resources: 'configs/resource',
  comments: 'operations/comment',
  mailbox: 'operations/mailbox',
  statistics: 'statistics',
} as const;

/**
 * The editor of a content (content-list.ts `editContentUrl`, which dashboard.test.ts holds this
 * to): not imported from there, as that module sits in the content screens' chunk and would bring
 * it, and what it imports, to Home (six files, 54 KiB).
 */
export const editorHref = (contentId: number) => `${BASE_PATH}cms/content/editor?contentId=${contentId}`;

/** The workflow's order (spec §4), for the dashboard's "by status" list. */
export const STATUS_ORDER: readonly string[] = [ContentStatus.DRAFT, ContentStatus.TO_PUBLISH, ContentStatus.REVIEWING, ContentStatus.PUBLISHED, ContentStatus.EDITING, ContentStatus.OFFLINE, ContentStatus.ARCHIVED];

/**
 * What Home's cards show: the contents in all, each status and type in a fixed order with its
 * share of the whole (for its bar); statuses nobody is in are left out, every type stays.
 */
export function dashboardOf(stat: SiteStat) {
  return dashboardTotals(stat, STATUS_ORDER, CONTENT_TYPES, ContentStatus.PUBLISHED);
}

/**
 * dashboardOf's sums, in the given orders. Self-contained (nothing from outside its body): Home's
 * pre-paint script ships its source text (islands/prepaint/kit.ts).
 */
export function dashboardTotals<T extends string>(stat: Pick<SiteStat, 'byStatus' | 'byType'>, statusOrder: readonly string[], types: readonly T[], publishedStatus: string) {
  const total = Object.values(stat.byStatus).reduce((a, b) => a + b, 0);
  const share = (n: number) => (total ? Math.round((n / total) * 1000) / 10 : 0);
  const known = new Set<string>(statusOrder);
  const statuses = [...statusOrder, ...Object.keys(stat.byStatus).filter((s) => !known.has(s))]
    .filter((s) => (stat.byStatus[s] ?? 0) > 0)
    .map((status) => ({ status, count: stat.byStatus[status]!, share: share(stat.byStatus[status]!) }));
  const byType = types.map((type) => ({ type, count: stat.byType[type] ?? 0, share: share(stat.byType[type] ?? 0) }));
  return { total, published: stat.byStatus[publishedStatus] ?? 0, statuses, types: byType };
}

/** The views sparkline's drawing box (SVG user units; the SVG scales it to its width). */
export const SPARK = { width: 300, height: 48, pad: 3 } as const;

/**
 * The 30 days of views as a sparkline: the polyline's points in SPARK's box (the highest day at
 * the top, 0 at the bottom; all zero: a flat line at the bottom), and what its text summary says.
 * Self-contained (the box is a parameter): Home's pre-paint script ships its source text.
 */
export function sparklineOf(views: SiteStat['views'], box: { width: number; height: number; pad: number } = SPARK) {
  const round = (n: number) => Math.round(n * 10) / 10;
  const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
  const { days } = views;
  const max = Math.max(0, ...days);
  const step = days.length > 1 ? (box.width - 2 * box.pad) / (days.length - 1) : 0;
  const y = (n: number) => box.height - box.pad - (max ? (n / max) * (box.height - 2 * box.pad) : 0);
  const points = days.map((n, i) => `${round(box.pad + i * step)},${round(y(n))}`).join(' ');
  const peak = days.indexOf(max);
  return {
    points,
    total: days.reduce((a, b) => a + b, 0),
    today: days[days.length - 1] ?? 0,
    max,
    /** the day with the most views (the first of equals), "yyyy-MM-dd"; null when none had any */
    peakDay: max > 0 ? addDays(views.from, peak) : null,
  };
}
