import type { Worker } from 'node:worker_threads';
import { AppError, ReplyCode } from '../../../core/errors.ts';
import type { DataSource, SessionOptions, SessionSnapshot } from '../template/session.ts';
import type { LoadRequest } from '../template/requests.ts';
import { errorOfFailure, type PageAsk } from '../template/page-ask.ts';
import type { PageResult } from '../template/render.ts';
import { spawnRenderThread } from './render-pool.ts';
import type { FromThread, ToThread } from './thread-protocol.ts';

/**
 * Single pages rendered on request — the console's preview, the workbench's live preview, the
 * sites' dynamic pages — in render threads (render-thread.ts), never in the main thread, which
 * answers the API: a template looping 10⁸ times keeps one thread busy, not every sign-in. One
 * page per thread at a time; pages wait in order for a free thread. A page gets `timeLimitMs`
 * from the moment it is asked for: past it the caller is answered with the limit
 * (`template.previewTimeLimit`) and the thread, if the page is still rendering there, is ended
 * and replaced (a synchronous loop cannot be interrupted otherwise). LiquidJS's own renderLimit
 * (engine.ts) usually stops such a loop first, with the template's line.
 */

const IDLE_MS = 60_000;

interface Job {
  id: number;
  snapshot: SessionSnapshot;
  options: SessionOptions;
  ask: PageAsk;
  source: DataSource;
  resolve(r: PageResult): void;
  reject(e: Error): void;
  thread: ThreadSlot | null;
  timer: NodeJS.Timeout;
}

interface ThreadSlot {
  worker: Worker;
  job: Job | null;
  idleTimer: NodeJS.Timeout | null;
}

export class PageThreads {
  readonly size: number;
  readonly timeLimitMs: number;
  private readonly threads: ThreadSlot[] = [];
  private readonly queue: Job[] = [];
  private readonly jobs = new Map<number, Job>();
  private nextId = 1;
  private closed = false;

  constructor(size: number, timeLimitMs: number) {
    this.size = Math.max(1, size);
    this.timeLimitMs = timeLimitMs;
  }

  /** Renders `ask` in a session made from `snapshot`, its data from `source` (in this thread). */
  render(snapshot: SessionSnapshot, options: SessionOptions, ask: PageAsk, source: DataSource): Promise<PageResult> {
    if (this.closed) return Promise.reject(new Error('page threads closed'));
    return new Promise<PageResult>((resolve, reject) => {
      const id = this.nextId++;
      const job: Job = {
        id, snapshot, options, ask, source, resolve, reject, thread: null,
        timer: setTimeout(() => this.timedOut(job), this.timeLimitMs),
      };
      this.jobs.set(id, job);
      this.queue.push(job);
      this.pump();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of [...this.jobs.values()]) this.finish(job, new Error('page threads closed'));
    await Promise.all(this.threads.splice(0).map((t) => t.worker.terminate()));
  }

  /** Hands waiting pages to free threads, starting threads up to `size`. */
  private pump() {
    while (this.queue.length) {
      let slot = this.threads.find((t) => !t.job);
      if (!slot && this.threads.length < this.size) slot = this.spawn();
      if (!slot) return;
      const job = this.queue.shift()!;
      slot.job = job;
      job.thread = slot;
      if (slot.idleTimer) clearTimeout(slot.idleTimer);
      slot.idleTimer = null;
      slot.worker.ref();
      const { overrides: _o, ...options } = job.options;
      slot.worker.postMessage({ type: 'page', id: job.id, snapshot: job.snapshot, options, ask: job.ask } satisfies ToThread);
    }
  }

  private spawn(): ThreadSlot {
    const slot: ThreadSlot = { worker: spawnRenderThread(), job: null, idleTimer: null };
    slot.worker.on('message', (m: FromThread) => void this.onMessage(slot, m));
    slot.worker.on('error', (err) => this.lost(slot, err as Error));
    slot.worker.on('exit', (code) => this.lost(slot, new Error(`render thread ended (${code})`)));
    this.threads.push(slot);
    return slot;
  }

  private async onMessage(slot: ThreadSlot, m: FromThread) {
    if (m.type === 'page-done' || m.type === 'page-failed') {
      const job = this.jobs.get(m.id);
      if (job) this.finish(job, m.type === 'page-done' ? null : errorOfFailure(m.failure), m.type === 'page-done' ? m.result : undefined);
      return;
    }
    if (m.type !== 'call') return;
    const job = this.jobs.get(Number(m.key.replace(/^page:/, '')));
    let reply: ToThread;
    try {
      if (!job || m.method !== 'load') throw new Error(`no page ${m.key}`);
      reply = { type: 'reply', callId: m.callId, value: await job.source.load(m.args[0] as LoadRequest[]) };
    } catch (err) {
      reply = { type: 'reply', callId: m.callId, error: err instanceof Error ? err.message : String(err) };
    }
    if (this.threads.includes(slot)) slot.worker.postMessage(reply);
  }

  private finish(job: Job, err: Error | null, result?: PageResult) {
    if (!this.jobs.delete(job.id)) return;
    clearTimeout(job.timer);
    const at = this.queue.indexOf(job);
    if (at >= 0) this.queue.splice(at, 1);
    const slot = job.thread;
    if (slot && slot.job === job) {
      slot.job = null;
      if (this.threads.includes(slot)) this.rest(slot);
    }
    if (err) job.reject(err);
    else job.resolve(result!);
    this.pump();
  }

  /** A page past its time: answered with the limit; a thread still rendering it is ended (and replaced for the next page). */
  private timedOut(job: Job) {
    const slot = job.thread;
    if (slot && slot.job === job) {
      this.drop(slot);
      void slot.worker.terminate();
    }
    this.finish(job, new AppError('template.previewTimeLimit', { seconds: Math.round(this.timeLimitMs / 100) / 10 }));
  }

  private lost(slot: ThreadSlot, err: Error) {
    if (!this.drop(slot)) return;
    if (slot.job) this.finish(slot.job, err);
  }

  private drop(slot: ThreadSlot): boolean {
    const at = this.threads.indexOf(slot);
    if (at < 0) return false;
    this.threads.splice(at, 1);
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    return true;
  }

  /** An idle thread keeps nothing alive (a server closing) and ends after IDLE_MS. */
  private rest(slot: ThreadSlot) {
    slot.worker.unref();
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = setTimeout(() => {
      if (slot.job || !this.drop(slot)) return;
      void slot.worker.terminate();
    }, IDLE_MS);
    slot.idleTimer.unref();
  }
}

/**
 * How many pages one reader may have rendering at once (a user's previews, a visitor's dynamic
 * pages): past it a page is refused at once (`template.tooManyPreviews`) rather than queued
 * behind the reader's own pages. Counted per server process.
 */
export class ReaderGate {
  private readonly active = new Map<string, number>();

  enter(reader: string, max: number): () => void {
    const n = this.active.get(reader) ?? 0;
    if (n >= max) throw new AppError('template.tooManyPreviews', { max }, ReplyCode.TOO_MANY_REQUESTS);
    this.active.set(reader, n + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.active.get(reader) ?? 1) - 1;
      if (left > 0) this.active.set(reader, left);
      else this.active.delete(reader);
    };
  }
}
