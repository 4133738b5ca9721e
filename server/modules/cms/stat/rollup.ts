import { executedRows } from '../../../db/rows.ts';
import { sql } from 'drizzle-orm';
import type { Task } from '../../../core/tasks.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { wholeDays } from '../../job/index.ts';

/** Raw events are kept this many whole days (UTC) unless the job's argument says otherwise. */
export const STAT_KEEP_DAYS = 30;

/** The dimensions a day's views are ranked by (cms_stat_dim_day.dim). */
export const STAT_DIMENSIONS = ['source', 'engine', 'word', 'page', 'content', 'catalog', 'browser', 'os', 'device', 'country', 'entry'] as const;
export type StatDimension = (typeof STAT_DIMENSIONS)[number];

/** The events of the touched (site, day) pairs: `t` is the pairs, `e` the events. */
const EVENTS_OF_TOUCHED = sql`cms_stat_event e join t on e.site_id = t.site_id
  and e.at >= (t.day::timestamp at time zone 'UTC') and e.at < ((t.day + 1)::timestamp at time zone 'UTC')`;

/**
 * Rolls up the raw events written since the last run into the hour, day and dimension tables,
 * then deletes the events older than `keepDays` whole UTC days. Idempotent: each (site, day) with
 * new events is recomputed whole from its raw events (delete, then insert), so a run repeated, or
 * cut short and run again, gives the same rows; distinct visitors and addresses can only be counted
 * so (they do not add up across batches). One transaction, the cursor row locked: two servers'
 * runs take turns. Days older than the kept ones are not recomputed (their events are gone): a late
 * event for one is dropped with them.
 */
export async function rollUp(db: DbOrTx, keepDays = STAT_KEEP_DAYS, now = new Date()): Promise<{ days: number; deleted: number }> {
  const keepFrom = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - keepDays * 86_400_000);
  return db.transaction(async (tx) => {
    await tx.execute(sql`insert into cms_stat_rollup (id, last_event_id) values (1, 0) on conflict (id) do nothing`);
    const [cursor] = executedRows<{ last_event_id: string | number }>(await tx.execute(sql`select last_event_id from cms_stat_rollup where id = 1 for update`));
    const last = Number(cursor!.last_event_id);
    const [top] = executedRows<{ id: string | number }>(await tx.execute(sql`select coalesce(max(event_id), 0) as id from cms_stat_event`));
    const upTo = Number(top!.id);
    let days = 0;
    if (upTo > last) {
      const touched = executedRows<{ site_id: string | number; day: string }>(await tx.execute(sql`select distinct site_id, (at at time zone 'UTC')::date::text as day from cms_stat_event
        where event_id > ${last} and event_id <= ${upTo} and at >= ${keepFrom.toISOString()}::timestamptz`));
      days = touched.length;
      if (touched.length) await recompute(tx, JSON.stringify(touched.map((r) => ({ site_id: Number(r.site_id), day: r.day }))));
      await tx.execute(sql`update cms_stat_rollup set last_event_id = ${upTo} where id = 1`);
    }
    const [gone] = executedRows<{ n: string | number }>(await tx.execute(sql`with gone as (delete from cms_stat_event where at < ${keepFrom.toISOString()}::timestamptz returning 1)
      select count(*) as n from gone`));
    return { days, deleted: Number(gone!.n) };
  });
}

/** Recomputes the aggregates of the (site, day) pairs in `pairs` (JSON) from their raw events. */
async function recompute(tx: DbOrTx, pairs: string) {
  const t = sql`t as (select * from json_to_recordset(${pairs}::json) as x(site_id bigint, day date))`;
  await tx.execute(sql`with ${t} delete from cms_stat_hour h using t where h.site_id = t.site_id
    and h.hour >= (t.day::timestamp at time zone 'UTC') and h.hour < ((t.day + 1)::timestamp at time zone 'UTC')`);
  await tx.execute(sql`with ${t} delete from cms_stat_day d using t where d.site_id = t.site_id and d.day = t.day`);
  await tx.execute(sql`with ${t} delete from cms_stat_dim_day d using t where d.site_id = t.site_id and d.day = t.day`);
  await tx.execute(sql`with ${t} insert into cms_stat_hour (site_id, hour, pv, uv, ips, visits)
    select e.site_id, date_trunc('hour', e.at at time zone 'UTC') at time zone 'UTC', count(*), count(distinct e.visitor), count(distinct e.addr), count(*) filter (where e.entry)
    from ${EVENTS_OF_TOUCHED} group by 1, 2`);
  await tx.execute(sql`with ${t} insert into cms_stat_day (site_id, day, pv, uv, ips, visits)
    select e.site_id, t.day, count(*), count(distinct e.visitor), count(distinct e.addr), count(*) filter (where e.entry)
    from ${EVENTS_OF_TOUCHED} group by 1, 2`);
  // One row per (dimension, value): a view has one value in each dimension, some none (no engine
  // unless from one, no content on a list page); the entry pages are the pages of entry views.
  await tx.execute(sql`with ${t} insert into cms_stat_dim_day (site_id, day, dim, key, pv, uv, visits)
    select e.site_id, t.day, d.dim, d.key, count(*), count(distinct e.visitor), count(*) filter (where e.entry)
    from ${EVENTS_OF_TOUCHED}
    cross join lateral (values ('source', e.source), ('engine', e.engine), ('word', e.word), ('page', e.path),
      ('content', e.content_id::text), ('catalog', e.catalog_id::text), ('browser', e.browser), ('os', e.os), ('device', e.device),
      ('country', coalesce(e.country, '')), ('entry', case when e.entry then e.path end)) as d(dim, key)
    where d.key is not null group by 1, 2, 3, 4`);
}

/** The rollup as a task of the job registry (argument: days of raw events to keep). */
export const STAT_TASKS = {
  'cms.statRollup': {
    describe: 'stat.job.task',
    jobName: 'stat.job.name',
    arg: 'days',
    run: async ({ services, arg }) => {
      const { days, deleted } = await rollUp(services.db, wholeDays(arg, STAT_KEEP_DAYS));
      return `${days} day(s) rolled up, ${deleted} old event(s) deleted`;
    },
  },
} satisfies Record<string, Task>;

/** Seeded on: every five minutes (today's figures are at most that late). */
export const STAT_JOBS = [
  { jobName: 'CMS: roll up site statistics', invokeTarget: 'cms.statRollup', cronExpression: '0 */5 * * * ?' },
] as const;
