import { and, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { cmsPublishRun, cmsPublishTask } from './schema.ts';
import { daysBefore } from '../../job/index.ts';

/** How long finished publish tasks are kept by default (the job's argument changes it). */
export const PUBLISH_TASK_KEEP_DAYS = 7;

/**
 * Deletes finished publish tasks (done or failed) that ended more than `days` ago, except those of
 * their site's current run, which the progress view counts and whose failures it lists. Every page
 * ever published was a task: a site republished daily adds thousands of rows a day otherwise.
 * Returns how many went.
 */
export async function pruneFinishedTasks(db: DbOrTx, days: number, now = new Date()): Promise<number> {
  const before = daysBefore(days, now);
  const gone = await db.delete(cmsPublishTask).where(and(
    inArray(cmsPublishTask.status, ['SUCCESS', 'FAILED']),
    lt(cmsPublishTask.endTime, before),
    sql`not exists (select 1 from ${cmsPublishRun} r where r.site_id = ${cmsPublishTask.siteId} and r.start_time <= ${cmsPublishTask.createTime})`,
  )).returning({ id: cmsPublishTask.taskId });
  return gone.length;
}
