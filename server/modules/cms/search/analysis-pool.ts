import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { documentTerms, loadAnalyzer, type Analyzer, type DocTerms, type SiteWords, type Weight } from './analyzer.ts';

/** A document as the analyzer takes it: its fields, each with its weight. */
export type DocFields = { text: string | null | undefined; weight: Weight }[];

/** A batch for a thread: it takes pieces of `chunk` documents, claiming each by incrementing the shared counter. */
export interface AnalysisRequest { id: number; docs: DocFields[]; chunk: number; counter: SharedArrayBuffer; words: readonly string[]; stops: string[] }
/** A piece's documents' terms; the end of the thread's part (no piece left to claim); or what went wrong. */
export type AnalysisReply = { id: number; chunk: number; terms: DocTerms[] } | { id: number; end: true } | { id: number; error: string };

/** Below this many documents a batch is analysed here: a thread's round trip costs more. */
const POOL_MIN_DOCS = 8;
/** Documents per piece of work (a thread's or this thread's): ~10 ms of analysis. */
const CHUNK_DOCS = 16;
/** A thread nobody asked for this long ends (it holds jieba's dictionary: tens of MB). */
const IDLE_MS = 30_000;

interface PoolThread { worker: Worker; jobs: Map<number, Job>; idle: NodeJS.Timeout | null }

/** The process's pool, shared by every server in it (tests run several): no server's close ends it; idle threads end themselves. */
let threads: PoolThread[] | null = null;
let nextId = 1;

/** Threads beside this one: one per core but this thread's, at most 3; none on one core. */
const threadCount = () => Math.max(0, Math.min(3, availableParallelism() - 1));

function spawn(): PoolThread {
  const worker = new Worker(new URL('./analysis-thread.ts', import.meta.url));
  // An idle pool never keeps the process alive.
  worker.unref();
  const t: PoolThread = { worker, jobs: new Map(), idle: null };
  worker.on('message', (r: AnalysisReply) => {
    const job = t.jobs.get(r.id);
    if (!job) return;
    if ('error' in r) job.fail(new Error(r.error));
    else if ('chunk' in r) job.finish(r.chunk, r.terms);
    if (!('chunk' in r)) t.jobs.delete(r.id);
    if (!t.jobs.size) armIdle(t);
  });
  const fail = (err: Error) => {
    for (const job of t.jobs.values()) job.fail(err);
    t.jobs.clear();
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

/**
 * One batch's analysis: its documents in pieces (CHUNK_DOCS), each claimed from a counter shared
 * with the pool's threads (Atomics), by a thread as it finishes its previous piece and by this
 * thread once told to help. Whoever is free takes the next piece: no share waits for a slower or
 * busier one, and the threads go on while this thread is busy (writing the previous batch).
 */
class Job {
  readonly id = nextId++;
  private readonly docs: DocFields[];
  private readonly chunk: number;
  private readonly pieces: number;
  private readonly counter = new SharedArrayBuffer(4);
  private readonly claims = new Int32Array(this.counter);
  private readonly results: DocTerms[][] = [];
  private left: number;
  private failed = false;
  private helping = false;
  private readonly e: Analyzer;
  private readonly site: SiteWords;
  readonly done: Promise<DocTerms[]>;
  private resolve!: (l: DocTerms[]) => void;
  private reject!: (e: Error) => void;

  constructor(e: Analyzer, docs: DocFields[], site: SiteWords, chunk: number) {
    this.e = e;
    this.site = site;
    this.docs = docs;
    this.chunk = chunk;
    this.pieces = Math.ceil(docs.length / chunk);
    this.left = this.pieces;
    this.done = new Promise((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
    if (!this.left) this.resolve([]);
  }

  /** The pool's threads start on it. */
  share(pool: PoolThread[]) {
    for (const t of pool) {
      if (t.idle) clearTimeout(t.idle);
      t.idle = null;
      t.jobs.set(this.id, this);
      t.worker.postMessage({ id: this.id, docs: this.docs, chunk: this.chunk, counter: this.counter, words: this.site.words, stops: [...this.site.stops] } satisfies AnalysisRequest);
    }
  }

  /** This thread takes pieces too, one per turn of the event loop (requests, and the database's I/O, between them). */
  help(): void {
    if (this.helping) return;
    this.helping = true;
    const step = () => {
      if (this.failed) return;
      const i = Atomics.add(this.claims, 0, 1);
      if (i >= this.pieces) return;
      try {
        this.finish(i, this.docs.slice(i * this.chunk, (i + 1) * this.chunk).map((d) => documentTerms(this.e, d, this.site)));
      } catch (err) {
        this.fail(err instanceof Error ? err : new Error(String(err)));
        return;
      }
      setImmediate(step);
    };
    step();
  }

  finish(i: number, terms: DocTerms[]) {
    this.results[i] = terms;
    if (--this.left === 0 && !this.failed) this.resolve(this.results.flat());
  }

  fail(err: Error) {
    if (this.failed) return;
    this.failed = true;
    this.reject(err);
  }
}

/** A batch's analysis, started: the pool's threads at once, this thread once `help` is called. */
export interface StartedAnalysis {
  done: Promise<DocTerms[]>;
  help(): void;
}

/**
 * Starts analysing documents (their terms, analyzer.ts documentTerms, in their
 * order). With threads beside this one the pool's threads begin at once; this thread joins when
 * told (`help`): a rebuild writes one batch meanwhile, the threads analysing the next. Without
 * threads, or for a few documents, this thread does it all once told.
 */
export async function startAnalysis(docs: DocFields[], site: SiteWords): Promise<StartedAnalysis> {
  const e = await loadAnalyzer();
  const n = threadCount();
  if (docs.length < POOL_MIN_DOCS || n === 0) {
    const job = new Job(e, docs, site, docs.length || 1);
    return { done: job.done, help: () => job.help() };
  }
  threads ??= Array.from({ length: n }, spawn);
  const job = new Job(e, docs, site, Math.min(CHUNK_DOCS, Math.ceil(docs.length / (n + 1))));
  job.share(threads);
  return { done: job.done, help: () => job.help() };
}

/**
 * Documents' terms (analyzer.ts documentTerms), in their order. A large batch is
 * shared between this thread and the pool's threads (jieba and OpenCC are CPU-bound and
 * synchronous), so building an index uses every core; a small one is analysed here.
 */
export async function docTermsOf(docs: DocFields[], site: SiteWords): Promise<DocTerms[]> {
  const job = await startAnalysis(docs, site);
  job.help();
  return job.done;
}
