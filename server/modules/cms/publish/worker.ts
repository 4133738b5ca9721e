import { defaultThreads, RenderPool } from './render-pool.ts';
import { Drain } from './drain.ts';
import type { DrainOptions, DrainResult, PublishHost } from './worker-types.ts';

/**
 * The publish worker: takes READY tasks from the queue (cms_publish_task), renders their pages
 * through template/render.ts and writes them (publish/output.ts). Crash safety comes from leases:
 * a claimed task is RUNNING with `lease_until`, renewed while the worker lives; a task whose lease
 * ran out (its worker died) goes back to READY and is rendered again, which is harmless since
 * pages are written whole and only when changed. Claims use FOR UPDATE SKIP LOCKED, so workers in
 * several server processes on one PostgreSQL each take different tasks, and a page with a live
 * RUNNING task is not claimed again until that one finishes: no page is rendered twice at once.
 */

export type { DrainOptions, DrainResult, PublishHost, TaskFailure } from './worker-types.ts';

// The queue's rows (claims, leases), the drain's steps and its units live beside this file:
// task-leases.ts, drain.ts, units.ts, site-sessions.ts, render-task.ts; their types in worker-types.ts.
export { claimTasks, DEFAULT_LEASE_MS, MAX_ATTEMPTS, newWorkerId, releaseExpired } from './task-leases.ts';
export { MAX_FAILURES_KEPT } from './drain.ts';
export { THREAD_MIN_TASKS } from './units.ts';

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
  return new Drain(host, opts, renderPoolOf(host)).run();
}
