import { z } from 'zod';
import { lt, sql } from 'drizzle-orm';
import { perServices, type Services } from '../../core/services.ts';
import type { Translate } from '../../core/i18n.ts';
import type { Task } from '../../core/tasks.ts';
import { sysCaptcha, sysSession } from '../auth/index.ts';
import { sysLogininfor, sysOperLog } from '../monitor/index.ts';

export type { Task, TaskContext } from '../../core/tasks.ts';

/** A task's days argument: a whole number of days, 1 or more, or the fallback. */
export const wholeDays = (arg: string | undefined, fallback: number) => {
  const n = Number.parseInt(arg ?? '', 10);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};
/** The moment `days` days before `now`: what a retention task keeps is what is newer. */
export const daysBefore = (days: number, now = new Date()) => new Date(now.getTime() - days * 86_400_000);

/** The server's own tasks; modules add theirs (ServerModule.tasks). */
const BUILT_IN_TASKS: ReadonlyMap<string, Task> = new Map(Object.entries({
  'session.cleanExpired': {
    describe: 'job.task.sessionClean',
    async run({ services }) {
      const gone = await services.db.delete(sysSession).where(lt(sysSession.expiresAt, new Date())).returning({ id: sysSession.tokenHash });
      return `${gone.length}`;
    },
  },
  'captcha.cleanExpired': {
    describe: 'job.task.captchaClean',
    async run({ services }) {
      const gone = await services.db.delete(sysCaptcha).where(lt(sysCaptcha.expiresAt, new Date())).returning({ id: sysCaptcha.uuid });
      return `${gone.length}`;
    },
  },
  'log.cleanLoginLog': {
    describe: 'job.task.loginLogClean',
    arg: 'days',
    async run({ services, arg }) {
      const gone = await services.db.delete(sysLogininfor).where(lt(sysLogininfor.loginTime, daysBefore(wholeDays(arg, 90)))).returning({ id: sysLogininfor.infoId });
      return `${gone.length}`;
    },
  },
  'log.cleanOperLog': {
    describe: 'job.task.operLogClean',
    arg: 'days',
    async run({ services, arg }) {
      const gone = await services.db.delete(sysOperLog).where(lt(sysOperLog.operTime, daysBefore(wholeDays(arg, 90)))).returning({ id: sysOperLog.operId });
      return `${gone.length}`;
    },
  },
  // PGlite runs no autovacuum: without this, rows every update and delete leaves behind (session
  // touches, kept counts, publish tasks) pile up for as long as the server runs. On PostgreSQL
  // autovacuum does it; the job then only refreshes the planner's statistics.
  'db.vacuum': {
    describe: 'job.task.dbVacuum',
    jobName: 'job.name.dbVacuum',
    async run({ services }) {
      const pglite = services.database.kind === 'pglite';
      const started = performance.now();
      await services.db.execute(pglite ? sql`vacuum (analyze)` : sql`analyze`);
      return `${pglite ? 'vacuum analyze' : 'analyze'}: ${Math.round(performance.now() - started)} ms`;
    },
  },
  'demo.echo': {
    describe: 'job.task.echo',
    arg: 'text',
    async run({ arg }) {
      return arg ?? '';
    },
  },
} satisfies Record<string, Task>));

/**
 * Everything a job or a scheduled task may run on this server: the built-in tasks and those its
 * modules declare. Jobs name a task here; no job can run code that is not listed (the reference
 * console's arbitrary invoke targets are a known weakness). A Map, not an object: an object
 * answers `constructor`, `toString` or `__proto__` with what every object inherits.
 */
export const tasksOf = perServices((services): ReadonlyMap<string, Task> => {
  const tasks = new Map(BUILT_IN_TASKS);
  for (const [key, task] of services.shipped.tasks) {
    if (tasks.has(key)) throw new Error(`Task ${key} is registered twice`);
    tasks.set(key, task);
  }
  return tasks;
});

/** The registered task of this key, or undefined. */
export const registeredTask = (services: Services, key: string): Task | undefined => tasksOf(services).get(key);

/** A run of a registered task, as both schedulers log it. */
export interface TaskRun {
  ok: boolean;
  /** the task's result text, or the failure (`Error: reason`) */
  message: string;
  started: Date;
  end: Date;
}

/** Runs the task registered as `key`; a failure (or an unknown key) is the run's outcome, never thrown. */
export async function runRegistered(services: Services, key: string, arg?: string): Promise<TaskRun> {
  const started = new Date();
  try {
    const task = registeredTask(services, key);
    if (!task) throw new Error(`Unknown task: ${key}`);
    const message = await task.run({ services, arg });
    return { ok: true, message, started, end: new Date() };
  } catch (err) {
    const message = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
    return { ok: false, message, started, end: new Date() };
  }
}

/** The registry as form choices (jobs' targets, scheduled tasks' types): key, localized text, argument kind. */
/** The registry as the job and task forms offer it: key, description, what argument it takes. */
export const TASK_OPTIONS_REPLY = z.array(z.object({ value: z.string(), label: z.string(), arg: z.unknown() }));

export const taskOptions = (services: Services, t: Translate) => [...tasksOf(services)].map(([key, task]) => ({ value: key, label: t(task.describe), arg: task.arg ?? null }));

const TARGET = /^([A-Za-z][\w.]*)(?:\((.*)\))?$/s;

/** Splits `name(arg)`; null when the name is not a registered task. */
export function parseTarget(services: Services, target: string): { key: string; task: Task; arg?: string } | null {
  const m = TARGET.exec(target.trim());
  if (!m) return null;
  const task = registeredTask(services, m[1]!);
  if (!task) return null;
  const arg = m[2]?.trim().replace(/^['"]|['"]$/g, '');
  return { key: m[1]!, task, arg: arg || undefined };
}
