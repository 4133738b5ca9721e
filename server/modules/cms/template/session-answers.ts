import type { PageData, PageState } from './engine.ts';
import { listWindow, type ListSlice } from './list-window.ts';
import { freeze, type ContentRow } from './present.ts';
import { countOf, keyOf, PAGE_KINDS, type DataRequest, type ListRequest, type LoadRequest, type WindowAnswer } from './requests.ts';
import type { DataSource, SessionOptions } from './session-snapshot.ts';

/** Content rows and their pages' answers read ahead for a batch of pages (prefetch). */
export interface Prefetch {
  rows: ContentRow[];
  /** answers by request key (bodies, albums…) */
  answers: [string, unknown][];
}

/** Reads the rows of these contents and what their pages surely need, in a few queries for many pages. */
export async function loadPrefetch(source: DataSource, ids: number[], pageRequests: (row: ContentRow) => DataRequest[]): Promise<Prefetch> {
  const rows = (await source.load(ids.map((id) => ({ kind: 'content', id }) as DataRequest))).filter((r): r is ContentRow => !!r);
  const reqs = rows.flatMap((r) => pageRequests(r));
  const answers = await source.load(reqs);
  return { rows, answers: reqs.map((r, i) => [keyOf(r), answers[i]]) };
}

/** How many run-wide answers (lists, counts, contents by id) a session keeps; older ones are dropped first. */
const RUN_CACHE_MAX = 5_000;

const NO_COUNTS = new Set<string>();

/**
 * What the database answered a session (RenderSession): the answers kept for the run (lists,
 * counts, contents by id), a page's own ones (bodies, albums) in its `pageData`, and what was
 * read ahead for the publisher's batch. Answers come through the session's source.
 */
export class SessionAnswers {
  private readonly runCache = new Map<string, unknown>();
  /** answers loaded ahead for pages to come (prefetchContents), moved to the page's cache when it starts */
  private readonly warm = new Map<string, unknown>();
  private readonly prefetched = new Map<number, ContentRow>();

  private readonly source: DataSource;
  private readonly options: SessionOptions;

  constructor(source: DataSource, options: SessionOptions) {
    this.source = source;
    this.options = options;
  }

  /** Where an answer is kept: a body or an album with its page (pages render side by side), the rest for the run. */
  private storeOf(req: DataRequest, pageData: PageData | null): Map<string, unknown> {
    return PAGE_KINDS.has(req.kind) ? (pageData ?? new Map()) : this.runCache;
  }

  data<T>(state: PageState, req: DataRequest): T | undefined {
    const key = keyOf(req);
    const store = this.storeOf(req, state.pageData);
    if (store.has(key)) return store.get(key) as T;
    // A paged list's page whose window the run holds already (list pages 2…N): its slice now,
    // not a miss that would render the page twice.
    const slice = req.kind === 'contents' ? this.heldSlice(req) : undefined;
    if (slice) {
      this.runCache.set(key, slice);
      return slice as T;
    }
    state.misses.set(key, req);
    return undefined;
  }

  /** The rows of a list's page from a window the run read already, or undefined. */
  private heldSlice(r: ListRequest): ContentRow[] | undefined {
    if (this.options.mode === 'preview') return undefined;
    const slice = listWindow(r, NO_COUNTS, this.runCache);
    const rows = slice && !slice.withTotal ? (this.runCache.get(keyOf(slice.window)) as ContentRow[] | undefined) : undefined;
    return rows?.slice(slice!.from, slice!.from + slice!.limit);
  }

  /** A loaded answer, without noting a miss (undefined when not loaded). */
  peek<T>(req: DataRequest, pageData: PageData): T | undefined {
    return this.storeOf(req, pageData).get(keyOf(req)) as T | undefined;
  }

  /** A content by id as the run holds it already (null when it holds none): links that need no page. */
  heldContent(id: number): ContentRow | null {
    const row = this.runCache.get(keyOf({ kind: 'content', id })) as ContentRow | null | undefined;
    return row ?? null;
  }

  /**
   * A content of this site by id, live (any status): the row loaded ahead for the publisher's
   * current batch (as fresh as the batch's claim), else straight from the database.
   */
  async contentRow(id: number): Promise<ContentRow | null> {
    const ahead = this.prefetched.get(id);
    if (ahead) return ahead;
    const [row] = await this.source.load([{ kind: 'content', id }]);
    return (row as ContentRow | null) ?? null;
  }

  /**
   * Loads requests not answered yet, in one round (a page's own answers into its `pageData`).
   * Publishing, a paged list is read a window of pages at a time (listWindow): a catalog's list
   * pages 2…N then find their rows in what page 1 read, and page 1's window brings the list's
   * total along, so its count costs no statement of its own.
   */
  async load(requests: DataRequest[], pageData: PageData): Promise<void> {
    const missing = requests.filter((r) => !this.storeOf(r, pageData).has(keyOf(r)));
    if (!missing.length) return;
    const countsAsked = new Set(missing.filter((r) => r.kind === 'count').map(keyOf));
    const slices = new Map<DataRequest, ListSlice>();
    const windows = new Map<string, ListSlice>();
    for (const r of missing) {
      const slice = r.kind === 'contents' && this.options.mode !== 'preview' ? listWindow(r, countsAsked, this.runCache) : null;
      if (!slice) continue;
      slices.set(r, slice);
      const key = keyOf(slice.window);
      if (!this.runCache.has(key) && !windows.has(key)) windows.set(key, slice);
    }
    // The totals the windows bring are not asked again.
    const totals = new Set([...windows.values()].filter((w) => w.withTotal).map((w) => keyOf(countOf(w.window))));
    const plain = missing.filter((r) => !slices.has(r) && !(r.kind === 'count' && totals.has(keyOf(r))));
    const asked: LoadRequest[] = [...plain, ...[...windows.values()].map((w) => (w.withTotal ? { kind: 'window', list: w.window } as const : w.window))];
    const answers = await this.source.load(asked);
    asked.forEach((req, i) => {
      const value = answers[i];
      if (req.kind === 'window') {
        const { rows, total } = value as WindowAnswer;
        this.runCache.set(keyOf(req.list), rows);
        this.runCache.set(keyOf(countOf(req.list)), total);
        return;
      }
      // Rows stay inside the engine (tags present what templates see, frozen); dictionary entries are handed out as they are.
      this.storeOf(req, pageData).set(keyOf(req), req.kind === 'dict' ? freeze(value) : value);
    });
    for (const [r, w] of slices) {
      const rows = this.runCache.get(keyOf(w.window)) as ContentRow[];
      this.runCache.set(keyOf(r), rows.slice(w.from, w.from + w.limit));
    }
    while (this.runCache.size > RUN_CACHE_MAX) this.runCache.delete(this.runCache.keys().next().value!);
  }

  /** Starts a page: its own store of answers, with what was loaded ahead for it. */
  beginPage(requests: DataRequest[]): PageData {
    const pageData: PageData = new Map();
    for (const req of requests) {
      const key = keyOf(req);
      if (this.warm.has(key)) {
        this.storeOf(req, pageData).set(key, this.warm.get(key));
        this.warm.delete(key);
      }
    }
    return pageData;
  }

  /**
   * Loads contents and their bodies ahead, in a few queries for many pages (the publisher's batch
   * of contents): rendering each then needs no query of its own.
   */
  async prefetchContents(ids: number[], pageRequests: (row: ContentRow) => DataRequest[]): Promise<void> {
    this.usePrefetch(await loadPrefetch(this.source, ids, pageRequests));
  }

  /** Takes what was read ahead for a batch, in place of the previous batch's. */
  usePrefetch(p: Prefetch) {
    // A new batch: the previous one's rows and bodies are done with (and would grow stale).
    this.prefetched.clear();
    this.warm.clear();
    this.addPrefetch(p);
  }

  /**
   * Adds what was read ahead for a batch to what the session holds (a render thread renders two
   * batches at once: the main thread reads the next while this one renders); forgetPrefetch
   * drops it when the batch is done.
   */
  addPrefetch(p: Prefetch) {
    for (const r of p.rows) this.prefetched.set(r.contentId, r);
    for (const [key, value] of p.answers) this.warm.set(key, value);
  }

  forgetPrefetch(p: Prefetch) {
    for (const r of p.rows) if (this.prefetched.get(r.contentId) === r) this.prefetched.delete(r.contentId);
    for (const [key, value] of p.answers) if (this.warm.get(key) === value) this.warm.delete(key);
  }

  /** A content row loaded ahead (undefined when none): it stays until the next batch. */
  prefetchedRow(id: number): ContentRow | undefined {
    return this.prefetched.get(id);
  }
}
