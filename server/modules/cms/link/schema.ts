import { bigint, index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
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

/** A group's links; they go with their group (ChestnutCMS deletes a group's links with it). */
export const cmsLink = pgTable('cms_link', {
  linkId: bigint('link_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  siteId: bigint('site_id', { mode: 'number' }).notNull().references(() => cmsSite.siteId, { onDelete: 'cascade' }),
  groupId: bigint('group_id', { mode: 'number' }).notNull().references(() => cmsLinkGroup.linkGroupId, { onDelete: 'cascade' }),
  name: varchar('name', { length: 100 }).notNull(),
  /** http:// or https:// only */
  url: varchar('url', { length: 500 }).notNull(),
  /** a path of the site's resource library, or empty */
  logo: varchar('logo', { length: 255 }),
  sortFlag: integer('sort_flag').notNull().default(0),
  description: varchar('description', { length: 500 }),
  ...audit,
}, (t) => [index('cms_link_group_idx').on(t.groupId, t.sortFlag)]);
