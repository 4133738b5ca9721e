import { and, count, desc, eq, gte, inArray, isNull, sql, sum, type SQL } from 'drizzle-orm';
import type { SiteOp } from '../../../core/operation.ts';
import { hasPermission } from '../../../core/access.ts';
import { formatDateTime } from '../../../../shared/format.ts';
import { DASHBOARD_ACTIVITY, DASHBOARD_VIEW_DAYS, type SiteStat } from '../../../../shared/cms/dashboard.ts';
import { resourceResource } from '../../../../shared/resources/cms/resource.ts';
import { commentResource } from '../../../../shared/resources/cms/comment.ts';
import { mailboxResource, MailboxReview } from '../../../../shared/resources/cms/mailbox.ts';
import { catalogFilter, catalogRights } from '../catalog/access.ts';
import { cmsResource } from '../resource/schema.ts';
import { cmsComment } from '../comment/schema.ts';
import { cmsMailbox } from '../mailbox/schema.ts';
import { cmsContentViewDay } from '../stat/schema.ts';
import { siteQueueUnits } from '../publish/queue.ts';
import { siteCounts } from './list.ts';
import { pendingReviewsOf } from './review-count.ts';
import { cmsContent } from './schema.ts';

const CONTENT_VIEW = 'cms:content:view';
/** When a content last changed: a save, a publish or any status change sets update_time (workflow.ts). */
const changedAt = sql<Date>`coalesce(${cmsContent.updateTime}, ${cmsContent.createTime})`.mapWith(cmsContent.createTime);

/**
 * GET /cms/content/stat, Home's dashboard for the current site: contents by status and type,
 * catalogs, 30 days of views and the latest changes, all within the actor's catalog grants (read
 * once); the site-wide figures (resources, comments, mailbox) for those who may open their screen
 * (the key their list checks), null for the others; the publish queue for anyone on the site, as
 * the navbar's indicator shows it.
 */
export async function dashboardCounts(op: SiteOp): Promise<SiteStat> {
  const rights = await catalogRights(op);
  const contents = await catalogFilter(op, 'View', cmsContent.catalogId, rights);
  const may = (key: string) => hasPermission(op.actor, key);
  const siteId = op.site.siteId;
  const [resource] = may(resourceResource.perms.view)
    ? await op.tx.select({ n: count(), bytes: sum(cmsResource.fileSize) }).from(cmsResource).where(eq(cmsResource.siteId, siteId))
    : [null];
  return {
    ...await siteCounts(op, rights),
    resources: resource ? Number(resource.n) : null,
    resourceBytes: resource ? Number(resource.bytes ?? 0) : null,
    unreviewedComments: may(commentResource.perms.view)
      ? await countOf(op, cmsComment, and(eq(cmsComment.siteId, siteId), eq(cmsComment.auditStatus, '0'), eq(cmsComment.delFlag, 'N')))
      : null,
    unreviewedMailbox: may(mailboxResource.perms.view)
      ? await countOf(op, cmsMailbox, and(eq(cmsMailbox.siteId, siteId), eq(cmsMailbox.reviewStatus, MailboxReview.UNREVIEWED)))
      : null,
    publishQueue: await siteQueueUnits(op.tx, siteId),
    views: await viewDays(op, contents),
    activity: may(CONTENT_VIEW) ? await latestChanges(op, contents) : null,
    pendingReviews: await pendingReviewsOf(op),
  };
}

async function countOf(op: SiteOp, table: typeof cmsComment | typeof cmsMailbox, where: SQL | undefined) {
  const [row] = await op.tx.select({ n: count() }).from(table).where(where);
  return Number(row?.n ?? 0);
}

/** The UTC day `offset` days from `now`, as the view counter writes it ("yyyy-MM-dd"). */
const utcDay = (now: number, offset: number) => new Date(now + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * The site's views per day, DASHBOARD_VIEW_DAYS up to today, a day without views 0. An editor
 * limited to some catalogs counts only their contents' views (a join only for them: the site's
 * index answers the others).
 */
async function viewDays(op: SiteOp, contents: SQL | undefined): Promise<SiteStat['views']> {
  const now = Date.now();
  const from = utcDay(now, 1 - DASHBOARD_VIEW_DAYS);
  const visible = contents && inArray(cmsContentViewDay.contentId, op.tx.select({ id: cmsContent.contentId }).from(cmsContent).where(and(eq(cmsContent.siteId, op.site.siteId), contents)));
  const rows = await op.tx.select({ day: cmsContentViewDay.day, n: sum(cmsContentViewDay.views) }).from(cmsContentViewDay)
    .where(and(eq(cmsContentViewDay.siteId, op.site.siteId), gte(cmsContentViewDay.day, from), visible)).groupBy(cmsContentViewDay.day);
  const byDay = new Map(rows.map((r) => [r.day, Number(r.n ?? 0)]));
  return { from, days: Array.from({ length: DASHBOARD_VIEW_DAYS }, (_, i) => byDay.get(utcDay(now, i + 1 - DASHBOARD_VIEW_DAYS)) ?? 0) };
}

/** The latest changed live contents the actor may view (index cms_content_site_changed_idx), newest first. */
async function latestChanges(op: SiteOp, contents: SQL | undefined) {
  const rows = await op.tx.select({
    contentId: cmsContent.contentId, title: cmsContent.title, contentType: cmsContent.contentType, status: cmsContent.status,
    createBy: cmsContent.createBy, updateBy: cmsContent.updateBy, changed: changedAt,
  }).from(cmsContent)
    .where(and(eq(cmsContent.siteId, op.site.siteId), isNull(cmsContent.recycleTime), contents))
    .orderBy(desc(changedAt), desc(cmsContent.contentId)).limit(DASHBOARD_ACTIVITY);
  return rows.map(({ createBy, updateBy, changed, ...r }) => ({ ...r, by: updateBy || createBy, time: formatDateTime(changed) }));
}
