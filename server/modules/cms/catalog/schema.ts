import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit } from '../../../db/columns.ts';
import { cmsSite } from '../site/schema.ts';

/**
 * The catalog tree of a site. `ancestors` is the chain of ids from the root down to and including
 * the catalog, each followed by `:` ("12:45:"), so "this catalog and below" is a prefix match that
 * cannot mistake 4 for 45. A deleted catalog stays in the table (`deleteTime`) with its contents in
 * the recycle bin, so restoring a content can bring its catalog back.
 */
export const cmsCatalog = pgTable('cms_catalog', {
  catalogId: bigint('catalog_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  siteId: bigint('site_id', { mode: 'number' }).notNull().references(() => cmsSite.siteId, { onDelete: 'cascade' }),
  parentId: bigint('parent_id', { mode: 'number' }).notNull().default(0),
  ancestors: varchar('ancestors', { length: 1000 }).notNull(),
  treeLevel: integer('tree_level').notNull().default(1),
  name: varchar('name', { length: 100 }).notNull(),
  alias: varchar('alias', { length: 100 }).notNull(),
  /** the folder of its pages under the pipe root, ending in '/' ("news/world/") */
  path: varchar('path', { length: 255 }).notNull(),
  catalogType: varchar('catalog_type', { length: 20 }).notNull().default('common'),
  redirectUrl: varchar('redirect_url', { length: 500 }),
  description: varchar('description', { length: 500 }),
  logo: varchar('logo', { length: 255 }),
  staticFlag: varchar('static_flag', { length: 1 }).notNull().default('Y'),
  visibleFlag: varchar('visible_flag', { length: 1 }).notNull().default('Y'),
  tagIgnore: varchar('tag_ignore', { length: 1 }).notNull().default('N'),
  /** list page size; -1 = the site's (spec §9) */
  pageSize: integer('page_size').notNull().default(-1),
  contentIndex: varchar('content_index', { length: 1 }).notNull().default('Y'),
  contribute: varchar('contribute', { length: 1 }).notNull().default('N'),
  /** a hot word group's code: its words become links in the catalog's bodies; empty: the site's HotWordGroups (word/hot-words.ts) */
  hotWordGroup: varchar('hot_word_group', { length: 50 }),
  sortFlag: bigint('sort_flag', { mode: 'number' }).notNull().default(0),
  childCount: integer('child_count').notNull().default(0),
  seoTitle: varchar('seo_title', { length: 255 }),
  seoKeywords: varchar('seo_keywords', { length: 255 }),
  seoDescription: varchar('seo_description', { length: 500 }),
  /** per pipe code: indexTemplate, listTemplate, detailTemplate_<type> */
  publishPipeProps: jsonb('publish_pipe_props').$type<Record<string, Record<string, unknown>>>().notNull().default(sql`'{}'::jsonb`),
  /** the Extend tab (src/lib/cms/catalog-config.ts) */
  configProps: jsonb('config_props').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
  deleteTime: timestamp('delete_time', { withTimezone: true }),
  deleteBy: varchar('delete_by', { length: 64 }),
  ...audit,
}, (t) => [
  uniqueIndex('cms_catalog_alias_uq').on(t.siteId, t.alias),
  uniqueIndex('cms_catalog_path_uq').on(t.siteId, t.path),
  index('cms_catalog_parent_idx').on(t.siteId, t.parentId, t.sortFlag),
  index('cms_catalog_ancestors_idx').on(t.ancestors),
]);
