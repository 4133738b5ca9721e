import { bigint, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit } from '../../../db/columns.ts';
import { cmsSite } from '../site/schema.ts';

/** A site's friend-link groups; templates name one by its code. */
export const cmsLinkGroup = pgTable('cms_link_group', {
  linkGroupId: bigint('link_group_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  siteId: bigint('site_id', { mode: 'number' }).notNull().references(() => cmsSite.siteId, { onDelete: 'cascade' }),
  name: varchar('name', { length: 100 }).notNull(),
  code: varchar('code', { length: 50 }).notNull(),
  sortFlag: integer('sort_flag').notNull().default(0),
  ...audit,
}, (t) => [uniqueIndex('cms_link_group_code_uq').on(t.siteId, t.code)]);
