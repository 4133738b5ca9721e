import { count, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { cmsPublishTask } from './schema.ts';

/** Tasks still to do: waiting or being rendered. */
export const PENDING_STATUSES = ['READY', 'RUNNING'];

/** GET /cms/publish/taskCount: the queue length the publish indicator polls. */
export async function pendingTaskCount(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(cmsPublishTask).where(inArray(cmsPublishTask.status, PENDING_STATUSES));
  return Number(row?.n ?? 0);
}

/**
 * DELETE /cms/publish/clear: drops the tasks no worker has claimed yet. RUNNING ones are left to
 * finish (a worker holds them), as are finished rows, which are history.
 */
export async function clearReadyTasks(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const gone = await tx.delete(cmsPublishTask).where(eq(cmsPublishTask.status, 'READY')).returning({ id: cmsPublishTask.taskId });
    return gone.length;
  });
}
