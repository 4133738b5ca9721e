import { bigint, jsonb, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit } from '../../../db/columns.ts';
import { cmsSite } from '../site/schema.ts';

/**
 * A site's custom dynamic pages (ChestnutCMS cms_dynamic_page): rendered on request at
 * `/<site path>/<path>` by the template of the pipe asked for (`templates`, by pipe code), with
 * the query parameters as `Request` and, per `init_data_types`, a catalog or content loaded first.
 */
export const cmsDynamicPage = pgTable('cms_dynamic_page', {
  pageId: bigint('page_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  siteId: bigint('site_id', { mode: 'number' }).notNull().references(() => cmsSite.siteId, { onDelete: 'cascade' }),
  name: varchar('name', { length: 100 }).notNull(),
  /** letters, digits, underscore; unique per site; customDynamicPageLink names a page by it */
  code: varchar('code', { length: 50 }).notNull(),
  /** below the site's address, e.g. `tools/calc`; unique per site */
  path: varchar('path', { length: 100 }).notNull(),
  initDataTypes: jsonb('init_data_types').$type<string[]>().notNull().default([]),
  /** template per pipe code */
  templates: jsonb('templates').$type<Record<string, string>>().notNull().default({}),
  description: varchar('description', { length: 500 }),
  ...audit,
}, (t) => [
  uniqueIndex('cms_dynamic_page_code_uq').on(t.siteId, t.code),
  uniqueIndex('cms_dynamic_page_path_uq').on(t.siteId, t.path),
]);
