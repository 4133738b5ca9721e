import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { loadAnalyzer, tsvectorLiteral, type SiteWords, type Weight } from './analyzer.ts';

/** A document as the analyzer takes it: its fields, each with its weight. */
export type DocFields = { text: string | null | undefined; weight: Weight }[];

export interface AnalysisRequest { id: number; docs: DocFields[]; words: readonly string[]; stops: string[] }
export type AnalysisReply = { id: number; literals: string[] } | { id: number; error: string };

/** Below this many documents a batch is analysed here: a thread's round trip costs more. */
const POOL_MIN_DOCS = 8;
/** A thread nobody asked for this long ends (it holds jieba's dictionary: tens of MB). */
const IDLE_MS = 30_000;

interface PoolThread { worker: Worker; waiting: Map<number, { resolve(l: string[]): void; reject(e: Error): void }>; idle: NodeJS.Timeout | null }

/** The process's pool, shared by every server in it (tests run several): no server's close ends it; idle threads end themselves. */
let threads: PoolThread[] | null = null;
let nextId = 1;

/** Threads beside this one: one per core but this thread's, at most 3; none on one core. */
const threadCount = () => Math.max(0, Math.min(3, availableParallelism() - 1));

function spawn(): PoolThread {
  const worker = new Worker(new URL('./analysis-thread.ts', import.meta.url));
  // An idle pool never keeps the process alive.
  worker.unref();
  const t: PoolThread = { worker, waiting: new Map(), idle: null };
  worker.on('message', (r: AnalysisReply) => {
    const w = t.waiting.get(r.id);
    if (!w) return;
    t.waiting.delete(r.id);
    if ('error' in r) w.reject(new Error(r.error));
    else w.resolve(r.literals);
    if (!t.waiting.size) armIdle(t);
  });
  const fail = (err: Error) => {
    for (const w of t.waiting.values()) w.reject(err);
    t.waiting.clear();
    threads = threads?.filter((x) => x !== t) ?? null;
    if (threads && !threads.length) threads = null;
  };
  worker.on('error', fail);
  worker.on('exit', () => fail(new Error('analysis thread ended')));
  return t;
}

function armIdle(t: PoolThread) {
  if (t.idle) clearTimeout(t.idle);
  t.idle = setTimeout(() => void t.worker.terminate(), IDLE_MS);
  t.idle.unref();
}

function ask(t: PoolThread, docs: DocFields[], site: SiteWords): Promise<string[]> {
  if (t.idle) clearTimeout(t.idle);
  t.idle = null;
  const id = nextId++;
  return new Promise((resolve, reject) => {
    t.waiting.set(id, { resolve, reject });
    t.worker.postMessage({ id, docs, words: site.words, stops: [...site.stops] } satisfies AnalysisRequest);
  });
}

/**
 * Documents' tsvector literals (analyzer.ts tsvectorLiteral), in their order. A large batch is
 * shared between this thread and the pool's threads (jieba and OpenCC are CPU-bound and
 * synchronous), so building an index uses every core; a small one is analysed here.
 */
export async function tsvectorsOf(docs: DocFields[], site: SiteWords): Promise<string[]> {
  const e = await loadAnalyzer();
  const n = threadCount();
  if (docs.length < POOL_MIN_DOCS || n === 0) return docs.map((d) => tsvectorLiteral(e, d, site));
  threads ??= Array.from({ length: n }, spawn);
  const pool = threads;
  // Equal shares, this thread's last so it works while the others do.
  const share = Math.ceil(docs.length / (pool.length + 1));
  const asked = pool.map((t, i) => ask(t, docs.slice(i * share, (i + 1) * share), site));
  const mine = docs.slice(pool.length * share).map((d) => tsvectorLiteral(e, d, site));
  return [...(await Promise.all(asked)).flat(), ...mine];
}
