import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit } from '../system/schema.ts';

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
  configProps: jsonb('config_props').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
  publishPipeProps: jsonb('publish_pipe_props').$type<Record<string, Record<string, unknown>>>().notNull().default(sql`'{}'::jsonb`),
  ...audit,
}, (t) => [uniqueIndex('cms_site_path_uq').on(t.path)]);

/**
 * The publish queue. Each row is one page (site, catalog, content…) to render; workers claim rows,
 * so a crash leaves them READY or RUNNING to be picked up again.
 */
export const cmsPublishTask = pgTable('cms_publish_task', {
  taskId: bigint('task_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  siteId: bigint('site_id', { mode: 'number' }).notNull().references(() => cmsSite.siteId, { onDelete: 'cascade' }),
  /** site, catalog, content, pagewidget */
  dataType: varchar('data_type', { length: 20 }).notNull(),
  dataId: bigint('data_id', { mode: 'number' }).notNull(),
  /** READY, RUNNING, SUCCESS, FAILED, INTERRUPTED */
  status: varchar('status', { length: 20 }).notNull().default('READY'),
  attempts: integer('attempts').notNull().default(0),
  errMessage: text('err_message'),
  createBy: varchar('create_by', { length: 64 }).notNull().default(''),
  createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  startTime: timestamp('start_time', { withTimezone: true }),
  endTime: timestamp('end_time', { withTimezone: true }),
}, (t) => [index('cms_publish_task_status_idx').on(t.status, t.siteId)]);
