import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { Cron } from 'croner';
import { perServices, type Services } from '../../core/services.ts';
import { sysJob, sysJobLog } from './schema.ts';
import { parseCron } from './cron.ts';
import { parseTarget, runRegistered } from './registry.ts';
import { fail } from '../../core/errors.ts';

type Job = typeof sysJob.$inferSelect;
export const JOB_RUNNING = '0';
export const CONCURRENT_FORBID = '1';
const MISFIRE_SKIP = '3';

const second = (d = new Date()) => new Date(Math.floor(d.getTime() / 1000) * 1000);

/**
 * Runs enabled jobs on their cron schedules. Each fire is claimed in the database first, so
 * several server processes run a job once per fire; every run writes a job log.
 */
/** How often a process re-reads the jobs, to follow edits made through other processes. */
export const JOB_SYNC_MS = 30_000;

export class JobScheduler {
  private readonly timers = new Map<number, Cron>();
  private sync: ReturnType<typeof setInterval> | null = null;
  private readonly busy = new Set<number>();
  /** Scheduled fires under way: stopping waits for them, so none touches a closed database. */
  private readonly inFlight = new Set<Promise<void>>();
  private stopped = false;
  private readonly services: Services;
  constructor(services: Services) {
    this.services = services;
  }

  /** Arms the enabled jobs and makes up the fires missed while no process ran (per misfire policy). */
  async start(syncMs = JOB_SYNC_MS): Promise<void> {
    this.stopped = false;
    for (const job of await this.resync()) {
      if (job.misfirePolicy !== MISFIRE_SKIP && this.missed(job)) this.scheduledFire(job.jobId);
    }
    this.sync = setInterval(() => void this.follow().catch(() => undefined), syncMs);
    this.sync.unref();
  }

  /** Stops every timer and waits for the fires under way (a server closes its database after this). */
  async stopAll(): Promise<void> {
    this.stopped = true;
    if (this.sync) clearInterval(this.sync);
    this.sync = null;
    this.clearTimers();
    await Promise.allSettled([...this.inFlight]);
  }

  /**
   * A fire from a timer: nobody awaits it, so it is tracked for stopAll, and a failure outside the
   * job itself (the claim, the log) is reported instead of becoming an unhandled rejection.
   */
  private scheduledFire(jobId: number) {
    const run = this.fire(jobId, second()).catch((err) => {
      if (!this.stopped) console.error(`job ${jobId}: the scheduled fire failed`, err);
    });
    this.inFlight.add(run);
    void run.finally(() => this.inFlight.delete(run));
  }

  private clearTimers(): void {
    for (const c of this.timers.values()) c.stop();
    this.timers.clear();
  }

  /**
   * Edits made through another process: arms jobs enabled or re-timed there and drops those paused
   * or deleted (a paused job would not run anyway: each fire's claim checks the status). Unchanged
   * jobs keep their timers.
   */
  async follow(): Promise<void> {
    const jobs = await this.services.db.select().from(sysJob).where(eq(sysJob.status, JOB_RUNNING));
    const live = new Map(jobs.map((j) => [j.jobId, j]));
    for (const [id, timer] of this.timers) {
      if (live.get(id)?.cronExpression.trim() !== timer.getPattern()) {
        timer.stop();
        this.timers.delete(id);
      }
    }
    for (const job of jobs) if (!this.timers.has(job.jobId)) this.schedule(job);
  }

  /**
   * After jobs changed: re-arms every enabled job from the table. Unlike start(), nothing missed is
   * made up, so editing one job never fires another.
   */
  async resync(): Promise<Job[]> {
    const jobs = await this.services.db.select().from(sysJob).where(eq(sysJob.status, JOB_RUNNING));
    this.clearTimers();
    for (const job of jobs) this.schedule(job);
    return jobs;
  }

  /** After a job changed: drop its timer and, when it is enabled, start a new one. */
  async reschedule(jobId: number): Promise<void> {
    this.timers.get(jobId)?.stop();
    this.timers.delete(jobId);
    const [job] = await this.services.db.select().from(sysJob).where(eq(sysJob.jobId, jobId));
    if (job && job.status === JOB_RUNNING) this.schedule(job);
  }

  private schedule(job: Job) {
    if (!parseCron(job.cronExpression)) return;
    // unref: a scheduled job never keeps the process alive on its own.
    const timer = new Cron(job.cronExpression.trim(), { sloppyRanges: true, unref: true }, () => this.scheduledFire(job.jobId));
    this.timers.set(job.jobId, timer);
  }

  /** A fire time passed while no process was running (restart, downtime). */
  private missed(job: Job): boolean {
    if (!job.lastFireTime) return false;
    const cron = parseCron(job.cronExpression);
    const next = cron?.nextRun(job.lastFireTime);
    cron?.stop();
    return !!next && next.getTime() < Date.now();
  }

  /** A scheduled fire: claimed once across processes, skipped when overlapping is forbidden. */
  async fire(jobId: number, at: Date): Promise<void> {
    if (this.stopped) return;
    const [job] = await this.services.db
      .update(sysJob)
      .set({ lastFireTime: at })
      .where(and(eq(sysJob.jobId, jobId), eq(sysJob.status, JOB_RUNNING), or(isNull(sysJob.lastFireTime), lt(sysJob.lastFireTime, at))))
      .returning();
    if (!job) return;
    if (job.concurrent === CONCURRENT_FORBID && this.busy.has(jobId)) return;
    await this.run(job);
  }

  /** The "run once" button: refused while a run of a job that forbids overlapping is under way. */
  async runOnce(job: Job): Promise<typeof sysJobLog.$inferSelect> {
    if (job.concurrent === CONCURRENT_FORBID && this.busy.has(job.jobId)) throw fail('job.busy');
    return this.run(job);
  }

  /** Runs a job now and logs the outcome. */
  async run(job: Job): Promise<typeof sysJobLog.$inferSelect> {
    this.busy.add(job.jobId);
    const target = parseTarget(this.services, job.invokeTarget);
    const run = await runRegistered(this.services, target?.key ?? job.invokeTarget, target?.arg).finally(() => this.busy.delete(job.jobId));
    const status = run.ok ? '0' : '1';
    const [log] = await this.services.db
      .insert(sysJobLog)
      .values({
        jobId: job.jobId,
        jobName: job.jobName,
        jobGroup: job.jobGroup,
        invokeTarget: job.invokeTarget,
        jobMessage: `${job.jobName} ${run.ok ? 'OK' : 'FAILED'} ${run.end.getTime() - run.started.getTime()} ms${run.ok && run.message ? `: ${run.message}` : ''}`.slice(0, 500),
        status,
        exceptionInfo: run.ok ? null : run.message,
        startTime: run.started,
        stopTime: run.end,
      })
      .returning();
    return log!;
  }
}

/** The scheduler of a server. */
export const schedulerFor = perServices((services) => new JobScheduler(services));
