import { bigint, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit } from '../../../db/columns.ts';
import { cmsSite } from '../site/schema.ts';

/** A site's publish pipes (pc, h5…): each enabled pipe renders the site into its own output root. */
export const cmsPublishPipe = pgTable('cms_publishpipe', {
  pipeId: bigint('publishpipe_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  siteId: bigint('site_id', { mode: 'number' }).notNull().references(() => cmsSite.siteId, { onDelete: 'cascade' }),
  name: varchar('name', { length: 100 }).notNull(),
  /** letters, digits, underscore; unique per site; names the output folder `<site path>_<code>` */
  code: varchar('code', { length: 20 }).notNull(),
  /** EnableOrDisable: '0' enabled, '1' disabled */
  status: varchar('status', { length: 1 }).notNull().default('0'),
  sort: integer('sort').notNull().default(0),
  ...audit,
}, (t) => [uniqueIndex('cms_publishpipe_code_uq').on(t.siteId, t.code)]);
