import { nextRuns } from '../job/index.ts';

/** What decides when a scheduled task runs (the trigger columns of sys_scheduled_task). */
export interface Trigger {
  taskTrigger: string;
  cron: string | null;
  fixedRate: string;
  period: number;
  initialDelay: number;
}

const CRON = 'Cron';
/**
 * Fixed delay: while a run is under way its task is planned this much beyond a period, so another
 * process does not start it again; the run's end then plans the real next run. Should the process
 * die mid-run, the task resumes after the lease.
 */
export const RUN_LEASE_MS = 10 * 60_000;
export const isFixedDelay = (t: Trigger) => t.taskTrigger !== CRON && t.fixedRate !== 'Y';
const cronAfter = (t: Trigger, from: Date) => nextRuns(t.cron ?? '', 1, from)[0] ?? null;

/**
 * The first run after the task is enabled, edited or found overdue at start: the next cron time,
 * or `initialDelay` seconds from now. Null when the cron expression never fires.
 */
export function firstRun(t: Trigger, now = new Date()): Date | null {
  if (t.taskTrigger === CRON) return cronAfter(t, now);
  return new Date(now.getTime() + t.initialDelay * 1000);
}

/**
 * The run after the one planned for `planned`, decided when that one fires at `now`:
 * cron — its next time (strictly after `planned`, even when a timer woke a moment early);
 * fixed rate — `planned` plus whole periods, skipping slots already past (a late or slow run
 * does not cause a burst of catch-up runs); fixed delay — a period and the run lease from now,
 * moved to a period after the run's end once it has finished (see `afterRun`).
 */
export function nextRun(t: Trigger, planned: Date, now = new Date()): Date | null {
  if (t.taskTrigger === CRON) return cronAfter(t, new Date(Math.max(now.getTime(), planned.getTime())));
  const period = t.period * 1000;
  if (t.fixedRate === 'Y') {
    const slots = Math.max(1, Math.floor((now.getTime() - planned.getTime()) / period) + 1);
    return new Date(planned.getTime() + slots * period);
  }
  return new Date(now.getTime() + period + RUN_LEASE_MS);
}

/** Fixed delay: the period counts from the end of the run. */
export const afterRun = (t: Trigger, end: Date) => new Date(end.getTime() + t.period * 1000);
