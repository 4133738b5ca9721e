import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { cmsSite } from '../site/schema.ts';

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
}, (t) => [
  index('cms_publish_task_status_idx').on(t.status, t.siteId),
  // A page waits in the queue once, however often it is asked for.
  uniqueIndex('cms_publish_task_ready_uq').on(t.siteId, t.dataType, t.dataId).where(sql`status = 'READY'`),
]);
