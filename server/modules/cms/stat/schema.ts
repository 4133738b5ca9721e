import { bigint, bigserial, boolean, date, index, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { cmsContent } from '../content/schema.ts';

/**
 * Readers' views of a content per day (UTC), written in batches by the view counter
 * (view-counter.ts) in the same transaction that adds them to cms_content.view_count, so the two
 * always agree. The site is kept beside the content for a site's daily totals without a join.
 */
export const cmsContentViewDay = pgTable('cms_content_view_day', {
  contentId: bigint('content_id', { mode: 'number' }).notNull().references(() => cmsContent.contentId, { onDelete: 'cascade' }),
  day: date('day', { mode: 'string' }).notNull(),
  siteId: bigint('site_id', { mode: 'number' }).notNull(),
  views: bigint('views', { mode: 'number' }).notNull().default(0),
}, (t) => [primaryKey({ columns: [t.contentId, t.day] }), index('cms_content_view_day_site_idx').on(t.siteId, t.day)]);

/**
 * Readers' page views as they came (issue 32 item 1), written in batches by the stat recorder
 * (recorder.ts) and kept a configurable number of days (the rollup job deletes older ones). No
 * address and no cookie: `visitor` and `addr` are hashes with a salt kept for one day only
 * (visitor.ts, cms_stat_salt), so a row leads back to nobody once its day is over. The screen's routes
 * never read this table: they read the aggregates below.
 */
export const cmsStatEvent = pgTable('cms_stat_event', {
  eventId: bigserial('event_id', { mode: 'number' }).primaryKey(),
  siteId: bigint('site_id', { mode: 'number' }).notNull(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  contentId: bigint('content_id', { mode: 'number' }),
  catalogId: bigint('catalog_id', { mode: 'number' }),
  path: varchar('path', { length: 500 }).notNull(),
  /** the view began a visit (none of this visitor's views in the 30 minutes before): visits and entry pages */
  entry: boolean('entry').notNull(),
  refHost: varchar('ref_host', { length: 255 }),
  source: varchar('source', { length: 10 }).notNull(),
  engine: varchar('engine', { length: 20 }),
  word: varchar('word', { length: 100 }),
  browser: varchar('browser', { length: 40 }).notNull(),
  os: varchar('os', { length: 40 }).notNull(),
  device: varchar('device', { length: 20 }).notNull(),
  country: varchar('country', { length: 2 }),
  visitor: varchar('visitor', { length: 22 }).notNull(),
  addr: varchar('addr', { length: 22 }).notNull(),
}, (t) => [index('cms_stat_event_site_at_idx').on(t.siteId, t.at), index('cms_stat_event_at_idx').on(t.at)]);

/** Totals of a site per hour (UTC): views, distinct visitors and addresses, visits. */
export const cmsStatHour = pgTable('cms_stat_hour', {
  siteId: bigint('site_id', { mode: 'number' }).notNull(),
  hour: timestamp('hour', { withTimezone: true, mode: 'date' }).notNull(),
  pv: bigint('pv', { mode: 'number' }).notNull(),
  uv: bigint('uv', { mode: 'number' }).notNull(),
  ips: bigint('ips', { mode: 'number' }).notNull(),
  visits: bigint('visits', { mode: 'number' }).notNull(),
}, (t) => [primaryKey({ columns: [t.siteId, t.hour] })]);

/** Totals of a site per day (UTC); a period's visitors are the sum of its days' (a visitor is known for one day only). */
export const cmsStatDay = pgTable('cms_stat_day', {
  siteId: bigint('site_id', { mode: 'number' }).notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  pv: bigint('pv', { mode: 'number' }).notNull(),
  uv: bigint('uv', { mode: 'number' }).notNull(),
  ips: bigint('ips', { mode: 'number' }).notNull(),
  visits: bigint('visits', { mode: 'number' }).notNull(),
}, (t) => [primaryKey({ columns: [t.siteId, t.day] })]);

/**
 * A site's day per dimension value (`dim`: source, engine, word, page, content, catalog, browser,
 * os, device, country, entry; `key` the value, '' for none): the rankings' rows.
 */
export const cmsStatDimDay = pgTable('cms_stat_dim_day', {
  siteId: bigint('site_id', { mode: 'number' }).notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  dim: varchar('dim', { length: 10 }).notNull(),
  key: varchar('key', { length: 500 }).notNull(),
  pv: bigint('pv', { mode: 'number' }).notNull(),
  uv: bigint('uv', { mode: 'number' }).notNull(),
  visits: bigint('visits', { mode: 'number' }).notNull(),
}, (t) => [primaryKey({ columns: [t.siteId, t.dim, t.day, t.key] })]);

/**
 * The (site, UTC day) pairs whose raw events changed since the rollup last recomputed them. A
 * statement-level trigger on cms_stat_event (migration 0042) marks each pair its inserted rows fall
 * on, in the writer's own transaction: whoever writes events (the recorder, an import, the bench),
 * their days are known to the rollup without reading the events, and no committed event can slip
 * past it. `marks` counts the writes: the rollup deletes a pair only if nobody marked it again while
 * it was recomputing (rollup.ts).
 */
export const cmsStatPending = pgTable('cms_stat_pending', {
  siteId: bigint('site_id', { mode: 'number' }).notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  marks: bigint('marks', { mode: 'number' }).notNull().default(1),
}, (t) => [primaryKey({ columns: [t.siteId, t.day] })]);

/**
 * The salt of the visitor hashes of each UTC day while that day lasts (visitor.ts, salts.ts):
 * shared by every server process, deleted once its day is over so a day's hashes lead back to
 * nobody afterwards.
 */
export const cmsStatSalt = pgTable('cms_stat_salt', {
  day: date('day', { mode: 'string' }).primaryKey(),
  /** 32 random bytes, hex */
  salt: varchar('salt', { length: 64 }).notNull(),
});
