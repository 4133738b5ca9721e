import { bigint, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { audit } from '../../db/columns.ts';

/**
 * Scheduled tasks (spec §3 Scheduled task; ChestnutCMS `sys_scheduled_task`): a task type of the
 * server's registry run on a cron schedule or periodically. The trigger is kept in flat columns
 * (ChestnutCMS keeps it as JSON in trigger_args; its `data` shape is accepted and returned too).
 */
export const sysScheduledTask = pgTable('sys_scheduled_task', {
  taskId: bigint('task_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity({ startWith: 1000 }),
  /** a key of the task registry (server/modules/job/registry.ts) */
  taskType: varchar('task_type', { length: 64 }).notNull(),
  taskName: varchar('task_name', { length: 64 }).notNull(),
  /** the registry task's argument (e.g. days to keep), when it takes one */
  taskArg: varchar('task_arg', { length: 255 }),
  /** 0 enabled, 1 disabled (dict EnableOrDisable) */
  status: varchar('status', { length: 1 }).notNull().default('1'),
  /** Cron | Periodic */
  taskTrigger: varchar('task_trigger', { length: 16 }).notNull().default('Cron'),
  cron: varchar('cron', { length: 255 }),
  /** Periodic: Y = runs start every period, N = the period counts from the previous run's end */
  fixedRate: varchar('fixed_rate', { length: 1 }).notNull().default('N'),
  /** Periodic: seconds between runs */
  period: integer('period').notNull().default(60),
  /** Periodic: seconds before the first run after it is enabled (or the server starts) */
  initialDelay: integer('initial_delay').notNull().default(0),
  /**
   * The next planned run; null while disabled. It is the schedule every server process follows,
   * and each fire is claimed by moving it on (see scheduler.ts).
   */
  readyTime: timestamp('ready_time', { withTimezone: true }),
  /** when the last scheduled run started */
  lastFireTime: timestamp('last_fire_time', { withTimezone: true }),
  ...audit,
});

/** One row per run, scheduled or started by hand. */
export const sysScheduledTaskLog = pgTable('sys_scheduled_task_log', {
  logId: bigint('log_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  taskId: bigint('task_id', { mode: 'number' }).notNull(),
  taskType: varchar('task_type', { length: 64 }).notNull(),
  taskName: varchar('task_name', { length: 64 }).notNull(),
  /** 0 success, 1 failure (dict SuccessOrFail) */
  result: varchar('result', { length: 1 }).notNull(),
  /** what the task reported, or why it failed */
  message: text('message'),
  startTime: timestamp('start_time', { withTimezone: true }).notNull(),
  endTime: timestamp('end_time', { withTimezone: true }).notNull(),
  /** milliseconds */
  duration: integer('duration').notNull(),
  createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('sys_scheduled_task_log_task_idx').on(t.taskId, t.startTime)]);
