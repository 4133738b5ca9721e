import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { siteBase, type ServerConfig } from '../../../config.ts';
import type { ServerI18n } from '../../../core/i18n.ts';
import { cmsPublishPipe } from '../pipe/schema.ts';
import { cmsSite } from '../site/schema.ts';
import { contentPageNeeds } from '../template/render.ts';
import { loadPrefetch, RenderSession, type Prefetch } from '../template/session.ts';
import { ContentStatus } from '../../../../src/lib/cms/content.ts';
import { cmsContent } from '../content/schema.ts';
import type { ThreadTask } from './thread-protocol.ts';
import { dbSource, readSnapshot } from '../template/session-open.ts';
import { RowCache } from '../template/data.ts';
import { dbLookups } from './lookups.ts';
import { addOutcome, emptyOutcome, failureOf, publishCatalog, publishContent, publishSiteIndex, type PipeOutcome } from './pages.ts';
import { outputFor, publishesToBucket } from './targets.ts';
import { pipeOutputRoot } from './roots.ts';
import { defaultThreads, RenderPool, type PoolSession } from './render-pool.ts';
import { publishSiteExtras } from './site-extras.ts';
import { cmsPublishTask, type PublishFailure } from './schema.ts';
import type { PublishPaths } from './roots.ts';
import type { PublishOutput } from './output.ts';
import { executedRows } from '../../../db/rows.ts';

/**
 * The publish worker: takes READY tasks from the queue (cms_publish_task), renders their pages
 * through template/render.ts and writes them (publish/output.ts). Crash safety comes from leases:
 * a claimed task is RUNNING with `lease_until`, renewed while the worker lives; a task whose lease
 * ran out (its worker died) goes back to READY and is rendered again, which is harmless since
 * pages are written whole and only when changed. Claims use FOR UPDATE SKIP LOCKED, so workers in
 * several server processes on one PostgreSQL each take different tasks, and a page with a live
 * RUNNING task is not claimed again until that one finishes: no page is rendered twice at once.
 */

/** What the worker needs of the server: its database, folders and port (links), and messages. */
export interface PublishHost {
  db: Db;
  config: PublishPaths & Pick<ServerConfig, 'sitePort' | 'siteUrl' | 'publishThreads'>;
  i18n: ServerI18n;
}

export interface DrainOptions {
  /** only this site's tasks (default: every site's) */
  siteId?: number;
  /** names this worker in claimed rows (default: host:pid:random) */
  workerId?: string;
  /** how long a claim holds without renewal, in ms (default 30 s); renewed every third of it */
  leaseMs?: number;
  /** tasks claimed at once (default 200) */
  batchSize?: number;
  /** tasks rendered side by side in the main thread (default 4) */
  concurrency?: number;
  /**
   * Work (tasks, contents of `contents` tasks) a claimed batch must hold to be shared with the
   * render threads (default THREAD_MIN_TASKS); smaller ones render in the main thread.
   */
  threadMinTasks?: number;
  /**
   * whether this thread renders units too while render threads work (default: yes; a machine of
   * two cores then renders on both, one thread reading between its pages)
   */
  mainLane?: boolean;
  /** stops after the batch in hand (the rest stays READY) */
  signal?: AbortSignal;
  /** called after each unit of work rendered (a chunk of contents, a few catalogs) with the totals so far */
  onProgress?: (result: DrainResult) => void;
}

export interface TaskFailure extends PublishFailure {
  taskId: number;
  dataType: string;
  dataId: number;
}

export interface DrainResult {
  /** tasks finished (succeeded + failed) */
  tasks: number;
  succeeded: number;
  failed: number;
  /** pages rendered, of which written (changed or new) and unchanged (same bytes, left alone) */
  pages: number;
  written: number;
  unchanged: number;
  /** pages removed (offline content, pages beyond a shorter list) */
  removed: number;
  failures: TaskFailure[];
  ms: number;
}

export const DEFAULT_LEASE_MS = 30_000;
/** Failed pages a task keeps (a `contents` task's template error may fail every content of a catalog). */
export const MAX_FAILURES_KEPT = 50;
/** A task whose worker died this often is failed instead of retried (a page that kills the process). */
export const MAX_ATTEMPTS = 5;

export const newWorkerId = () => `${hostname().slice(0, 30)}:${process.pid}:${randomBytes(3).toString('hex')}`;

interface ClaimedTask {
  taskId: number;
  siteId: number;
  dataType: string;
  dataId: number;
  createTime: Date;
}


/**
 * RUNNING tasks whose lease ran out go back to READY (their worker died), or are dropped when the
 * same page waits READY already (the queue holds a page once), or fail after MAX_ATTEMPTS.
 * `all`: every RUNNING task, leased or not (PGlite at start: only this process can use its files).
 */
export async function releaseExpired(db: Db, all = false): Promise<number> {
  const expired = all ? sql`true` : sql`(t.lease_until is null or t.lease_until < now())`;
  await db.execute(sql`
    delete from cms_publish_task t where t.status = 'RUNNING' and ${expired}
      and exists (select 1 from cms_publish_task r where r.status = 'READY' and r.site_id = t.site_id and r.data_type = t.data_type and r.data_id = t.data_id)`);
  await db.execute(sql`
    update cms_publish_task t set status = 'FAILED', end_time = now(), worker_id = null, lease_until = null, failed = t.weight,
      err_message = 'interrupted ' || t.attempts || ' times'
    where t.status = 'RUNNING' and ${expired} and t.attempts >= ${MAX_ATTEMPTS}`);
  const back = await db.execute(sql`
    update cms_publish_task t set status = 'READY', worker_id = null, lease_until = null, done = 0
    where t.status = 'RUNNING' and ${expired} returning t.task_id`);
  return executedRows(back).length;
}

/** Contents first, then catalogs, then site indexes: the expression of the claim index (schema.ts), written the same way so the planner uses it. */
const CLAIM_ORDER = sql.raw(`(case t.data_type when 'content' then 0 when 'contents' then 0 when 'catalog' then 1 else 2 end)`);

/**
 * Claims up to `limit` READY tasks: contents first, then catalogs, then site indexes (a list shows
 * what was just published; cms-heart §1.5), oldest first. Skips rows another worker is claiming
 * (SKIP LOCKED) and pages another worker is rendering right now.
 */
export async function claimTasks(db: Db, workerId: string, limit: number, leaseMs: number, siteId?: number): Promise<ClaimedTask[]> {
  const site = siteId === undefined ? sql`true` : sql`t.site_id = ${siteId}`;
  const res = await db.execute(sql`
    update cms_publish_task u set status = 'RUNNING', worker_id = ${workerId}, start_time = now(), attempts = u.attempts + 1, done = 0, failed = 0,
      lease_until = now() + (${leaseMs}::int * interval '1 millisecond')
    where u.task_id in (
      select t.task_id from cms_publish_task t
      where t.status = 'READY' and ${site}
        and not exists (select 1 from cms_publish_task r where r.status = 'RUNNING' and r.site_id = t.site_id
          and r.data_type = t.data_type and r.data_id = t.data_id and r.lease_until > now())
      order by ${CLAIM_ORDER}, t.task_id
      limit ${limit}
      for update skip locked)
    returning u.task_id, u.site_id, u.data_type, u.data_id, u.create_time`);
  return executedRows(res).map((r) => ({
    taskId: Number(r.task_id), siteId: Number(r.site_id), dataType: String(r.data_type), dataId: Number(r.data_id), createTime: new Date(r.create_time as string),
  }));
}

async function renewLeases(db: Db, workerId: string, ids: number[], leaseMs: number) {
  if (!ids.length) return;
  await db.update(cmsPublishTask).set({ leaseUntil: sql`now() + (${leaseMs}::int * interval '1 millisecond')` })
    .where(and(inArray(cmsPublishTask.taskId, ids), eq(cmsPublishTask.workerId, workerId), eq(cmsPublishTask.status, 'RUNNING')));
}

/** One enabled pipe of a site, its session for this drain and where its pages go. */
interface PipeRun {
  pipeCode: string;
  isDefault: boolean;
  session: RenderSession;
  out: PublishOutput;
  /**
   * The same folder written with synchronous calls, for the units this thread renders beside the
   * render threads (a site publish): they cost it half the CPU of queued writes, and the disk
   * holds up this thread for a write no longer than it does for each of PGlite's reads.
   */
  bulkOut: PublishOutput;
  /** the same session for the render threads: its snapshot, and where a thread writes its pages */
  thread: PoolSession;
}

let sessionKeys = 0;

/**
 * The sessions of a drain, per site and pipe. A session holds what it read of the site (catalogs,
 * templates, lists) for the drain; it is reopened when a claimed task was queued after the newest
 * task the session's opening knew of, since that task may follow a change the session missed.
 */
class Sessions {
  private readonly runs = new Map<number, { pipes: PipeRun[]; knownUpTo: number }>();
  /** every session key handed to the render threads in this drain (dropped at its end) */
  readonly keys: string[] = [];
  private readonly host: PublishHost;
  constructor(host: PublishHost) {
    this.host = host;
  }

  async of(siteId: number, newest: Date): Promise<PipeRun[]> {
    const have = this.runs.get(siteId);
    if (have && newest.getTime() <= have.knownUpTo) return have.pipes;
    const { db, config, i18n } = this.host;
    const [known] = await db.select({ at: sql<string | null>`max(${cmsPublishTask.createTime})` }).from(cmsPublishTask).where(eq(cmsPublishTask.siteId, siteId));
    const knownUpTo = Math.max(newest.getTime(), known?.at ? new Date(known.at).getTime() : 0);
    const [site] = await db.select().from(cmsSite).where(eq(cmsSite.siteId, siteId));
    if (!site) return [];
    const pipes = await db.select({ code: cmsPublishPipe.code }).from(cmsPublishPipe)
      .where(and(eq(cmsPublishPipe.siteId, siteId), eq(cmsPublishPipe.status, '0'))).orderBy(asc(cmsPublishPipe.sort), asc(cmsPublishPipe.pipeId));
    const runs: PipeRun[] = [];
    // Rows read for contents' pages serve the lists of the same run (every pipe reads the same rows).
    const rows = new RowCache();
    for (const [i, p] of pipes.entries()) {
      const snapshot = await readSnapshot(db, siteId, p.code, { dataDir: config.dataDir, siteBase: siteBase(config) });
      const source = dbSource(db, { siteId, pipeCode: p.code }, i18n, rows);
      const out = outputFor(config, site, p.code, i === 0);
      const bulkOut = publishesToBucket(site) ? out : outputFor(config, site, p.code, i === 0, { syncWrites: true });
      const key = `${process.pid}:${++sessionKeys}`;
      this.keys.push(key);
      runs.push({
        pipeCode: p.code, isDefault: i === 0, session: new RenderSession(snapshot, source), out, bulkOut,
        thread: {
          key, snapshot, options: {}, host: { source, lookups: dbLookups(db), out },
          out: publishesToBucket(site) ? { kind: 'relay' } : { kind: 'local', root: pipeOutputRoot(config, site.path, p.code, i === 0) },
        },
      });
    }
    this.runs.set(siteId, { pipes: runs, knownUpTo });
    return runs;
  }
}

/** Runs `work` over `items`, `n` at a time, taking no new item once `signal` is aborted. */
async function pool<T>(items: T[], n: number, work: (item: T) => Promise<void>, signal?: AbortSignal) {
  let next = 0;
  const lanes = Array.from({ length: Math.min(n, items.length) }, async () => {
    while (next < items.length && !signal?.aborted) await work(items[next++]!);
  });
  await Promise.all(lanes);
}

/** Claimed tasks a stopping worker did not start go back to READY at once (or go, when the page waits again already). */
async function giveBack(db: Db, workerId: string, ids: number[]) {
  if (!ids.length) return;
  const list = sql.join(ids.map((id) => sql`${id}`), sql`, `);
  await db.execute(sql`
    delete from cms_publish_task t where t.task_id in (${list}) and t.worker_id = ${workerId}
      and exists (select 1 from cms_publish_task r where r.status = 'READY' and r.site_id = t.site_id and r.data_type = t.data_type and r.data_id = t.data_id)`);
  await db.execute(sql`update cms_publish_task set status = 'READY', worker_id = null, lease_until = null, done = 0, attempts = attempts - 1
    where task_id in (${list}) and worker_id = ${workerId} and status = 'RUNNING'`);
}

async function runTask(host: PublishHost, runs: PipeRun[], task: ThreadTask, bulk = false): Promise<PipeOutcome> {
  const total = emptyOutcome();
  const lookups = dbLookups(host.db);
  for (const run of runs) {
    const out = bulk ? run.bulkOut : run.out;
    try {
      if (task.dataType === 'content') addOutcome(total, await publishContent(run.session, out, lookups, task.dataId));
      else if (task.dataType === 'catalog') addOutcome(total, await publishCatalog(run.session, out, task.dataId, lookups));
      else if (task.dataType === 'site') {
        addOutcome(total, await publishSiteIndex(run.session, run.out));
        addOutcome(total, await publishSiteExtras(host, run.session, run.out, run.isDefault));
      }
    } catch (err) {
      total.failures.push(failureOf(err, run.pipeCode));
    }
  }
  return total;
}

/**
 * Work a batch must hold to be shared with the render threads: below this, messages and the
 * threads' own reads cost more than rendering here (an edited article and its lists: 3 tasks).
 */
export const THREAD_MIN_TASKS = 50;
/** Contents rendered as one unit of work: read ahead in a few queries, handed to one lane. */
const CHUNK = 200;
/** Catalogs rendered as one unit of work. */
const CATALOG_CHUNK = 5;
/** Batches a threaded drain keeps in flight: the next is claimed and read while the threads render one. */
const BATCHES_IN_FLIGHT = 2;

/**
 * A unit of work of a batch: tasks rendered by one lane (a render thread, or this thread), or
 * a chunk of a `contents` task's contents (as content tasks), counted towards that task.
 */
interface Unit {
  tasks: ThreadTask[];
  /** the claimed task each entry of `tasks` finishes (a `contents` chunk: none, the bulk task below) */
  claimed: (ClaimedTask | null)[];
  bulk?: Bulk;
}

/** A `contents` task in progress: its chunks, what they did, how much is done. */
interface Bulk {
  task: ClaimedTask;
  chunks: number;
  finished: number;
  done: number;
  outcome: PipeOutcome;
}

/** The published, live contents of a site's catalogs with pages of their own (what `contents` tasks render), by catalog. */
async function bulkContents(db: Db, siteId: number, catalogIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>(catalogIds.map((id) => [id, []]));
  if (!catalogIds.length) return out;
  // One row per catalog, its ids as one JSON array (10,000 rows of two columns cost 80 ms).
  const rows = await db.select({ catalogId: cmsContent.catalogId, ids: sql<string>`json_agg(${cmsContent.contentId} order by ${cmsContent.contentId})::text` }).from(cmsContent)
    .where(and(eq(cmsContent.siteId, siteId), inArray(cmsContent.catalogId, catalogIds), eq(cmsContent.status, ContentStatus.PUBLISHED), isNull(cmsContent.recycleTime), eq(cmsContent.linkFlag, 'N')))
    .groupBy(cmsContent.catalogId);
  for (const r of rows) out.set(r.catalogId, JSON.parse(r.ids) as number[]);
  return out;
}

const pools = new WeakMap<PublishHost, RenderPool>();
/** The render threads of a host (a server's services): as many as config.publishThreads says, none for 0. */
export function renderPoolOf(host: PublishHost): RenderPool | null {
  const size = host.config.publishThreads ?? defaultThreads();
  if (size <= 0) return null;
  let p = pools.get(host);
  if (!p) {
    p = new RenderPool(size);
    pools.set(host, p);
  }
  return p;
}

/** Ends a host's render threads (the server closes). */
export async function closeRenderPool(host: PublishHost): Promise<void> {
  await pools.get(host)?.close();
  pools.delete(host);
}

/**
 * Renders every READY task (of one site, or of all) until the queue has none left, and returns
 * what it did. Safe to call from several processes at once; a task queued while it runs is taken
 * too. The server's worker calls it whenever tasks wait; the benchmark calls it directly.
 * A batch of many contents and catalogs is rendered by the render threads (render-pool.ts) while
 * this thread claims and reads the next one; site indexes, a site's static files and sitemaps,
 * and small batches (an edited article) are rendered here.
 *
 * @param host   the database, `config` (`dataDir`, optional `publishDir`, `sitePort`/`siteUrl` for links, `publishThreads`) and the server's i18n: a server's `services` fits
 * @param opts   `siteId` (only that site), `workerId`, `leaseMs` (default 30 s), `batchSize` (200),
 *               `concurrency` (4 tasks side by side here), `signal` (stop after the batch in hand), `onProgress`
 * @returns      counts of tasks (succeeded, failed) and pages (written, unchanged, removed), each failure
 *               with its task, pipe, file, template, line, column and message, and the time taken
 */
export async function drainQueue(host: PublishHost, opts: DrainOptions = {}): Promise<DrainResult> {
  const startedAt = Date.now();
  const workerId = opts.workerId ?? newWorkerId();
  const leaseMs = opts.leaseMs ?? DEFAULT_LEASE_MS;
  const result: DrainResult = { tasks: 0, succeeded: 0, failed: 0, pages: 0, written: 0, unchanged: 0, removed: 0, failures: [], ms: 0 };
  const sessions = new Sessions(host);
  const threads = renderPoolOf(host);

  /** Counts a finished task and records a failed one (its pages, template, line, message). */
  const finish = async (task: ClaimedTask, outcome: PipeOutcome, succeeded: number[]) => {
    result.pages += outcome.pages;
    result.written += outcome.written;
    result.unchanged += outcome.unchanged;
    result.removed += outcome.removed;
    if (outcome.failures.length) {
      result.failed++;
      result.failures.push(...outcome.failures.map((f) => ({ ...f, taskId: task.taskId, dataType: f.dataType ?? task.dataType, dataId: f.dataId ?? task.dataId })));
      // What of its weight failed: the task, or the contents of a `contents` task with a failed page.
      const failedUnits = task.dataType === 'contents' ? new Set(outcome.failures.map((f) => f.dataId)).size : 1;
      await host.db.update(cmsPublishTask).set({
        status: 'FAILED', endTime: sql`now()`, workerId: null, leaseUntil: null, failed: failedUnits, errors: outcome.failures.slice(0, MAX_FAILURES_KEPT),
        errMessage: outcome.failures.map((f) => `${f.template}, line ${f.line}: ${f.message}`).join('\n').slice(0, 4000),
      }).where(and(eq(cmsPublishTask.taskId, task.taskId), eq(cmsPublishTask.workerId, workerId)));
    } else {
      result.succeeded++;
      succeeded.push(task.taskId);
    }
    result.tasks++;
  };

  /** Renders a unit in this thread: each task in every pipe's session, `concurrency` side by side; `bulk`: beside render threads. */
  const renderHere = async (runs: PipeRun[], unit: Unit, prefetch: Prefetch | null, bulk: boolean): Promise<(PipeOutcome | null)[]> => {
    if (prefetch) for (const run of runs) run.session.addPrefetch(prefetch);
    const outcomes: (PipeOutcome | null)[] = unit.tasks.map(() => null);
    const order = unit.tasks.map((_, i) => i);
    try {
      await pool(order, opts.concurrency ?? 4, async (i) => {
        outcomes[i] = await runTask(host, runs, unit.tasks[i]!, bulk);
        // Let requests in between pages: rendering here is synchronous work.
        await new Promise((r) => setImmediate(r));
      }, opts.signal);
    } finally {
      if (prefetch) for (const run of runs) run.session.forgetPrefetch(prefetch);
    }
    return outcomes;
  };

  /**
   * One site's share of a claimed batch. Its work is cut into units (tasks, or chunks of a
   * `contents` task's contents) that lanes take one after the other: each render thread, and this
   * thread between its reads. What a unit's contents need is read here before it is handed over.
   * Site indexes, their static files and sitemaps come last, here.
   */
  const runSite = async (siteId: number, siteTasks: ClaimedTask[], started: Set<number>, succeeded: number[]) => {
    const newest = new Date(Math.max(...siteTasks.map((t) => t.createTime.getTime())));
    const runs = await sessions.of(siteId, newest);
    const asThread = ({ taskId, dataType, dataId }: ClaimedTask): ThreadTask => ({ taskId, dataType, dataId });
    const units: Unit[] = [];
    const bulkRuns: Bulk[] = [];
    const bulks = siteTasks.filter((t) => t.dataType === 'contents');
    const contents = await bulkContents(host.db, siteId, bulks.map((t) => t.dataId));
    // Contents first (single ones, then catalogs' chunks), then catalogs: a list shows what was just published.
    const singles = siteTasks.filter((t) => t.dataType === 'content');
    for (let i = 0; i < singles.length; i += CHUNK) units.push({ tasks: singles.slice(i, i + CHUNK).map(asThread), claimed: singles.slice(i, i + CHUNK) });
    for (const task of bulks) {
      const ids = contents.get(task.dataId) ?? [];
      const bulk: Bulk = { task, chunks: Math.ceil(ids.length / CHUNK), finished: 0, done: 0, outcome: emptyOutcome() };
      bulkRuns.push(bulk);
      if (!ids.length) {
        started.add(task.taskId);
        await finish(task, bulk.outcome, succeeded);
      }
      for (let i = 0; i < ids.length; i += CHUNK) {
        const chunk = ids.slice(i, i + CHUNK);
        units.push({ tasks: chunk.map((id) => ({ taskId: task.taskId, dataType: 'content', dataId: id })), claimed: chunk.map(() => null), bulk });
      }
    }
    // Catalogs a few at a time (each has many list pages: the benchmark's 10).
    const catalogs = siteTasks.filter((t) => t.dataType === 'catalog');
    const catalogUnits: Unit[] = [];
    for (let i = 0; i < catalogs.length; i += CATALOG_CHUNK) catalogUnits.push({ tasks: catalogs.slice(i, i + CATALOG_CHUNK).map(asThread), claimed: catalogs.slice(i, i + CATALOG_CHUNK) });

    const work = [...units, ...catalogUnits].reduce((n, u) => n + u.tasks.length, 0);
    const threaded = threads && runs.length && work >= (opts.threadMinTasks ?? THREAD_MIN_TASKS);
    /**
     * The next unit for a lane. Beside render threads, this thread takes the catalogs first: their
     * lists ask the database as they render, which it answers here without a message, while a
     * thread would wait for each answer; the threads take the contents, read ahead for them.
     */
    const take = (thread: number | null): Unit | undefined => {
      const [first, second] = thread === null && threaded ? [catalogUnits, units] : [units, catalogUnits];
      return first.shift() ?? second.shift();
    };
    /** A lane: takes units until none is left (or the worker stops), renders them, records what they did. */
    const lane = async (thread: number | null) => {
      for (let unit = take(thread); unit && !opts.signal?.aborted; unit = take(thread)) {
        const ids = unit.tasks.filter((t) => t.dataType === 'content').map((t) => t.dataId);
        const prefetch = ids.length && runs.length ? await loadPrefetch(runs[0]!.thread.host.source, ids, (row) => contentPageNeeds(row)) : null;
        for (const t of unit.claimed) if (t) started.add(t.taskId);
        if (unit.bulk) started.add(unit.bulk.task.taskId);
        let outcomes: (PipeOutcome | null)[] | null = null;
        if (thread !== null) {
          outcomes = await threads!.run(thread, runs.map((r) => r.thread), unit.tasks, prefetch, opts.signal).catch((err: unknown) => {
            // A thread that cannot start or died: its unit renders here instead.
            console.error('publish: a render thread failed, rendering in the main thread:', err instanceof Error ? err.message : err);
            return null;
          });
        }
        outcomes ??= await renderHere(runs, unit, prefetch, !!threaded);
        await record(unit, outcomes, started, succeeded);
        result.ms = Date.now() - startedAt;
        opts.onProgress?.(result);
      }
    };
    // Two lanes per thread: the next unit is read here while the thread renders one.
    const lanes = threaded ? Array.from({ length: threads.size * 2 }, (_, i) => lane(i % threads.size)) : [];
    // This thread renders too, between its reads for the threads' units.
    if (!threaded || opts.mainLane !== false) lanes.push(lane(null));
    await Promise.all(lanes);
    // A `contents` task stopped part way (the worker stops) goes back whole: it is rendered again (pages are rewritten only when changed).
    for (const bulk of bulkRuns) if (bulk.finished < bulk.chunks) started.delete(bulk.task.taskId);

    const indexes = siteTasks.filter((t) => t.dataType === 'site');
    await pool(indexes, opts.concurrency ?? 4, async (task) => {
      started.add(task.taskId);
      await finish(task, await runTask(host, runs, task), succeeded);
    }, opts.signal);
  };

  /** What a rendered unit did: its tasks finished, or its chunk counted towards its `contents` task (finished with its last chunk). */
  const record = async (unit: Unit, outcomes: (PipeOutcome | null)[], started: Set<number>, succeeded: number[]) => {
    if (!unit.bulk) {
      for (const [i, task] of unit.claimed.entries()) {
        const outcome = outcomes[i];
        if (outcome) await finish(task!, outcome, succeeded);
        else started.delete(task!.taskId);
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
      await host.db.update(cmsPublishTask).set({ done: bulk.done }).where(and(eq(cmsPublishTask.taskId, bulk.task.taskId), eq(cmsPublishTask.workerId, workerId)));
      return;
    }
    await finish(bulk.task, bulk.outcome, succeeded);
  };

  /** A claimed batch, start to end: rendered, marked done, its leases renewed meanwhile. */
  const runBatch = async (tasks: ClaimedTask[]) => {
    const held = new Set(tasks.map((t) => t.taskId));
    const renew = setInterval(() => void renewLeases(host.db, workerId, [...held], leaseMs).catch(() => undefined), Math.max(50, leaseMs / 3));
    renew.unref();
    try {
      const bySite = new Map<number, ClaimedTask[]>();
      for (const t of tasks) bySite.set(t.siteId, [...(bySite.get(t.siteId) ?? []), t]);
      const succeeded: number[] = [];
      const started = new Set<number>();
      try {
        for (const [siteId, siteTasks] of bySite) await runSite(siteId, siteTasks, started, succeeded);
      } finally {
        if (opts.signal?.aborted) await giveBack(host.db, workerId, tasks.filter((t) => !started.has(t.taskId)).map((t) => t.taskId));
        for (let i = 0; i < succeeded.length; i += 1000) {
          await host.db.update(cmsPublishTask).set({ status: 'SUCCESS', endTime: sql`now()`, workerId: null, leaseUntil: null, errors: null, errMessage: null })
            .where(and(inArray(cmsPublishTask.taskId, succeeded.slice(i, i + 1000)), eq(cmsPublishTask.workerId, workerId)));
        }
      }
    } finally {
      clearInterval(renew);
    }
    result.ms = Date.now() - startedAt;
    opts.onProgress?.(result);
  };

  await releaseExpired(host.db);
  const inFlight: Promise<void>[] = [];
  try {
    while (!opts.signal?.aborted) {
      const tasks = await claimTasks(host.db, workerId, opts.batchSize ?? 200, leaseMs, opts.siteId);
      if (!tasks.length) break;
      // A catalog's contents or many tasks: the threads start loading while this thread reads the site.
      if (threads && (tasks.length >= (opts.threadMinTasks ?? THREAD_MIN_TASKS) || tasks.some((t) => t.dataType === 'contents'))) threads.warm();
      const batch = runBatch(tasks);
      // A batch failing (the database gone) ends the drain; the others in flight finish first.
      batch.catch(() => undefined);
      inFlight.push(batch);
      if (!threads || inFlight.length >= BATCHES_IN_FLIGHT) await inFlight.shift();
    }
  } finally {
    const ended = await Promise.allSettled(inFlight);
    threads?.drop(sessions.keys);
    const failed = ended.find((e) => e.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
  }
  result.ms = Date.now() - startedAt;
  return result;
}
