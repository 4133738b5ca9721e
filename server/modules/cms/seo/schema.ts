import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { cmsSite } from '../site/schema.ts';

/**
 * What a publish sends out after it (seo/queue.ts): one row per request to make — an IndexNow or
 * Baidu push of a pipe's new and changed pages, a CDN purge — queued when the publish task ends,
 * sent by the push dispatcher (seo/dispatch.ts) with bounded retries. The row is the log too: its
 * URLs, how many attempts, the last HTTP status and response; the console's push log lists them.
 */
export const cmsPushJob = pgTable('cms_push_job', {
  jobId: bigint('job_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  siteId: bigint('site_id', { mode: 'number' }).notNull().references(() => cmsSite.siteId, { onDelete: 'cascade' }),
  /** indexnow, baidu or cdn */
  target: varchar('target', { length: 20 }).notNull(),
  pipeCode: varchar('pipe_code', { length: 20 }).notNull(),
  /** the pipe's absolute address when queued (IndexNow's key file lies there) */
  base: varchar('base', { length: 500 }).notNull(),
  urls: jsonb('urls').$type<string[]>().notNull(),
  /** PENDING, RUNNING, SUCCESS, FAILED */
  status: varchar('status', { length: 20 }).notNull().default('PENDING'),
  attempts: integer('attempts').notNull().default(0),
  /** when a PENDING job may be sent (a retry waits); a RUNNING one's lease */
  nextTime: timestamp('next_time', { withTimezone: true }).notNull().defaultNow(),
  /** the last attempt's HTTP status (null: no answer: refused, timed out) */
  httpStatus: integer('http_status'),
  /** the last attempt's answer or error, cut short and with the site's secrets masked */
  response: text('response'),
  createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  endTime: timestamp('end_time', { withTimezone: true }),
}, (t) => [
  index('cms_push_job_due_idx').on(t.nextTime).where(sql`status in ('PENDING', 'RUNNING')`),
  index('cms_push_job_site_idx').on(t.siteId, t.jobId),
]);
