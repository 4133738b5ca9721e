import { sql } from 'drizzle-orm';
import { bigint, pgTable, uniqueIndex, varchar, jsonb } from 'drizzle-orm/pg-core';
import { audit } from '../../../db/columns.ts';

export const cmsSite = pgTable('cms_site', {
  siteId: bigint('site_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity({ startWith: 1 }),
  parentId: bigint('parent_id', { mode: 'number' }).notNull().default(0),
  name: varchar('name', { length: 100 }).notNull(),
  description: varchar('description', { length: 500 }),
  /** Folder under the publish root; letters and digits only (spec §5). */
  path: varchar('path', { length: 100 }).notNull(),
  domain: varchar('domain', { length: 255 }),
  resourceUrl: varchar('resource_url', { length: 255 }),
  logo: varchar('logo', { length: 255 }),
  staticSuffix: varchar('static_suffix', { length: 10 }).notNull().default('shtml'),
  indexTemplate: varchar('index_template', { length: 255 }),
  sortFlag: bigint('sort_flag', { mode: 'number' }).notNull().default(0),
  seoTitle: varchar('seo_title', { length: 255 }),
  seoKeywords: varchar('seo_keywords', { length: 255 }),
  seoDescription: varchar('seo_description', { length: 500 }),
  /** Extend tab and CMS settings: key → string value (src/lib/cms/site-config.ts declares the keys). */
  configProps: jsonb('config_props').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
  /** Per publish pipe code: that pipe's site props (url, prefix mode, templates…). */
  publishPipeProps: jsonb('publish_pipe_props').$type<Record<string, Record<string, unknown>>>().notNull().default(sql`'{}'::jsonb`),
  ...audit,
}, (t) => [uniqueIndex('cms_site_path_uq').on(t.path)]);

/** Site properties (the site's Property tab): name, code and value, read by templates. */
export const cmsSiteProperty = pgTable('cms_site_property', {
  propertyId: bigint('property_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  siteId: bigint('site_id', { mode: 'number' }).notNull().references(() => cmsSite.siteId, { onDelete: 'cascade' }),
  propName: varchar('prop_name', { length: 100 }).notNull(),
  propCode: varchar('prop_code', { length: 100 }).notNull(),
  propValue: varchar('prop_value', { length: 1000 }),
  ...audit,
}, (t) => [uniqueIndex('cms_site_property_code_uq').on(t.siteId, t.propCode)]);
