import { and, eq, inArray, sql } from 'drizzle-orm';
import { contentPageNeeds } from '../template/render.ts';
import { loadPrefetch, type Prefetch } from '../template/session.ts';
import type { ThreadTask } from './thread-protocol.ts';
import { addOutcome, emptyOutcome, type ChangedPage, type PipeOutcome } from './pages.ts';
import { queuePushes } from '../seo/queue.ts';
import { indexRendered } from '../search/publish-hook.ts';
import type { RenderPool } from './render-pool.ts';
import { cmsPublishTask } from './schema.ts';
import { cmsSite } from '../site/schema.ts';
import { claimTasks, DEFAULT_LEASE_MS, giveBack, newWorkerId, releaseExpired, renewLeases, type ClaimedTask } from './task-leases.ts';
import { Sessions, type PipeRun } from './site-sessions.ts';
import { pool } from '../../../core/pool.ts';
import { runTask } from './render-task.ts';
import { BATCHES_IN_FLIGHT, bulkContents, CATALOG_CHUNK, CHUNK, THREAD_MIN_TASKS, type Bulk, type Unit } from './units.ts';
import type { DrainOptions, DrainResult, PublishHost } from './worker-types.ts';

/** Failed pages a task keeps (a `contents` task's template error may fail every content of a catalog). */
export const MAX_FAILURES_KEPT = 50;

const asThread = ({ taskId, dataType, dataId, attempts }: ClaimedTask): ThreadTask => ({ taskId, dataType, dataId, ...(attempts > 1 ? { rerun: true } : {}) });

/** What a batch's tasks of one site hold in progress: which were started, which succeeded. */
interface BatchState {
  started: Set<number>;
  succeeded: number[];
}

/**
 * One drain of the queue (worker.ts drainQueue): claims batches until none is left, renders each
 * site's share in units that lanes take (render threads, and this thread), and records what each
 * task did. One object per call; its methods share the options, the totals and the sessions.
 */
export class Drain {
  private readonly startedAt = Date.now();
  private readonly workerId: string;
  private readonly leaseMs: number;
  private readonly result: DrainResult = { tasks: 0, succeeded: 0, failed: 0, pages: 0, written: 0, unchanged: 0, removed: 0, failures: [], ms: 0 };
  private readonly sessions: Sessions;
  private readonly host: PublishHost;
  private readonly opts: DrainOptions;
  private readonly threads: RenderPool | null;
  /** pages finished tasks changed, per site, until their batch ends and they are handed to the push queue */
  private changed = new Map<number, ChangedPage[]>();

  constructor(host: PublishHost, opts: DrainOptions, threads: RenderPool | null) {
    this.host = host;
    this.opts = opts;
    this.threads = threads;
    this.workerId = opts.workerId ?? newWorkerId();
    this.leaseMs = opts.leaseMs ?? DEFAULT_LEASE_MS;
    this.sessions = new Sessions(host);
  }

  /** Claims and renders batches until the queue has none left (or the signal stops it). */
  async run(): Promise<DrainResult> {
    const { host, opts, threads } = this;
    await releaseExpired(host.db);
    const inFlight: Promise<void>[] = [];
    try {
      while (!opts.signal?.aborted) {
        const tasks = await claimTasks(host.db, this.workerId, opts.batchSize ?? 200, this.leaseMs, opts.siteId);
        if (!tasks.length) break;
        // A catalog's contents or many tasks: the threads start loading while this thread reads the site.
        if (threads && (tasks.length >= (opts.threadMinTasks ?? THREAD_MIN_TASKS) || tasks.some((t) => t.dataType === 'contents'))) threads.warm();
        const batch = this.runBatch(tasks);
        // A batch failing (the database gone) ends the drain; the others in flight finish first.
        batch.catch(() => undefined);
        inFlight.push(batch);
        if (!threads || inFlight.length >= BATCHES_IN_FLIGHT) await inFlight.shift();
      }
    } finally {
      const ended = await Promise.allSettled(inFlight);
      threads?.drop(this.sessions.keys);
      const failed = ended.find((e) => e.status === 'rejected');
      if (failed) throw (failed as PromiseRejectedResult).reason;
    }
    this.result.ms = Date.now() - this.startedAt;
    return this.result;
  }

  private progress() {
    this.result.ms = Date.now() - this.startedAt;
    this.opts.onProgress?.(this.result);
  }

  /** A claimed batch, start to end: rendered, marked done, its leases renewed meanwhile. */
  private async runBatch(tasks: ClaimedTask[]) {
    const { host, workerId, leaseMs } = this;
    const held = new Set(tasks.map((t) => t.taskId));
    const renew = setInterval(() => void renewLeases(host.db, workerId, [...held], leaseMs).catch(() => undefined), Math.max(50, leaseMs / 3));
    renew.unref();
    try {
      const bySite = new Map<number, ClaimedTask[]>();
      for (const t of tasks) bySite.set(t.siteId, [...(bySite.get(t.siteId) ?? []), t]);
      const state: BatchState = { started: new Set(), succeeded: [] };
      try {
        for (const [siteId, siteTasks] of bySite) await this.runSite(siteId, siteTasks, state);
      } finally {
        if (this.opts.signal?.aborted) await giveBack(host.db, workerId, tasks.filter((t) => !state.started.has(t.taskId)).map((t) => t.taskId));
        await this.settle(state.succeeded);
      }
    } finally {
      clearInterval(renew);
    }
    this.progress();
  }

  /**
   * Marks the batch's succeeded tasks done and hands the pages changed so far to the push queue
   * (search engines, CDN: seo/queue.ts, which only records what to send; sending is the push
   * dispatcher's) in one transaction: a crash between the two would leave the tasks done and
   * their pushes never recorded (a task done is not rendered again). Queuing runs in a savepoint:
   * its failure is logged and never fails the publish. Should the whole write fail, the pages
   * stay for the next batch's.
   */
  private async settle(succeeded: number[]) {
    const changed = this.changed;
    this.changed = new Map();
    try {
      await this.host.db.transaction(async (tx) => {
        for (let i = 0; i < succeeded.length; i += 1000) {
          await tx.update(cmsPublishTask).set({ status: 'SUCCESS', endTime: sql`now()`, workerId: null, leaseUntil: null, errors: null, errMessage: null })
            .where(and(inArray(cmsPublishTask.taskId, succeeded.slice(i, i + 1000)), eq(cmsPublishTask.workerId, this.workerId)));
        }
        for (const [siteId, pages] of changed) {
          await tx.transaction((savepoint) => queuePushes(savepoint, siteId, pages))
            .catch((err: unknown) => console.error('publish: pushes not queued:', err instanceof Error ? err.message : err));
        }
      });
    } catch (err) {
      for (const [siteId, pages] of changed) this.changed.set(siteId, [...pages, ...(this.changed.get(siteId) ?? [])]);
      throw err;
    }
  }

  /**
   * One site's share of a claimed batch. Its work is cut into units (tasks, or chunks of a
   * `contents` task's contents) that lanes take one after the other: each render thread, and this
   * thread between its reads. What a unit's contents need is read here before it is handed over.
   * Site indexes, their static files and sitemaps come last, here.
   */
  private async runSite(siteId: number, siteTasks: ClaimedTask[], state: BatchState) {
    const { opts, threads } = this;
    const newest = new Date(Math.max(...siteTasks.map((t) => t.createTime.getTime())));
    const runs = await this.sessions.of(siteId, newest);
    const { units, catalogUnits, bulkRuns } = await this.unitsOf(siteId, siteTasks, state);

    const work = [...units, ...catalogUnits].reduce((n, u) => n + u.tasks.length, 0);
    const threaded = !!(threads && runs.length && work >= (opts.threadMinTasks ?? THREAD_MIN_TASKS));
    /**
     * The next unit for a lane. Beside render threads, this thread takes the catalogs first: their
     * lists ask the database as they render, which it answers here without a message, while a
     * thread would wait for each answer; the threads take the contents, read ahead for them.
     */
    const take = (thread: number | null): Unit | undefined => {
      const [first, second] = thread === null && threaded ? [catalogUnits, units] : [units, catalogUnits];
      return first.shift() ?? second.shift();
    };
    // Two lanes per thread: the next unit is read here while the thread renders one.
    const lanes = threaded ? Array.from({ length: threads!.size * 2 }, (_, i) => this.lane(i % threads!.size, take, runs, threaded, state)) : [];
    // This thread renders too, between its reads for the threads' units.
    if (!threaded || opts.mainLane !== false) lanes.push(this.lane(null, take, runs, threaded, state));
    await Promise.all(lanes);
    // A `contents` task stopped part way (the worker stops) goes back whole: it is rendered again (pages are rewritten only when changed).
    for (const bulk of bulkRuns) if (bulk.finished < bulk.chunks) state.started.delete(bulk.task.taskId);

    const indexes = siteTasks.filter((t) => t.dataType === 'site');
    await pool(indexes, opts.concurrency ?? 4, async (task) => {
      state.started.add(task.taskId);
      await this.finish(task, await runTask(this.host, runs, asThread(task)), state.succeeded);
    }, opts.signal);
  }

  /**
   * A site's tasks cut into units: contents first (single ones, then chunks of catalogs' contents),
   * then catalogs a few at a time (a list shows what was just published). A `contents` task with
   * no contents is finished at once.
   */
  private async unitsOf(siteId: number, siteTasks: ClaimedTask[], state: BatchState) {
    const units: Unit[] = [];
    const bulkRuns: Bulk[] = [];
    const bulks = siteTasks.filter((t) => t.dataType === 'contents');
    const contents = await bulkContents(this.host.db, siteId, bulks.map((t) => t.dataId));
    const singles = siteTasks.filter((t) => t.dataType === 'content');
    for (let i = 0; i < singles.length; i += CHUNK) units.push({ tasks: singles.slice(i, i + CHUNK).map(asThread), claimed: singles.slice(i, i + CHUNK) });
    for (const task of bulks) {
      const ids = contents.get(task.dataId) ?? [];
      const bulk: Bulk = { task, chunks: Math.ceil(ids.length / CHUNK), finished: 0, done: 0, outcome: emptyOutcome() };
      bulkRuns.push(bulk);
      if (!ids.length) {
        state.started.add(task.taskId);
        await this.finish(task, bulk.outcome, state.succeeded);
      }
      for (let i = 0; i < ids.length; i += CHUNK) {
        const chunk = ids.slice(i, i + CHUNK);
        units.push({ tasks: chunk.map((id) => ({ ...asThread(task), dataType: 'content', dataId: id })), claimed: chunk.map(() => null), bulk });
      }
    }
    // Catalogs a few at a time (each has many list pages: the benchmark's 10).
    const catalogs = siteTasks.filter((t) => t.dataType === 'catalog');
    const catalogUnits: Unit[] = [];
    for (let i = 0; i < catalogs.length; i += CATALOG_CHUNK) catalogUnits.push({ tasks: catalogs.slice(i, i + CATALOG_CHUNK).map(asThread), claimed: catalogs.slice(i, i + CATALOG_CHUNK) });
    return { units, catalogUnits, bulkRuns };
  }

  /** A lane: takes units until none is left (or the worker stops), renders them, records what they did. */
  private async lane(thread: number | null, take: (thread: number | null) => Unit | undefined, runs: PipeRun[], threaded: boolean, state: BatchState) {
    const { opts, threads } = this;
    for (let unit = take(thread); unit && !opts.signal?.aborted; unit = take(thread)) {
      const ids = unit.tasks.filter((t) => t.dataType === 'content').map((t) => t.dataId);
      const prefetch = ids.length && runs.length ? await loadPrefetch(runs[0]!.thread.host.source, ids, (row) => contentPageNeeds(row)) : null;
      for (const t of unit.claimed) if (t) state.started.add(t.taskId);
      if (unit.bulk) state.started.add(unit.bulk.task.taskId);
      let outcomes: (PipeOutcome | null)[] | null = null;
      if (thread !== null) {
        outcomes = await threads!.run(thread, runs.map((r) => r.thread), unit.tasks, prefetch, opts.signal).catch((err: unknown) => {
          // A thread that cannot start or died: its unit renders here instead.
          console.error('publish: a render thread failed, rendering in the main thread:', err instanceof Error ? err.message : err);
          return null;
        });
      }
      outcomes ??= await this.renderHere(runs, unit, prefetch, threaded);
      await this.record(unit, outcomes, state);
      this.progress();
    }
  }

  /** Renders a unit in this thread: each task in every pipe's session, `concurrency` side by side; `bulk`: beside render threads. */
  private async renderHere(runs: PipeRun[], unit: Unit, prefetch: Prefetch | null, bulk: boolean): Promise<(PipeOutcome | null)[]> {
    if (prefetch) for (const run of runs) run.session.addPrefetch(prefetch);
    const outcomes: (PipeOutcome | null)[] = unit.tasks.map(() => null);
    const order = unit.tasks.map((_, i) => i);
    try {
      await pool(order, this.opts.concurrency ?? 4, async (i) => {
        outcomes[i] = await runTask(this.host, runs, unit.tasks[i]!, bulk);
        // Let requests in between pages: rendering here is synchronous work.
        await new Promise((r) => setImmediate(r));
      }, this.opts.signal);
    } finally {
      if (prefetch) for (const run of runs) run.session.forgetPrefetch(prefetch);
    }
    return outcomes;
  }

  /** What a rendered unit did: its tasks finished, or its chunk counted towards its `contents` task (finished with its last chunk). */
  private async record(unit: Unit, outcomes: (PipeOutcome | null)[], state: BatchState) {
    // The search index follows the pages (search/publish-hook.ts): before the tasks are marked
    // done, so a crash leaves them to be rendered, and indexed, again.
    if (this.host.config.searchIndex !== false) await indexRendered(this.host.db, unit.tasks.filter((t, i) => t.dataType === 'content' && outcomes[i]).map((t) => t.dataId));
    if (!unit.bulk) {
      for (const [i, task] of unit.claimed.entries()) {
        const outcome = outcomes[i];
        if (outcome) await this.finish(task!, outcome, state.succeeded);
        else state.started.delete(task!.taskId);
      }
      return;
    }
    const bulk = unit.bulk;
    // Stopped part way: the task goes back whole (runSite), this chunk counts for nothing.
    if (outcomes.some((o) => !o)) return;
    for (const [i, outcome] of (outcomes as PipeOutcome[]).entries()) {
      for (const f of outcome.failures) Object.assign(f, { dataType: 'content', dataId: unit.tasks[i]!.dataId });
      addOutcome(bulk.outcome, outcome);
    }
    bulk.done += outcomes.length;
    if (++bulk.finished < bulk.chunks) {
      // The progress view counts a running `contents` task's contents done so far.
      await this.host.db.update(cmsPublishTask).set({ done: bulk.done }).where(and(eq(cmsPublishTask.taskId, bulk.task.taskId), eq(cmsPublishTask.workerId, this.workerId)));
      return;
    }
    await this.finish(bulk.task, bulk.outcome, state.succeeded);
  }

  /** Counts a finished task and records a failed one (its pages, template, line, message). */
  private async finish(task: ClaimedTask, outcome: PipeOutcome, succeeded: number[]) {
    const { result } = this;
    if (outcome.changed?.length) {
      const pages = this.changed.get(task.siteId) ?? [];
      for (const c of outcome.changed) pages.push(c);
      this.changed.set(task.siteId, pages);
    }
    result.pages += outcome.pages;
    result.written += outcome.written;
    result.unchanged += outcome.unchanged;
    result.removed += outcome.removed;
    if (outcome.failures.length) {
      result.failed++;
      result.failures.push(...outcome.failures.map((f) => ({ ...f, taskId: task.taskId, dataType: f.dataType ?? task.dataType, dataId: f.dataId ?? task.dataId })));
      // What of its weight failed: the task, or the contents of a `contents` task with a failed page.
      const failedUnits = task.dataType === 'contents' ? new Set(outcome.failures.map((f) => f.dataId)).size : 1;
      const errMessage = outcome.failures.map((f) => `${f.template}, line ${f.line}: ${f.message}`).join('\n').slice(0, 4000);
      // The failure and its event (the message pushers' outbox) in one transaction: told once, and only if recorded by this worker.
      await this.host.db.transaction(async (tx) => {
        const recorded = await tx.update(cmsPublishTask).set({
          status: 'FAILED', endTime: sql`now()`, workerId: null, leaseUntil: null, failed: failedUnits, errors: outcome.failures.slice(0, MAX_FAILURES_KEPT), errMessage,
        }).where(and(eq(cmsPublishTask.taskId, task.taskId), eq(cmsPublishTask.workerId, this.workerId))).returning({ taskId: cmsPublishTask.taskId });
        if (!recorded.length || !this.host.events) return;
        const [site] = await tx.select({ name: cmsSite.name }).from(cmsSite).where(eq(cmsSite.siteId, task.siteId));
        await this.host.events.emit(tx, {
          type: 'PublishFailed', siteId: task.siteId,
          params: { site: site?.name ?? String(task.siteId), target: `${task.dataType} #${task.dataId}`, error: errMessage.split('\n')[0]! },
        });
      });
    } else {
      result.succeeded++;
      succeeded.push(task.taskId);
    }
    result.tasks++;
  }
}
