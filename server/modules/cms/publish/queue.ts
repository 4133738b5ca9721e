import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { cmsPublishTask } from './schema.ts';

/** Tasks still to do: waiting or being rendered. */
export const PENDING_STATUSES = ['READY', 'RUNNING'];

/**
 * GET /cms/publish/taskCount: the queue length the publish indicator polls, over the sites `sites`
 * admits: what is left to render (a `contents` task weighs its catalog's contents not done yet).
 */
export async function pendingTaskCount(db: DbOrTx, sites: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: sql<number>`coalesce(sum(${cmsPublishTask.weight} - ${cmsPublishTask.done}), 0)` }).from(cmsPublishTask)
    .where(and(inArray(cmsPublishTask.status, PENDING_STATUSES), sites));
  return Number(row?.n ?? 0);
}

/** One site's queue as Home's dashboard shows it: units waiting for a worker and units being rendered (what the indicator counts, split). */
export async function siteQueueUnits(db: DbOrTx, siteId: number): Promise<{ waiting: number; running: number }> {
  const rows = await db.select({ status: cmsPublishTask.status, n: sql<number>`coalesce(sum(${cmsPublishTask.weight} - ${cmsPublishTask.done}), 0)` }).from(cmsPublishTask)
    .where(and(inArray(cmsPublishTask.status, PENDING_STATUSES), eq(cmsPublishTask.siteId, siteId))).groupBy(cmsPublishTask.status);
  const of = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
  return { waiting: of('READY'), running: of('RUNNING') };
}

/**
 * DELETE /cms/publish/clear: drops the site's tasks no worker has claimed yet. RUNNING ones are left
 * to finish (a worker holds them), as are finished rows, which are history. Other sites' queues are
 * theirs (ChestnutCMS let any console user empty every site's queue).
 */
export async function clearReadyTasks(tx: DbOrTx, siteId: number): Promise<number> {
  const gone = await tx.delete(cmsPublishTask).where(and(eq(cmsPublishTask.status, 'READY'), eq(cmsPublishTask.siteId, siteId))).returning({ id: cmsPublishTask.taskId });
  return gone.length;
}
