import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { perServices, type Services } from '../../core/services.ts';
import { fail } from '../../core/errors.ts';
import { runRegistered } from '../job/index.ts';
import { sysScheduledTask, sysScheduledTaskLog } from './schema.ts';
import { afterRun, firstRun, isFixedDelay, nextRun } from './plan.ts';

export type ScheduledTask = typeof sysScheduledTask.$inferSelect;
export type TaskLog = typeof sysScheduledTaskLog.$inferSelect;
export const TASK_ENABLED = '0';

/** How often each process re-reads the plan, to follow changes made through other processes. */
export const TASK_SYNC_MS = 30_000;
/** setTimeout's longest delay; a later run is re-armed when the timer wakes. */
const MAX_TIMEOUT = 2 ** 31 - 1;

/**
 * Runs enabled scheduled tasks. The plan lives in the database: `ready_time` is each task's next
 * run, and every server process arms a timer for it. When a timer fires, the process claims the
 * run by moving `ready_time` on with a conditional update — only one process succeeds, so a
 * planned run happens once however many processes there are. Within a process a task never
 * overlaps itself: a fire that finds the previous run still going is skipped.
 */
export class TaskScheduler {
  private readonly armed = new Map<number, { at: number; timer: ReturnType<typeof setTimeout> }>();
  private readonly busy = new Set<number>();
  private readonly inflight = new Set<Promise<unknown>>();
  private sync: ReturnType<typeof setInterval> | null = null;
  private running = false;
  private readonly services: Services;
  private readonly syncMs: number;

  constructor(services: Services, syncMs = TASK_SYNC_MS) {
    this.services = services;
    this.syncMs = syncMs;
  }

  private get db() {
    return this.services.db;
  }

  /** Plans tasks found overdue (the server was down) and arms the timers. */
  async start(): Promise<void> {
    this.running = true;
    const now = new Date();
    const overdue = await this.db
      .select()
      .from(sysScheduledTask)
      .where(and(eq(sysScheduledTask.status, TASK_ENABLED), or(isNull(sysScheduledTask.readyTime), lt(sysScheduledTask.readyTime, now))));
    for (const task of overdue) {
      // Missed runs are not made up: the task starts over (after its initial delay).
      await this.db
        .update(sysScheduledTask)
        .set({ readyTime: firstRun(task, now) })
        .where(and(eq(sysScheduledTask.taskId, task.taskId), sameReadyTime(task.readyTime)));
    }
    await this.refresh();
    this.sync = setInterval(() => this.track(this.refresh()), this.syncMs);
    this.sync.unref();
  }

  /** Stops every timer and waits for runs in progress (so the database can close after). */
  async stop(): Promise<void> {
    this.running = false;
    if (this.sync) clearInterval(this.sync);
    this.sync = null;
    for (const { timer } of this.armed.values()) clearTimeout(timer);
    this.armed.clear();
    await Promise.allSettled([...this.inflight]);
  }

  /** The tasks this process has a timer for (what stop() clears). */
  armedTaskIds(): number[] {
    return [...this.armed.keys()];
  }

  /** Arms a timer at each enabled task's planned run and drops those of tasks disabled or gone. */
  async refresh(): Promise<void> {
    const rows = await this.db
      .select({ taskId: sysScheduledTask.taskId, readyTime: sysScheduledTask.readyTime })
      .from(sysScheduledTask)
      .where(eq(sysScheduledTask.status, TASK_ENABLED));
    const planned = new Map(rows.map((r) => [r.taskId, r.readyTime]));
    for (const id of this.armed.keys()) if (!planned.get(id)) this.disarm(id);
    for (const [id, at] of planned) if (at) this.arm(id, at);
  }

  private arm(taskId: number, at: Date) {
    const current = this.armed.get(taskId);
    if (current?.at === at.getTime() || !this.running) return;
    if (current) clearTimeout(current.timer);
    const timer = setTimeout(() => this.track(this.due(taskId, at)), Math.min(Math.max(0, at.getTime() - Date.now()), MAX_TIMEOUT));
    // A schedule never keeps the process alive on its own.
    timer.unref();
    this.armed.set(taskId, { at: at.getTime(), timer });
  }

  private disarm(taskId: number) {
    const current = this.armed.get(taskId);
    if (current) clearTimeout(current.timer);
    this.armed.delete(taskId);
  }

  /** Keeps a timer's work awaited on stop; its failures (e.g. a database gone away) end there. */
  private track(work: Promise<unknown>) {
    const p = work.catch((err: unknown) => {
      if (this.running) console.error('scheduled task:', err);
    });
    this.inflight.add(p);
    void p.finally(() => this.inflight.delete(p));
  }

  private async due(taskId: number, at: Date) {
    if (this.armed.get(taskId)?.at === at.getTime()) this.armed.delete(taskId);
    if (!this.running) return;
    if (Date.now() < at.getTime()) return this.arm(taskId, at); // a long wait woke up early
    await this.fire(taskId, at);
    // Follow the plan as it now stands (moved on by this process or another, or disabled).
    const [row] = await this.db.select({ status: sysScheduledTask.status, readyTime: sysScheduledTask.readyTime }).from(sysScheduledTask).where(eq(sysScheduledTask.taskId, taskId));
    if (row?.status === TASK_ENABLED && row.readyTime) this.arm(taskId, row.readyTime);
    else this.disarm(taskId);
  }

  /** A planned run: claimed by moving `ready_time` on; the process that succeeds runs it. */
  async fire(taskId: number, planned: Date): Promise<void> {
    const [task] = await this.db.select().from(sysScheduledTask).where(eq(sysScheduledTask.taskId, taskId));
    if (task?.status !== TASK_ENABLED || task.readyTime?.getTime() !== planned.getTime()) return;
    const now = new Date();
    const next = nextRun(task, planned, now);
    const [claimed] = await this.db
      .update(sysScheduledTask)
      .set({ readyTime: next, lastFireTime: now })
      .where(and(eq(sysScheduledTask.taskId, taskId), eq(sysScheduledTask.status, TASK_ENABLED), eq(sysScheduledTask.readyTime, planned)))
      .returning();
    if (!claimed || this.busy.has(taskId)) return;
    const log = await this.run(claimed);
    if (isFixedDelay(claimed) && next) {
      // Unless the task was edited or disabled meanwhile.
      await this.db
        .update(sysScheduledTask)
        .set({ readyTime: afterRun(claimed, log.endTime) })
        .where(and(eq(sysScheduledTask.taskId, taskId), eq(sysScheduledTask.status, TASK_ENABLED), eq(sysScheduledTask.readyTime, next)));
    }
  }

  /** Runs a task now (a planned run, or "run once") and logs the outcome. */
  async run(task: ScheduledTask): Promise<TaskLog> {
    if (this.busy.has(task.taskId)) throw fail('scheduledTask.busy');
    this.busy.add(task.taskId);
    const run = await runRegistered(this.services, task.taskType, task.taskArg ?? undefined).finally(() => this.busy.delete(task.taskId));
    const { started, end } = run;
    const [log] = await this.db
      .insert(sysScheduledTaskLog)
      .values({ taskId: task.taskId, taskType: task.taskType, taskName: task.taskName, result: run.ok ? '0' : '1', message: run.message.slice(0, 2000), startTime: started, endTime: end, duration: end.getTime() - started.getTime() })
      .returning();
    return log!;
  }
}

/** `ready_time` still as read (null-safe), so a concurrent plan by another process is kept. */
const sameReadyTime = (at: Date | null) => (at ? eq(sysScheduledTask.readyTime, at) : isNull(sysScheduledTask.readyTime));

/** The scheduler of a server. */
export const taskSchedulerFor = perServices((services) => new TaskScheduler(services));
