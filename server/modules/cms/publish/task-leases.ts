import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { executedRows } from '../../../db/rows.ts';
import { cmsPublishTask } from './schema.ts';

// The publish queue's rows as the worker claims, leases and gives them back (worker.ts says why leases).

export const DEFAULT_LEASE_MS = 30_000;
/** A task whose worker died this often is failed instead of retried (a page that kills the process). */
export const MAX_ATTEMPTS = 5;

export const newWorkerId = () => `${hostname().slice(0, 30)}:${process.pid}:${randomBytes(3).toString('hex')}`;

export interface ClaimedTask {
  taskId: number;
  siteId: number;
  dataType: string;
  dataId: number;
  createTime: Date;
  /** claims so far, this one included: more than 1 when a run that took it stopped (a crash) before it was done */
  attempts: number;
}

/**
 * RUNNING tasks whose lease ran out go back to READY (their worker died), or are dropped when the
 * same page waits READY already (the queue holds a page once), or fail after MAX_ATTEMPTS.
 * `all`: every RUNNING task, leased or not (PGlite at start: only this process can use its files).
 */
export async function releaseExpired(db: Db, all = false): Promise<number> {
  const expired = all ? sql`true` : sql`(t.lease_until is null or t.lease_until < now())`;
  await db.execute(sql`
    delete from cms_publish_task t where t.status = 'RUNNING' and ${expired}
      and exists (select 1 from cms_publish_task r where r.status = 'READY' and r.site_id = t.site_id and r.data_type = t.data_type and r.data_id = t.data_id)`);
  await db.execute(sql`
    update cms_publish_task t set status = 'FAILED', end_time = now(), worker_id = null, lease_until = null, failed = t.weight,
      err_message = 'interrupted ' || t.attempts || ' times'
    where t.status = 'RUNNING' and ${expired} and t.attempts >= ${MAX_ATTEMPTS}`);
  const back = await db.execute(sql`
    update cms_publish_task t set status = 'READY', worker_id = null, lease_until = null, done = 0
    where t.status = 'RUNNING' and ${expired} returning t.task_id`);
  return executedRows(back).length;
}

/** Contents first, then catalogs, then site indexes: the expression of the claim index (schema.ts), written the same way so the planner uses it. */
const CLAIM_ORDER = sql.raw(`(case t.data_type when 'content' then 0 when 'contents' then 0 when 'catalog' then 1 else 2 end)`);

/**
 * Claims up to `limit` READY tasks: contents first, then catalogs, then site indexes (a list shows
 * what was just published; cms-heart §1.5), oldest first. Skips rows another worker is claiming
 * (SKIP LOCKED) and pages another worker is rendering right now.
 */
export async function claimTasks(db: Db, workerId: string, limit: number, leaseMs: number, siteId?: number): Promise<ClaimedTask[]> {
  const site = siteId === undefined ? sql`true` : sql`t.site_id = ${siteId}`;
  const res = await db.execute(sql`
    update cms_publish_task u set status = 'RUNNING', worker_id = ${workerId}, start_time = now(), attempts = u.attempts + 1, done = 0, failed = 0,
      lease_until = now() + (${leaseMs}::int * interval '1 millisecond')
    where u.task_id in (
      select t.task_id from cms_publish_task t
      where t.status = 'READY' and ${site}
        and not exists (select 1 from cms_publish_task r where r.status = 'RUNNING' and r.site_id = t.site_id
          and r.data_type = t.data_type and r.data_id = t.data_id and r.lease_until > now())
      order by ${CLAIM_ORDER}, t.task_id
      limit ${limit}
      for update skip locked)
    returning u.task_id, u.site_id, u.data_type, u.data_id, u.create_time, u.attempts`);
  return executedRows(res).map((r) => ({
    taskId: Number(r.task_id), siteId: Number(r.site_id), dataType: String(r.data_type), dataId: Number(r.data_id), createTime: new Date(r.create_time as string), attempts: Number(r.attempts),
  }));
}

export async function renewLeases(db: Db, workerId: string, ids: number[], leaseMs: number) {
  if (!ids.length) return;
  await db.update(cmsPublishTask).set({ leaseUntil: sql`now() + (${leaseMs}::int * interval '1 millisecond')` })
    .where(and(inArray(cmsPublishTask.taskId, ids), eq(cmsPublishTask.workerId, workerId), eq(cmsPublishTask.status, 'RUNNING')));
}

/** Claimed tasks a stopping worker did not start go back to READY at once (or go, when the page waits again already). */
export async function giveBack(db: Db, workerId: string, ids: number[]) {
  if (!ids.length) return;
  const list = sql.join(ids.map((id) => sql`${id}`), sql`, `);
  await db.execute(sql`
    delete from cms_publish_task t where t.task_id in (${list}) and t.worker_id = ${workerId}
      and exists (select 1 from cms_publish_task r where r.status = 'READY' and r.site_id = t.site_id and r.data_type = t.data_type and r.data_id = t.data_id)`);
  await db.execute(sql`update cms_publish_task set status = 'READY', worker_id = null, lease_until = null, done = 0, attempts = attempts - 1
    where task_id in (${list}) and worker_id = ${workerId} and status = 'RUNNING'`);
}
