import { CONTENT_TYPES, ContentStatus } from '../../../shared/cms/content.ts';

/** GET /cms/content/stat: the current site's counts (server/modules/cms/content/stat.ts). */
export interface SiteStat {
  siteId: number;
  siteName: string;
  byStatus: Record<string, number>;
  byType: Record<string, number>;
  catalogs: number;
  /** null when the user may not open the resource library */
  resources: number | null;
}

/** The workflow's order (spec §4), for the dashboard's "by status" list. */
const STATUS_ORDER = [ContentStatus.DRAFT, ContentStatus.TO_PUBLISH, ContentStatus.PUBLISHED, ContentStatus.EDITING, ContentStatus.OFFLINE, ContentStatus.ARCHIVED];

/**
 * What Home's cards show: the contents in all, each status and type in a fixed order with its
 * share of the whole (for its bar); statuses nobody is in are left out, every type stays.
 */
export function dashboardOf(stat: SiteStat) {
  const total = Object.values(stat.byStatus).reduce((a, b) => a + b, 0);
  const share = (n: number) => (total ? Math.round((n / total) * 1000) / 10 : 0);
  const known = new Set<string>(STATUS_ORDER);
  const statuses = [...STATUS_ORDER, ...Object.keys(stat.byStatus).filter((s) => !known.has(s))]
    .filter((s) => (stat.byStatus[s] ?? 0) > 0)
    .map((status) => ({ status, count: stat.byStatus[status]!, share: share(stat.byStatus[status]!) }));
  const types = CONTENT_TYPES.map((type) => ({ type, count: stat.byType[type] ?? 0, share: share(stat.byType[type] ?? 0) }));
  return { total, published: stat.byStatus[ContentStatus.PUBLISHED] ?? 0, statuses, types };
}
