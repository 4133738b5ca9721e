import { executedRows } from '../../../db/rows.ts';
import { sql, type SQL } from 'drizzle-orm';
import type { SiteOp } from '../../../core/operation.ts';
import { catalogsWith } from '../catalog/access.ts';
import { MAX_HOUR_DAYS, type Granularity, type Overview, type PeriodQuery, type RankRow, type StatDim, type Totals, type TrendPoint } from '../../../../shared/stats/stat.ts';
import { DAY_MS, dayOf, msOf, periodOf } from './period.ts';

/**
 * The Statistics screen's figures for the current site, read from the aggregate tables the rollup
 * writes (rollup.ts), never from the raw events: a period's answer costs rows per day, not per view.
 */

type Row = Record<string, unknown>;
const rowsOf = async (op: SiteOp, query: SQL) => executedRows<Row>(await op.tx.execute(query));
const n = (v: unknown) => Number(v ?? 0);

const totals = (pv: number, uv: number, ips: number, visits: number): Totals =>
  ({ pv, uv, ips, visits, avgViews: visits ? Math.round((pv / visits) * 100) / 100 : 0 });

/** PV, UV, addresses, visits and views per visit for today, yesterday, the last 7 and 30 days (today included). */
export async function overview(op: SiteOp, now = Date.now()): Promise<Overview> {
  const today = dayOf(now), yesterday = dayOf(now - DAY_MS), from7 = dayOf(now - 6 * DAY_MS), from30 = dayOf(now - 29 * DAY_MS);
  const part = (name: string, cond: SQL) => sql`
    coalesce(sum(pv) filter (where ${cond}), 0) as ${sql.raw(`${name}_pv`)}, coalesce(sum(uv) filter (where ${cond}), 0) as ${sql.raw(`${name}_uv`)},
    coalesce(sum(ips) filter (where ${cond}), 0) as ${sql.raw(`${name}_ips`)}, coalesce(sum(visits) filter (where ${cond}), 0) as ${sql.raw(`${name}_visits`)}`;
  const [r] = await rowsOf(op, sql`select ${part('t', sql`day = ${today}::date`)}, ${part('y', sql`day = ${yesterday}::date`)}, ${part('w', sql`day >= ${from7}::date`)}, ${part('m', sql`true`)}
    from cms_stat_day where site_id = ${op.site.siteId} and day >= ${from30}::date and day <= ${today}::date`);
  const of = (p: string) => totals(n(r![`${p}_pv`]), n(r![`${p}_uv`]), n(r![`${p}_ips`]), n(r![`${p}_visits`]));
  return { today: of('t'), yesterday: of('y'), last7: of('w'), last30: of('m') };
}

/** The points of a period at a granularity, oldest first, gaps as zeros (a chart's axis without holes). */
export async function trend(op: SiteOp, q: PeriodQuery, granularity: Granularity): Promise<{ begin: string; end: string; granularity: Granularity; points: TrendPoint[] }> {
  const { begin, end } = periodOf(q, granularity === 'hour' ? MAX_HOUR_DAYS : undefined);
  const site = op.site.siteId;
  const rows = granularity === 'hour'
    ? await rowsOf(op, sql`select to_char(hour at time zone 'UTC', 'YYYY-MM-DD"T"HH24:00:00"Z"') as at, pv, uv, ips, visits from cms_stat_hour
        where site_id = ${site} and hour >= (${begin}::date::timestamp at time zone 'UTC') and hour < ((${end}::date + 1)::timestamp at time zone 'UTC')`)
    : await rowsOf(op, sql`select to_char(date_trunc(${granularity}, day::timestamp)::date, 'YYYY-MM-DD') as at, sum(pv) as pv, sum(uv) as uv, sum(ips) as ips, sum(visits) as visits
        from cms_stat_day where site_id = ${site} and day >= ${begin}::date and day <= ${end}::date group by 1`);
  const got = new Map(rows.map((r) => [String(r.at), r]));
  return {
    begin, end, granularity,
    points: axisOf(begin, end, granularity).map((at) => {
      const r = got.get(at);
      return { at, pv: n(r?.pv), uv: n(r?.uv), ips: n(r?.ips), visits: n(r?.visits) };
    }),
  };
}

/** The labels of a period's points: hours as ISO instants, days, weeks by their Monday, months by their first day. */
export function axisOf(begin: string, end: string, granularity: Granularity): string[] {
  const out: string[] = [];
  const last = msOf(end);
  if (granularity === 'hour') {
    for (let t = msOf(begin); t < last + DAY_MS; t += 3_600_000) out.push(`${new Date(t).toISOString().slice(0, 13)}:00:00Z`);
    return out;
  }
  if (granularity === 'day') {
    for (let t = msOf(begin); t <= last; t += DAY_MS) out.push(dayOf(t));
    return out;
  }
  const start = new Date(msOf(begin));
  if (granularity === 'week') start.setUTCDate(start.getUTCDate() - ((start.getUTCDay() + 6) % 7));
  else start.setUTCDate(1);
  for (const d = start; d.getTime() <= last; granularity === 'week' ? d.setUTCDate(d.getUTCDate() + 7) : d.setUTCMonth(d.getUTCMonth() + 1)) out.push(dayOf(d.getTime()));
  return out;
}

/**
 * A ranking of a period: the values of one dimension by views, with visitors, visits and share.
 * Catalogs and contents are limited to the catalogs the user may view on the site (their grants,
 * as the content list is); a content's and a catalog's name is read beside it. The entry pages'
 * share is of the period's visits, the others' of its views.
 */
export async function ranking(op: SiteOp, dim: StatDim, q: PeriodQuery, limit: number): Promise<{ begin: string; end: string; rows: RankRow[] }> {
  const { begin, end } = periodOf(q);
  const site = op.site.siteId;
  const granted = dim === 'content' || dim === 'catalog' ? await catalogsWith(op, 'View') : null;
  let scope = sql``;
  if (granted !== null) {
    // Compared as text: the planner may test a condition on rows of other dimensions, whose keys are no numbers.
    const ids = `{${granted.join(',')}}`;
    scope = dim === 'catalog'
      ? sql` and key = any(${ids}::text[])`
      : sql` and key in (select content_id::text from cms_content where site_id = ${site} and catalog_id = any(${ids}::bigint[]))`;
  }
  const rows = await rowsOf(op, sql`select key, sum(pv) as pv, sum(uv) as uv, sum(visits) as visits from cms_stat_dim_day
    where site_id = ${site} and dim = ${dim} and day >= ${begin}::date and day <= ${end}::date${scope}
    group by key order by sum(pv) desc, key limit ${limit}`);
  const [all] = await rowsOf(op, sql`select coalesce(sum(pv), 0) as pv, coalesce(sum(visits), 0) as visits from cms_stat_day
    where site_id = ${site} and day >= ${begin}::date and day <= ${end}::date`);
  const whole = n(dim === 'entry' ? all!.visits : all!.pv);
  const names = await namesOf(op, dim, rows.map((r) => String(r.key)));
  return {
    begin, end,
    rows: rows.map((r) => {
      const key = String(r.key);
      return { key, name: names.get(key) ?? key, pv: n(r.pv), uv: n(r.uv), visits: n(r.visits), share: whole ? Math.round((n(r.pv) / whole) * 1000) / 10 : 0 };
    }),
  };
}

/** Titles of contents, names of catalogs; other dimensions show their value. */
async function namesOf(op: SiteOp, dim: StatDim, keys: string[]): Promise<Map<string, string>> {
  const ids = keys.filter((k) => /^\d+$/.test(k));
  if (!ids.length || (dim !== 'content' && dim !== 'catalog')) return new Map();
  const list = `{${ids.join(',')}}`;
  const rows = dim === 'content'
    ? await rowsOf(op, sql`select content_id::text as key, title as name from cms_content where site_id = ${op.site.siteId} and content_id = any(${list}::bigint[])`)
    : await rowsOf(op, sql`select catalog_id::text as key, name from cms_catalog where site_id = ${op.site.siteId} and catalog_id = any(${list}::bigint[])`);
  return new Map(rows.map((r) => [String(r.key), String(r.name)]));
}
