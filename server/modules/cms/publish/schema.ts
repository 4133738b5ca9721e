import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { cmsSite } from '../site/schema.ts';

/**
 * The publish queue. Each row is one page (site, catalog, content…) to render; workers claim rows,
 * so a crash leaves them READY or RUNNING to be picked up again.
 */
export const cmsPublishTask = pgTable('cms_publish_task', {
  taskId: bigint('task_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  siteId: bigint('site_id', { mode: 'number' }).notNull().references(() => cmsSite.siteId, { onDelete: 'cascade' }),
  /** site, catalog, content, or contents: every published content of a catalog (dataId), as a site publish queues them */
  dataType: varchar('data_type', { length: 20 }).notNull(),
  dataId: bigint('data_id', { mode: 'number' }).notNull(),
  /** READY, RUNNING, SUCCESS, FAILED, INTERRUPTED */
  status: varchar('status', { length: 20 }).notNull().default('READY'),
  attempts: integer('attempts').notNull().default(0),
  /** what the task weighs in a run's progress: 1, or the contents a `contents` task covers (as many as when it was queued) */
  weight: integer('weight').notNull().default(1),
  /** how much of its weight a running task has done (a `contents` task, chunk by chunk) */
  done: integer('done').notNull().default(0),
  /** how much of its weight failed (a failed task: 1, or the contents of a `contents` task that failed) */
  failed: integer('failed').notNull().default(0),
  errMessage: text('err_message'),
  createBy: varchar('create_by', { length: 64 }).notNull().default(''),
  createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  startTime: timestamp('start_time', { withTimezone: true }),
  endTime: timestamp('end_time', { withTimezone: true }),
  /** who holds a RUNNING task, and until when: a lease not renewed in time goes back to READY */
  workerId: varchar('worker_id', { length: 64 }),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  /** what failed while rendering the task's pages (one entry per page), for the progress view */
  errors: jsonb('errors').$type<PublishFailure[]>(),
}, (t) => [
  index('cms_publish_task_status_idx').on(t.status, t.siteId),
  // The claim's order (worker.ts CLAIM_ORDER) over READY tasks only: a claim reads the 200 tasks it
  // takes, not every task of the table sorted (finished ones are kept a week: hundreds of thousands).
  index('cms_publish_task_claim_idx').on(sql`(case ${t.dataType} when 'content' then 0 when 'contents' then 0 when 'catalog' then 1 else 2 end)`, t.taskId).where(sql`status = 'READY'`),
  // The newest task of a site, asked when a drain opens its sessions.
  index('cms_publish_task_site_time_idx').on(t.siteId, t.createTime),
  // A page waits in the queue once, however often it is asked for.
  uniqueIndex('cms_publish_task_ready_uq').on(t.siteId, t.dataType, t.dataId).where(sql`status = 'READY'`),
]);

/** One page that could not be published: where (pipe, file) and why (template, line, column, message). */
export interface PublishFailure {
  pipeCode: string;
  /** the page's file, relative to the pipe's output root, when it is known */
  file?: string;
  template: string;
  line: number;
  col: number;
  /** English text; `key`/`params` localise it (server messages template.<key>) */
  message: string;
  key?: string | null;
  params?: Record<string, unknown>;
  /** the page's content, when the task renders many (a `contents` task) */
  dataType?: string;
  dataId?: number;
}

/**
 * The current publish run of each site: it starts when something is queued while the site's queue
 * is empty, and the progress view counts the tasks queued since (done / total, failures).
 */
export const cmsPublishRun = pgTable('cms_publish_run', {
  siteId: bigint('site_id', { mode: 'number' }).primaryKey().references(() => cmsSite.siteId, { onDelete: 'cascade' }),
  startTime: timestamp('start_time', { withTimezone: true }).notNull().defaultNow(),
});
