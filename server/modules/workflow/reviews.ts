import { and, asc, count, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { SiteOp } from '../../core/operation.ts';
import { paging } from '../../core/envelope.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { hasPermission } from '../../core/access.ts';
import { REVIEW_VIEW } from '../../../shared/resources/workflow/model.ts';
import { cmsCatalog, cmsContent, reviewCounters } from '../cms/index.ts';
import { wfHistory, wfTask } from './schema.ts';

/**
 * What a reviewer sees: the current site's tasks whose candidate they are (to do), those they
 * decided (done), and a content's history. The submitter's own steps are left out of their list
 * unless the model lets them decide them.
 */

const mine = (op: SiteOp): SQL => {
  const byName = sql`${op.actor.userName} = any(${wfTask.candidateUsers})`;
  const byRole = op.actor.roles.length ? sql`${wfTask.candidateRoles} && ${sql.param(op.actor.roles)}::text[]` : sql`false`;
  return and(
    eq(wfTask.siteId, op.site.siteId),
    eq(wfTask.status, 'pending'),
    or(byName, byRole),
    or(ne(wfTask.submitter, op.actor.userName), eq(wfTask.selfReview, 'Y')),
    // a content in the recycle bin waits there, out of the reviewers' lists
    sql`not exists (select 1 from cms_content c where c.content_id = ${wfTask.contentId} and c.recycle_time is not null)`,
  )!;
};

const decidedByMe = (op: SiteOp) => and(eq(wfTask.siteId, op.site.siteId), eq(wfTask.assignee, op.actor.userName), inArray(wfTask.status, ['approved', 'rejected']))!;

const columns = {
  taskId: wfTask.taskId, contentId: wfTask.contentId, title: cmsContent.title, contentType: cmsContent.contentType, catalogId: cmsContent.catalogId, catalogName: cmsCatalog.name,
  step: wfTask.step, submitter: wfTask.submitter, status: wfTask.status, comment: wfTask.comment, createTime: wfTask.createTime, endTime: wfTask.endTime,
};

async function page(op: SiteOp, where: SQL, q: { pageNum?: string; pageSize?: string }, order: SQL[]) {
  const { offset, limit } = paging(q);
  const rows = await op.tx.select(columns).from(wfTask).innerJoin(cmsContent, eq(cmsContent.contentId, wfTask.contentId))
    .leftJoin(cmsCatalog, eq(cmsCatalog.catalogId, cmsContent.catalogId)).where(where)
    .orderBy(...order).limit(limit).offset(offset);
  const [total] = await op.tx.select({ n: count() }).from(wfTask).where(where);
  return {
    rows: rows.map((r) => ({ ...r, createTime: formatDateTime(r.createTime), endTime: r.endTime ? formatDateTime(r.endTime) : null })),
    total: total!.n,
  };
}

export const todo = (op: SiteOp, q: { pageNum?: string; pageSize?: string }) => page(op, mine(op), q, [asc(wfTask.createTime), asc(wfTask.taskId)]);
export const done = (op: SiteOp, q: { pageNum?: string; pageSize?: string }) => page(op, decidedByMe(op), q, [desc(wfTask.endTime), desc(wfTask.taskId)]);

/** The navbar's count of tasks waiting for the actor on the current site. */
export async function todoCount(op: SiteOp): Promise<number> {
  const [row] = await op.tx.select({ n: count() }).from(wfTask).where(mine(op));
  return row!.n;
}

// Home's "Reviews for me" (cms content/stat.ts): the same count, for those who may open My Reviews.
reviewCounters.push(async (op) => (hasPermission(op.actor, REVIEW_VIEW) ? todoCount(op) : null));

/** Who did what, when, at which step, with which comment: oldest first. */
export async function historyOf(op: SiteOp, contentId: number) {
  const rows = await op.tx.select({ action: wfHistory.action, step: wfHistory.step, userName: wfHistory.userName, comment: wfHistory.comment, time: wfHistory.time })
    .from(wfHistory).where(eq(wfHistory.contentId, contentId)).orderBy(asc(wfHistory.time), asc(wfHistory.historyId));
  return rows.map((r) => ({ ...r, time: formatDateTime(r.time) }));
}
