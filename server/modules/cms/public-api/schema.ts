import { bigint, index, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The public API's throttle counters (limits.ts): one row per key and window, counted with one
 * upsert, so every server process on the database sees the same numbers. Old windows are pruned.
 */
export const cmsPublicRate = pgTable('cms_public_rate', {
  /** `<limit name>:<ip|m>:<address or member id>` */
  rateKey: varchar('rate_key', { length: 200 }).notNull(),
  /** the bucket's start, in ms since the epoch (a multiple of a tenth of the limit's window; column name from when buckets were whole windows) */
  windowStart: bigint('window_start', { mode: 'number' }).notNull(),
  hits: integer('hits').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
}, (t) => [primaryKey({ columns: [t.rateKey, t.windowStart] }), index('cms_public_rate_expires_idx').on(t.expiresAt)]);
