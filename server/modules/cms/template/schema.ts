import { bigint, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { cmsSite } from '../site/schema.ts';

/**
 * Saved versions of a site's templates (the workbench's history): every save, add and restore
 * writes the text as saved, so an earlier one can be compared and restored. The file stays the
 * template (README "Templates"); these rows are only its past, bounded per template
 * (TEMPLATE_VERSIONS_KEPT). They follow a rename and go with a delete or with the site.
 */
export const cmsTemplateVersion = pgTable('cms_template_version', {
  versionId: bigint('version_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  siteId: bigint('site_id', { mode: 'number' }).notNull().references(() => cmsSite.siteId, { onDelete: 'cascade' }),
  pipeCode: varchar('pipe_code', { length: 20 }).notNull(),
  path: varchar('path', { length: 255 }).notNull(),
  content: text('content').notNull(),
  /** bytes of the text in UTF-8 */
  size: integer('size').notNull(),
  createBy: varchar('create_by', { length: 64 }).notNull().default(''),
  createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('cms_template_version_path_idx').on(t.siteId, t.pipeCode, t.path, t.versionId)]);
