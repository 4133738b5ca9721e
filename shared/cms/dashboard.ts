/** How many days the dashboard's views sparkline covers, today (UTC) included. */
export const DASHBOARD_VIEW_DAYS = 30;

/** How many of the latest content changes the dashboard lists. */
export const DASHBOARD_ACTIVITY = 8;

/** One of the site's latest content changes (a save, a publish, an offline…), newest first. */
export interface DashboardActivity {
  contentId: number;
  title: string;
  contentType: string;
  /** the status the change left it in (ContentStatus) */
  status: string;
  /** who changed it (user name) */
  by: string;
  /** when, "yyyy-MM-dd HH:mm:ss" as every console time */
  time: string;
}

/**
 * GET /cms/content/stat: Home's dashboard for the current site (server/modules/cms/content/stat.ts).
 * Every count is within the user's grants; a figure the user may not open the screen of is null
 * (the console then leaves its card out).
 */
export interface SiteStat {
  siteId: number;
  siteName: string;
  /** live contents (not in the recycle bin) by status and by type, in the catalogs the user may view */
  byStatus: Record<string, number>;
  byType: Record<string, number>;
  catalogs: number;
  /** the resource library's files and their total bytes; null without cms:resource:view */
  resources: number | null;
  resourceBytes: number | null;
  /** live comments waiting for an audit; null without comment:comment:view */
  unreviewedComments: number | null;
  /** mailbox messages not yet reviewed; null without cms:mailbox:view */
  unreviewedMailbox: number | null;
  /** the site's publish queue in units (pages to render): waiting for a worker, being rendered */
  publishQueue: { waiting: number; running: number };
  /** readers' views per UTC day, DASHBOARD_VIEW_DAYS of them, the oldest first and the last today */
  views: { from: string; days: number[] };
  /** the latest content changes; null without cms:content:view */
  activity: DashboardActivity[] | null;
  /**
   * Review tasks waiting for this user, for the review workflow (issue 32 item 4) to fill: null
   * while no workflow answers it, and the console shows nothing for it then.
   */
  pendingReviews: number | null;
}
