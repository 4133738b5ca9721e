import { getCompileCacheDir } from 'node:module';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { SEMI_SPACE_MB } from '../../../core/heap.ts';
import { Worker } from 'node:worker_threads';
import type { DataSource, Prefetch, SessionOptions, SessionSnapshot } from '../template/session.ts';
import type { LoadRequest } from '../template/requests.ts';
import type { PublishOutput } from './output.ts';
import type { PipeOutcome, PublishLookups } from './pages.ts';
import type { CallMethod, FromThread, OutputSpec, ThreadTask, ToThread } from './thread-protocol.ts';

/**
 * The render threads of a publish worker: rendering (synchronous LiquidJS) and writing a local
 * pipe folder run there, beside the main thread, which holds the database and answers the API.
 * A full site publish so uses both cores of a two-core machine instead of one. Threads start
 * with the first batch worth them and end after a minute without work (each holds a JavaScript
 * heap of its own). `PUBLISH_THREADS` sets how many (0: render in the main thread).
 */

/** What the main thread answers for one session: its data, its removal lookups, its output. */
export interface SessionHost {
  source: DataSource;
  lookups: PublishLookups;
  out: PublishOutput;
}

export interface PoolSession {
  key: string;
  snapshot: SessionSnapshot;
  options: SessionOptions;
  out: OutputSpec;
  host: SessionHost;
}

/** Threads a pool starts by default: one per core but the one the main thread keeps, at most 4. */
export const defaultThreads = () => Math.max(1, Math.min(4, availableParallelism() - 1));

const IDLE_MS = 60_000;

/** A render thread (render-thread.ts): the publisher's batches and single pages (page-threads.ts) alike. */
export function spawnRenderThread(): Worker {
  return new Worker(new URL('./render-thread.ts', import.meta.url), {
    // The thread's young generation as the main thread's (core/heap.ts): three semi-spaces.
    resourceLimits: { maxYoungGenerationSizeMb: 3 * SEMI_SPACE_MB },
    // Its modules from Node's compile cache (main.ts turns it on for the server): it loads in 80 ms instead of 200.
    env: { ...process.env, NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE ?? getCompileCacheDir?.() ?? join(tmpdir(), 'node-compile-cache') },
  });
}

interface ThreadState {
  worker: Worker;
  /** the thread has loaded its modules (rejected when it dies first) */
  ready: Promise<void>;
  /** sessions this thread holds */
  sessions: Set<string>;
}

interface Pending {
  resolve(outcomes: (PipeOutcome | null)[]): void;
  reject(err: Error): void;
  thread: ThreadState;
}

export class RenderPool {
  readonly size: number;
  private readonly threads: ThreadState[] = [];
  private readonly sessions = new Map<string, PoolSession>();
  private readonly pending = new Map<number, Pending>();
  private nextBatch = 1;
  private idleTimer: NodeJS.Timeout | null = null;

  constructor(size: number) {
    this.size = size;
  }

  /**
   * Renders `tasks` in every session of `sessions` (a site's pipes) in thread `lane` (0…size-1);
   * one outcome per task, null for one not started (stopped by `signal`). `prefetch`: what the
   * tasks' contents need, read ahead by the main thread (their rows and bodies).
   */
  async run(lane: number, sessions: PoolSession[], tasks: ThreadTask[], prefetch: Prefetch | null, signal?: AbortSignal): Promise<(PipeOutcome | null)[]> {
    this.holdIdle();
    for (const s of sessions) this.sessions.set(s.key, s);
    this.start();
    const thread = this.threads[lane % this.threads.length]!;
    try {
      await thread.ready;
      for (const s of sessions) {
        if (thread.sessions.has(s.key)) continue;
        thread.sessions.add(s.key);
        this.post(thread, { type: 'session', key: s.key, snapshot: s.snapshot, options: s.options, out: s.out });
      }
      const id = this.nextBatch++;
      const stop = () => this.post(thread, { type: 'stop', id });
      signal?.addEventListener('abort', stop, { once: true });
      try {
        return await new Promise<(PipeOutcome | null)[]>((resolve, reject) => {
          this.pending.set(id, { resolve, reject, thread });
          this.post(thread, { type: 'batch', id, keys: sessions.map((s) => s.key), tasks, prefetch });
        });
      } finally {
        signal?.removeEventListener('abort', stop);
      }
    } finally {
      this.releaseIdle();
    }
  }

  /** Forgets sessions (a drain ended): the threads drop what they hold of them. */
  drop(keys: string[]) {
    for (const k of keys) this.sessions.delete(k);
    for (const thread of this.threads) {
      const held = keys.filter((k) => thread.sessions.delete(k));
      if (held.length) this.post(thread, { type: 'drop', keys: held });
    }
  }

  async close(): Promise<void> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const threads = this.threads.splice(0);
    await Promise.all(threads.map((t) => t.worker.terminate()));
  }

  private post(thread: ThreadState, m: ToThread) {
    thread.worker.postMessage(m);
  }

  /** Starts the threads now (a big batch was claimed): they load while the main thread reads what they will render. */
  warm() {
    this.holdIdle();
    this.start();
    this.releaseIdle();
  }

  private start() {
    while (this.threads.length < this.size) {
      const worker = spawnRenderThread();
      let ready!: () => void;
      let failed!: (err: Error) => void;
      const state: ThreadState = { worker, ready: new Promise<void>((resolve, reject) => ((ready = resolve), (failed = reject))), sessions: new Set() };
      state.ready.catch(() => undefined);
      worker.on('message', (m: FromThread) => void this.onMessage(state, m, ready));
      worker.on('error', (err) => this.lost(state, err as Error, failed));
      worker.on('exit', (code) => this.lost(state, new Error(`render thread ended (${code})`), failed));
      this.threads.push(state);
    }
  }

  /** A thread that died fails its batches (their tasks are reported, the next drain retries them) and is replaced on the next run. */
  private lost(state: ThreadState, err: Error, failed: (err: Error) => void) {
    failed(err);
    const at = this.threads.indexOf(state);
    if (at >= 0) this.threads.splice(at, 1);
    for (const [id, p] of this.pending) {
      if (p.thread !== state) continue;
      this.pending.delete(id);
      p.reject(err);
    }
  }

  private async onMessage(thread: ThreadState, m: FromThread, ready: () => void) {
    if (m.type === 'ready') return ready();
    if (m.type === 'done' || m.type === 'failed') {
      const p = this.pending.get(m.id);
      this.pending.delete(m.id);
      if (m.type === 'done') p?.resolve(m.outcomes);
      else p?.reject(new Error(m.error));
      return;
    }
    if (m.type !== 'call') return;
    // A call: answered from this thread's database, lookups or output.
    const session = this.sessions.get(m.key);
    try {
      if (!session) throw new Error(`no session ${m.key}`);
      const value = await answer(session.host, m.method, m.args);
      this.post(thread, { type: 'reply', callId: m.callId, value });
    } catch (err) {
      this.post(thread, { type: 'reply', callId: m.callId, error: err instanceof Error ? err.message : String(err) });
    }
  }

  /** Work is coming: no idle end, and the threads keep the process alive until it is answered. */
  private holdIdle() {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    for (const t of this.threads) t.worker.ref();
  }

  /** No work in flight: idle threads keep nothing alive (a server closing, a script ending) and end after IDLE_MS. */
  private releaseIdle() {
    if (this.pending.size) return;
    for (const t of this.threads) t.worker.unref();
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => void this.close(), IDLE_MS);
    this.idleTimer.unref();
  }
}

function answer(host: SessionHost, method: CallMethod, args: unknown[]): Promise<unknown> {
  // The arguments crossed the thread boundary as plain values: each is taken as the type the
  // host's method declares (render-thread.ts sends them from the same calls).
  const a = { 0: <T>(): T => args[0] as T, 1: <T>(): T => args[1] as T };
  switch (method) {
    case 'load': return host.source.load(a[0]<LoadRequest[]>());
    case 'storedContent': return host.lookups.storedContent(a[0](), a[1]());
    case 'chapterIds': return host.lookups.chapterIds(a[0]());
    case 'deletedCatalog': return host.lookups.deletedCatalog(a[0](), a[1]());
    case 'write': return host.out.write(a[0](), typeof args[1] === 'string' ? args[1] : Buffer.from(a[1]<Uint8Array>()));
    case 'remove': return host.out.remove(a[0]());
    case 'exists': return host.out.exists(a[0]());
    case 'removeFolder': return host.out.removeFolder(a[0]());
  }
}
