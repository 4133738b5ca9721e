import { bigint, index, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { audit } from '../../db/columns.ts';

/** Scheduled jobs (spec §3 Job): a registered task run on a cron schedule. */
export const sysJob = pgTable('sys_job', {
  jobId: bigint('job_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity({ startWith: 1000 }),
  jobName: varchar('job_name', { length: 64 }).notNull(),
  jobGroup: varchar('job_group', { length: 64 }).notNull().default('DEFAULT'),
  /** a key of the task registry, optionally with an argument: `log.cleanLoginLog(30)` */
  invokeTarget: varchar('invoke_target', { length: 500 }).notNull(),
  cronExpression: varchar('cron_expression', { length: 255 }).notNull(),
  /** 1 run missed fires at once, 2 run once, 3 skip missed fires */
  misfirePolicy: varchar('misfire_policy', { length: 1 }).notNull().default('3'),
  /** 0 allow overlapping runs, 1 forbid */
  concurrent: varchar('concurrent', { length: 1 }).notNull().default('1'),
  /** 0 running, 1 paused */
  status: varchar('status', { length: 1 }).notNull().default('1'),
  /** The fire time last claimed: several server processes, one run per fire. */
  lastFireTime: timestamp('last_fire_time', { withTimezone: true }),
  ...audit,
});

export const sysJobLog = pgTable('sys_job_log', {
  jobLogId: bigint('job_log_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  jobId: bigint('job_id', { mode: 'number' }).notNull(),
  jobName: varchar('job_name', { length: 64 }).notNull(),
  jobGroup: varchar('job_group', { length: 64 }).notNull(),
  invokeTarget: varchar('invoke_target', { length: 500 }).notNull(),
  jobMessage: varchar('job_message', { length: 500 }),
  /** dict SuccessOrFail */
  status: varchar('status', { length: 1 }).notNull(),
  exceptionInfo: text('exception_info'),
  startTime: timestamp('start_time', { withTimezone: true }).notNull(),
  stopTime: timestamp('stop_time', { withTimezone: true }),
  createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('sys_job_log_job_idx').on(t.jobId, t.startTime)]);
