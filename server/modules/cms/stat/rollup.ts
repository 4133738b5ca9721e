import { executedRows } from '../../../db/rows.ts';
import { sql } from 'drizzle-orm';
import type { Task } from '../../../core/tasks.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { wholeDays } from '../../job/index.ts';
import { DAY_MS, dayOf, msOf } from './period.ts';

/** Raw events are kept this many whole days (UTC) unless the job's argument says otherwise. */
export const STAT_KEEP_DAYS = 30;

/** The dimensions a day's views are ranked by (cms_stat_dim_day.dim). */
export const STAT_DIMENSIONS = ['source', 'engine', 'word', 'page', 'content', 'catalog', 'browser', 'os', 'device', 'country', 'entry'] as const;
export type StatDimension = (typeof STAT_DIMENSIONS)[number];

/**
 * The advisory-lock namespace of the rollup ("stat" in ASCII), the first of pg_try_advisory_xact_lock's
 * two keys; the second is a hash of (site, day). Held by the transaction recomputing that day.
 */
const ROLLUP_LOCK_SPACE = 0x73746174;

/**
 * The values a dimension keeps a day: its first 1,000 by views (Matomo keeps 500–1,000 rows per
 * report and period the same way). A ranking shows 500 at most; over a period it reads days × 1,000
 * rows at most, not every path and search word ever seen (20,000 a day on a busy site).
 */
export const STAT_DAY_TOP = 1_000;

/** Old raw events are deleted this many a statement: each statement a short transaction of its own. */
const DELETE_BATCH = 20_000;

export interface RollupResult {
  /** (site, day) pairs recomputed */
  days: number;
  /** pairs left to another process recomputing them at the same time */
  skipped: number;
  /** raw events deleted past the days kept */
  deleted: number;
}

/**
 * Rolls up the pending (site, UTC day) pairs (cms_stat_pending, marked by a trigger as events are
 * written) into the hour, day and dimension tables, then deletes the events older than `keepDays`
 * whole UTC days. Bounded by design, so a backlog of any length is safe: each pair is recomputed
 * whole from its raw events (delete, then insert: distinct visitors and addresses do not add up
 * across batches) in a transaction of its own, and the old events go in batches of DELETE_BATCH.
 *
 * - Resumable and idempotent: a pair leaves the pending table in the transaction that recomputed
 *   it, so a run cut short leaves exactly the pairs not done, and a pair done twice gives the same rows.
 * - Nothing lost: a write that lands while its day is being recomputed marks the pair again
 *   (`marks` + 1), and the pair is deleted only if its marks did not change: the next run redoes it.
 * - One process per pair: the transaction takes an advisory lock on (site, day) without waiting;
 *   a pair another process holds is skipped (it is being done), so two servers' runs, or a run of
 *   the schedule beside "run once", share the work instead of doing it twice.
 *
 * The most recent days go first (today's figures matter most). Pairs older than the days kept are
 * dropped, not recomputed (their events are, or are about to be, deleted): a late event for such a
 * day is deleted with them.
 */
export async function rollUp(db: Db, keepDays = STAT_KEEP_DAYS, now = new Date()): Promise<RollupResult> {
  const keepFrom = dayOf(msOf(dayOf(now.getTime())) - keepDays * DAY_MS);
  await db.execute(sql`delete from cms_stat_pending where day < ${keepFrom}::date`);
  const pending = executedRows<{ site_id: string | number; day: string }>(await db.execute(sql`select site_id, day::text as day from cms_stat_pending order by day desc, site_id`));
  let days = 0;
  let skipped = 0;
  for (const p of pending) {
    const done = await rollUpDay(db, Number(p.site_id), p.day);
    if (done === 'done') days++;
    else if (done === 'busy') skipped++;
  }
  return { days, skipped, deleted: await deleteOld(db, keepFrom) };
}

/** Recomputes one pending (site, day) in its own transaction: 'busy' when another process holds it, 'gone' when it was done meanwhile. */
export async function rollUpDay(db: Db, siteId: number, day: string): Promise<'done' | 'busy' | 'gone'> {
  return db.transaction(async (tx) => {
    if (!(await lockDay(tx, siteId, day))) return 'busy';
    const [row] = executedRows<{ marks: string | number }>(await tx.execute(sql`select marks from cms_stat_pending where site_id = ${siteId} and day = ${day}::date`));
    if (!row) return 'gone';
    // A busy day's grouping fits in memory instead of spilling to disk (4 MB by default); this transaction only.
    await tx.execute(sql`set local work_mem = '32MB'`);
    await recompute(tx, siteId, day);
    await tx.execute(sql`delete from cms_stat_pending where site_id = ${siteId} and day = ${day}::date and marks = ${Number(row.marks)}`);
    return 'done';
  });
}

/** Takes the lock of (site, day) for the rest of the transaction, without waiting: false when another transaction holds it. */
export async function lockDay(tx: DbOrTx, siteId: number, day: string): Promise<boolean> {
  const [lock] = executedRows<{ got: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${ROLLUP_LOCK_SPACE}::int, hashtext(${`${siteId}:${day}`})) as got`));
  return lock!.got;
}

/** Deletes the raw events before `keepFrom` (a day), a batch a statement, and counts them. */
async function deleteOld(db: Db, keepFrom: string): Promise<number> {
  let deleted = 0;
  for (;;) {
    const [gone] = executedRows<{ n: string | number }>(await db.execute(sql`with gone as (delete from cms_stat_event where event_id in (
        select event_id from cms_stat_event where at < (${keepFrom}::date::timestamp at time zone 'UTC') limit ${DELETE_BATCH}) returning 1)
      select count(*) as n from gone`));
    deleted += Number(gone!.n);
    if (Number(gone!.n) < DELETE_BATCH) return deleted;
  }
}

/** Recomputes the aggregates of one site's UTC day from its raw events. */
async function recompute(tx: DbOrTx, siteId: number, day: string) {
  const from = new Date(msOf(day)).toISOString();
  const to = new Date(msOf(day) + DAY_MS).toISOString();
  const inDay = sql`e.site_id = ${siteId} and e.at >= ${from}::timestamptz and e.at < ${to}::timestamptz`;
  await tx.execute(sql`delete from cms_stat_hour where site_id = ${siteId} and hour >= ${from}::timestamptz and hour < ${to}::timestamptz`);
  await tx.execute(sql`delete from cms_stat_day where site_id = ${siteId} and day = ${day}::date`);
  await tx.execute(sql`delete from cms_stat_dim_day where site_id = ${siteId} and day = ${day}::date`);
  await tx.execute(sql`insert into cms_stat_hour (site_id, hour, pv, uv, ips, visits)
    select ${siteId}, date_trunc('hour', e.at at time zone 'UTC') at time zone 'UTC', count(*), count(distinct e.visitor), count(distinct e.addr), count(*) filter (where e.entry)
    from cms_stat_event e where ${inDay} group by 2`);
  await tx.execute(sql`insert into cms_stat_day (site_id, day, pv, uv, ips, visits)
    select ${siteId}, ${day}::date, count(*), count(distinct e.visitor), count(distinct e.addr), count(*) filter (where e.entry)
    from cms_stat_event e where ${inDay} having count(*) > 0`);
  // One row per (dimension, value): a view has one value in each dimension, some none (no engine
  // unless from one, no content on a list page); the entry pages are the pages of entry views.
  // Distinct visitors without count(distinct) (a sort per group): views grouped by (dimension,
  // value, visitor) first, then counted, two hash aggregations. Each dimension keeps its day's
  // STAT_DAY_TOP values by views (docs/statistics.md, "Rankings"): what a ranking can show.
  await tx.execute(sql`insert into cms_stat_dim_day (site_id, day, dim, key, pv, uv, visits)
    select ${siteId}, ${day}::date, dim, key, pv, uv, visits from (
      select dim, key, sum(n) as pv, count(*) as uv, sum(entries) as visits, row_number() over (partition by dim order by sum(n) desc, key) as place
      from (select d.dim, d.key, e.visitor, count(*) as n, count(*) filter (where e.entry) as entries
        from cms_stat_event e
        cross join lateral (values ('source', e.source), ('engine', e.engine), ('word', e.word), ('page', e.path),
          ('content', e.content_id::text), ('catalog', e.catalog_id::text), ('browser', e.browser), ('os', e.os), ('device', e.device),
          ('country', coalesce(e.country, '')), ('entry', case when e.entry then e.path end)) as d(dim, key)
        where ${inDay} and d.key is not null group by 1, 2, 3) per_visitor
      group by dim, key) ranked
    where place <= ${STAT_DAY_TOP}`);
}

/** The rollup as a task of the job registry (argument: days of raw events to keep). */
export const STAT_TASKS = {
  'cms.statRollup': {
    describe: 'stat.job.task',
    jobName: 'stat.job.name',
    arg: 'days',
    run: async ({ services, arg }) => {
      const { days, skipped, deleted } = await rollUp(services.db, wholeDays(arg, STAT_KEEP_DAYS));
      return `${days} day(s) rolled up${skipped ? ` (${skipped} left to another process)` : ''}, ${deleted} old event(s) deleted`;
    },
  },
} satisfies Record<string, Task>;

/** Seeded on: every five minutes (today's figures are at most that late). */
export const STAT_JOBS = [
  { jobName: 'CMS: roll up site statistics', invokeTarget: 'cms.statRollup', cronExpression: '0 */5 * * * ?' },
] as const;
