import { z } from 'zod';
import { v } from '../validators/issues.ts';

/** Permission key of the Statistics screen and its routes (ChestnutCMS's menu 2080). */
export const STAT_PERM = 'cms:stat:view';

/** The rankings (cms_stat_dim_day.dim), in the screen's tab order. */
export const STAT_DIMS = ['source', 'engine', 'word', 'page', 'entry', 'content', 'catalog', 'browser', 'os', 'device', 'country'] as const;
export type StatDim = (typeof STAT_DIMS)[number];

/** Trend granularities (spec §9). */
export const GRANULARITIES = ['hour', 'day', 'week', 'month'] as const;
export type Granularity = (typeof GRANULARITIES)[number];

/** The longest period a route answers for: a year of days. */
export const MAX_PERIOD_DAYS = 366;
/** The hourly trend covers at most this many days (24 points a day). */
export const MAX_HOUR_DAYS = 31;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = () => z.string().regex(DAY, v('dateTime')).refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), v('dateTime'));

/** A period of whole UTC days, both ends included: `beginTime` and `endTime` as yyyy-MM-dd (default: the last 30 days). */
export const periodQuery = z.object({ beginTime: day().optional(), endTime: day().optional() });
export type PeriodQuery = z.infer<typeof periodQuery>;

export const trendQuery = periodQuery.extend({ granularity: z.enum(GRANULARITIES, { error: v('invalid') }).default('day') });
export const rankQuery = periodQuery.extend({ limit: z.coerce.number().int().min(1, v('range', { min: 1, max: 500 })).max(500, v('range', { min: 1, max: 500 })).default(50) });
/**
 * The visit log pages through the latest this many raw events at most (its total stops there), as
 * search engines and Elasticsearch's `max_result_window` do: page 500 of 20 reads 10,000 index
 * entries, not the millions an OFFSET could be asked to skip; older events are in the aggregates.
 */
export const VISIT_LOG_CAP = 10_000;
export const visitLogQuery = z.object({
  pageNum: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/** PV, UV, addresses and visits of a period, and views per visit. */
export interface Totals {
  pv: number;
  uv: number;
  ips: number;
  visits: number;
  /** views per visit, two decimals */
  avgViews: number;
}

/** GET /cms/stat/site/overview */
export interface Overview {
  today: Totals;
  yesterday: Totals;
  last7: Totals;
  last30: Totals;
}

/** One point of GET /cms/stat/site/trend: `at` is the hour (ISO), the day, the week's Monday or the month's first day. */
export interface TrendPoint extends Omit<Totals, 'avgViews'> {
  at: string;
}

/** One row of a ranking (GET /cms/stat/site/:dim): `key` the value (a content's or catalog's id as text), `name` what to show. */
export interface RankRow {
  key: string;
  name: string;
  pv: number;
  uv: number;
  visits: number;
  /** share of the period's views, percent, one decimal */
  share: number;
}
