import { eq } from 'drizzle-orm';
import { perServices, type Services } from '../../../core/services.ts';
import { cmsPublishTask } from './schema.ts';
import { drainQueue, newWorkerId, releaseExpired, type DrainResult } from './worker.ts';
import { sweepTemps } from './output.ts';
import { publishRoot } from './roots.ts';
import { indexPending } from '../search/pending.ts';

/** How often an idle worker looks for tasks (enqueuing through this server wakes it at once). */
export const POLL_MS = 1000;

/**
 * The publish worker of a server process: started by the CMS module when the server starts
 * (config publishWorker, env PUBLISH_WORKER; on by default), stopped when it closes. It drains the
 * queue whenever tasks wait; rendering yields between pages, so requests keep being answered.
 *
 * On PGlite this process is the only one that can open the database, so at start every RUNNING
 * task is an orphan of a killed process and goes back to READY at once; on PostgreSQL other
 * processes may be working, so only expired leases are taken back (drainQueue does it each time).
 */
export class PublishWorker {
  readonly workerId = newWorkerId();
  private readonly services: Services;
  private running = false;
  private abort = new AbortController();
  private loop: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  private idleWaiters: (() => void)[] = [];
  /** the last drain's result, for logs and tests */
  last: DrainResult | null = null;

  constructor(services: Services) {
    this.services = services;
  }

  async start(pollMs = POLL_MS): Promise<void> {
    if (this.running) return;
    this.running = true;
    this.abort = new AbortController();
    const alone = this.services.database.kind === 'pglite';
    if (alone) await releaseExpired(this.services.db, true);
    // Pages a killed process was writing: alone, all of them; beside other processes, the old ones.
    await sweepTemps(publishRoot(this.services.config), alone ? 0 : 60_000);
    this.loop = this.run(pollMs);
  }

  /** Looks for tasks now rather than at the next poll. */
  wake() {
    this.wakeUp?.();
  }

  /** Resolves once the queue has nothing READY for this worker (tests, the benchmark). */
  idle(): Promise<void> {
    this.wake();
    return new Promise((r) => this.idleWaiters.push(r));
  }

  async stop(): Promise<void> {
    this.running = false;
    this.abort.abort();
    this.wake();
    await this.loop;
    this.loop = null;
  }

  private async tasksWaiting(): Promise<boolean> {
    const [waiting] = await this.services.db.select({ id: cmsPublishTask.taskId }).from(cmsPublishTask).where(eq(cmsPublishTask.status, 'READY')).limit(1);
    return !!waiting;
  }

  private async run(pollMs: number) {
    while (this.running) {
      try {
        if (await this.tasksWaiting()) {
          this.last = await drainQueue(this.services, { workerId: this.workerId, signal: this.abort.signal });
          continue;
        }
        // The queue is empty: the search index catches up with what was published, a batch at a
        // time, giving way as soon as tasks wait again (search/pending.ts).
        if (this.services.config.searchIndex !== false) await indexPending(this.services.db, { signal: this.abort.signal, giveWay: () => this.tasksWaiting() });
        if (await this.tasksWaiting()) continue;
        for (const done of this.idleWaiters.splice(0)) done();
      } catch (err) {
        // The database went away (closing) or a query failed: try again at the next poll.
        if (this.running) console.error('publish worker:', err instanceof Error ? err.message : err);
      }
      if (!this.running) break;
      await new Promise<void>((r) => {
        const t = setTimeout(r, pollMs);
        t.unref();
        this.wakeUp = () => {
          clearTimeout(t);
          r();
        };
      });
      this.wakeUp = null;
    }
    for (const done of this.idleWaiters.splice(0)) done();
  }
}

/** The worker of a server (one per Services). */
export const publishWorkerOf = perServices((services) => new PublishWorker(services));
