import { describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { executedRows } from '../../../db/rows.ts';
import { lockDay, rollUp, STAT_DAY_TOP } from './rollup.ts';
import { DAY_MS, dayOf } from './period.ts';

// The rollup over a backlog: days of raw events waiting (a server down for days, an import, the
// 10-million-event bench) are rolled up a (site, day) a transaction, resumably, never twice at once.
const ts = useTestServer();
const db = () => ts.database.db;
const SITE = 990_001;
const DAYS = 4;
const today = dayOf(Date.now());

/** `n` events a day on each of the last `days` days, with visitors repeating within and across days. */
async function writeEvents(days: number, n: number, site = SITE) {
  for (let d = 0; d < days; d++) {
    await db().execute(sql`insert into cms_stat_event (site_id, at, content_id, catalog_id, path, entry, source, engine, word, browser, os, device, country, visitor, addr)
      select ${site}, (${dayOf(Date.now() - d * DAY_MS)}::date::timestamp at time zone 'UTC') + (g * 37 % 86400) * interval '1 second',
        case when g % 3 = 0 then g % 11 end, g % 4, '/p/' || (g % 13), g % 5 = 0, (array['direct','search','site'])[1 + g % 3], case when g % 3 = 1 then 'baidu' end,
        case when g % 6 = 1 then 'w' || (g % 7) end, (array['Chrome','Firefox'])[1 + g % 2], 'Linux', 'desktop', case when g % 4 > 0 then 'CN' end,
        'v' || (g % 17), 'a' || (g % 9)
      from generate_series(1, ${n}) g`);
  }
}

type Row = Record<string, unknown>;
const rows = async (q: ReturnType<typeof sql>) => executedRows<Row>(await db().execute(q));

/** What the aggregates hold for the site, and what its raw events say they must (counted directly, whole days). */
async function aggregates() {
  return {
    days: await rows(sql`select day::text, pv::int, uv::int, ips::int, visits::int from cms_stat_day where site_id = ${SITE} order by day`),
    hours: await rows(sql`select hour, pv::int, uv::int, ips::int, visits::int from cms_stat_hour where site_id = ${SITE} order by hour`),
    dims: await rows(sql`select day::text, dim, key, pv::int, uv::int, visits::int from cms_stat_dim_day where site_id = ${SITE} order by day, dim, key`),
  };
}
const rawDays = () => rows(sql`select (at at time zone 'UTC')::date::text as day, count(*)::int as pv, count(distinct visitor)::int as uv, count(distinct addr)::int as ips,
  (count(*) filter (where entry))::int as visits from cms_stat_event where site_id = ${SITE} group by 1 order by 1`);
const rawPages = () => rows(sql`select (at at time zone 'UTC')::date::text as day, 'page' as dim, path as key, count(*)::int as pv, count(distinct visitor)::int as uv,
  (count(*) filter (where entry))::int as visits from cms_stat_event where site_id = ${SITE} group by 1, 3 order by 1, 3`);
const pendingDays = async () => (await rows(sql`select day::text from cms_stat_pending where site_id = ${SITE} order by day`)).map((r) => r.day);

describe('the rollup of a backlog', () => {
  it('marks each day written as pending, and rolls up a day a transaction with the figures of the raw events', async () => {
    await writeEvents(DAYS, 500);
    expect(await pendingDays()).toHaveLength(DAYS);
    const transactions = vi.spyOn(db(), 'transaction');
    const run = await rollUp(db());
    expect(run.days).toBeGreaterThanOrEqual(DAYS);
    // One transaction per day (other tests' pending days aside: this file's server has no others).
    expect(transactions).toHaveBeenCalledTimes(run.days);
    transactions.mockRestore();
    expect(await pendingDays()).toEqual([]);
    const got = await aggregates();
    expect(got.days).toEqual(await rawDays());
    expect(got.dims.filter((r) => r.dim === 'page')).toEqual(await rawPages());
    expect(got.hours.reduce((n, r) => n + Number(r.pv), 0)).toBe(DAYS * 500);
  });

  it('changes nothing when run again, and recomputes only the day that got new events', async () => {
    const before = await aggregates();
    expect((await rollUp(db())).days).toBe(0);
    expect(await aggregates()).toEqual(before);
    await writeEvents(1, 50);
    expect(await pendingDays()).toEqual([today]);
    expect((await rollUp(db())).days).toBe(1);
    const after = await aggregates();
    expect(after.days).toEqual(await rawDays());
    expect(after.days.slice(0, -1)).toEqual(before.days.slice(0, -1));
    expect(after.days.at(-1)!.pv).toBe(Number(before.days.at(-1)!.pv) + 50);
  });

  it('resumes after a run cut short: the days done stay done, the others are done by the next run, none counted twice', async () => {
    await db().execute(sql`delete from cms_stat_event where site_id = ${SITE}`);
    await db().execute(sql`delete from cms_stat_day where site_id = ${SITE}`);
    await writeEvents(DAYS, 300);
    const original = db().transaction.bind(db());
    let calls = 0;
    // The third day's transaction dies (a crash, a timeout): the run fails there.
    const crash = vi.spyOn(db(), 'transaction').mockImplementation(((cb: never, cfg: never) => (++calls === 3 ? Promise.reject(new Error('killed')) : original(cb, cfg))) as never);
    await expect(rollUp(db())).rejects.toThrow('killed');
    crash.mockRestore();
    expect(await pendingDays()).toHaveLength(DAYS - 2);
    expect((await rollUp(db())).days).toBe(DAYS - 2);
    expect(await pendingDays()).toEqual([]);
    const got = await aggregates();
    expect(got.days).toEqual(await rawDays());
    expect(got.dims.filter((r) => r.dim === 'page')).toEqual(await rawPages());
  });

  it('keeps only the days asked for: older pending days are dropped, their raw events deleted', async () => {
    const run = await rollUp(db(), 1);
    expect(run.deleted).toBe(300 * (DAYS - 2));
    const left = await rows(sql`select min(at) as first from cms_stat_event where site_id = ${SITE}`);
    expect(dayOf(new Date(String(left[0]!.first)).getTime()) >= dayOf(Date.now() - DAY_MS)).toBe(true);
  });

  it('keeps a day\'s first STAT_DAY_TOP values of a dimension by views, every view still in the day\'s totals', async () => {
    const site = SITE + 1;
    // 1,200 paths: the first 600 viewed three times, the other 600 twice.
    await db().execute(sql`insert into cms_stat_event (site_id, at, path, entry, source, browser, os, device, visitor, addr)
      select ${site}, now(), '/t/' || (g % 1200), false, 'direct', 'Chrome', 'Linux', 'desktop', 'v' || g, 'a' || g
      from generate_series(0, 2999) g`);
    await rollUp(db());
    const pages = await rows(sql`select pv::int from cms_stat_dim_day where site_id = ${site} and dim = 'page' order by pv desc`);
    expect(pages).toHaveLength(STAT_DAY_TOP);
    expect(pages.filter((p) => p.pv === 3)).toHaveLength(600);
    expect((await rows(sql`select pv::int from cms_stat_day where site_id = ${site}`))[0]!.pv).toBe(3000);
  });

  // Two processes: only PostgreSQL has a second connection to hold a day's lock from.
  it.runIf(process.env.DATABASE_URL)('leaves a day another process is rolling up to it, and does it on a later run', async () => {
    await writeEvents(1, 20);
    let release!: () => void;
    let locked!: () => void;
    const taken = new Promise<void>((r) => (locked = r));
    const holder = db().transaction(async (tx) => {
      expect(await lockDay(tx, SITE, today)).toBe(true);
      locked();
      await new Promise<void>((r) => (release = r));
    });
    await taken;
    const busy = await rollUp(db(), 30);
    release();
    await holder;
    expect(busy).toMatchObject({ days: 0, skipped: 1 });
    expect(await pendingDays()).toEqual([today]);
    expect(await rollUp(db(), 30)).toMatchObject({ days: 1, skipped: 0 });
    // The days whose raw events the previous test deleted keep their figures: compare the others.
    const raw = await rawDays();
    expect((await aggregates()).days.filter((d) => raw.some((r) => r.day === d.day))).toEqual(raw);
  });
});
