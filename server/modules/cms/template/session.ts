import type { Template } from 'liquidjs';
import { pipePropsWithDefaults, type PipeProps } from '../../../../shared/cms/pipe-props.ts';
import { TEMPLATE_SUFFIX } from '../../../../shared/cms/template-name.ts';
import { checkName } from './store.ts';
import { CatalogIndex } from './catalogs.ts';
import { countOf, keyOf, PAGE_KINDS, type DataRequest, type ListRequest, type LoadRequest, type WindowAnswer } from './requests.ts';
import { CmsLiquid, DEFAULT_LIMITS, type EngineHost, type EngineLimits, type PageData, type PageState } from './engine.ts';
import { CmsTemplateProblem, toTemplateError, type TemplateError } from './errors.ts';
import { parseIurl, rewriteUrlAttributes } from './html.ts';
import { freeze, presentCatalog, presentContent, presentSite, type CatalogRow, type ContentRow, type Obj, type SiteRow } from './present.ts';
import { LinkRules, type SiteLinkInfo } from './urls.ts';
import { dynamicPageLink } from '../../../../shared/cms/dynamic-page.ts';

/**
 * What a session reads of the database and the template folder when it opens (session-open.ts):
 * plain data, so a render thread can be handed it as it is (publish/render-thread.ts).
 */
export interface SessionSnapshot {
  site: SiteRow;
  pipeCode: string;
  /** the site's pipes, the default one marked */
  pipes: { code: string; isDefault: boolean }[];
  catalogs: CatalogRow[];
  /** published contents per catalog (Catalog.contentCount) */
  counts: [number, number][];
  /** the pipe's templates by name, overrides applied */
  templates: [string, string][];
  /** the site's custom dynamic pages: path by code */
  dynamicPaths: [string, string][];
  /** the sites port's address (config.ts siteBase): where a pipe without an address of its own is read */
  siteBase: string;
  /** the other sites' link settings: a copy or a mapping of their content shows their resources */
  otherSites: SiteLinkInfo[];
}

/**
 * Where a session's data comes from: the database in this thread (session-open.ts), or the
 * main thread's database for a render thread. Answers come back in the order asked.
 */
export interface DataSource {
  load(requests: LoadRequest[]): Promise<unknown[]>;
}

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

export interface SessionOptions {
  /** publish (the default) or preview: links go to the preview route, drafts render */
  mode?: 'publish' | 'preview';
  /** where preview links start (the API's address), default /prod-api/ */
  previewBase?: string;
  /** template sources that stand in for the saved files (the workbench's unsaved text) */
  overrides?: Record<string, string>;
  limits?: Partial<EngineLimits>;
  /** TimeMillis of the run */
  now?: Date;
}

/** How many run-wide answers (lists, counts, contents by id) a session keeps; older ones are dropped first. */
const RUN_CACHE_MAX = 5_000;
/** Contents presented once and kept (a sidebar's latest ten on every page); a site publish presents most contents once. */
const PRESENTED_MAX = 2_000;
/** Rows of a paged list read at once when publishing (listWindow). */
const LIST_WINDOW_ROWS = 1_000;

/** Schemes a link may have in a published page; anything else (javascript:, data:) becomes empty. */
const SAFE_LINK = /^(?:https?:\/\/|\/|#|\?|mailto:|[A-Za-z0-9_.-]+(?:\/|\.|$))/i;

const NO_COUNTS = new Set<string>();

/** How a paged list's page is read when publishing: a slice of a window of whole pages (listWindow). */
interface ListSlice {
  window: ListRequest;
  from: number;
  limit: number;
  /** the window is read with the list's total (the run does not know it yet) */
  withTotal: boolean;
}

/**
 * One publish run (or one preview) of one site's pipe: the site, its catalog tree, every template
 * of the pipe (read once, parsed once), the answers of the database kept for the run, and the
 * includes already rendered. Pages are rendered through render.ts. A session is not shared
 * between runs: what it holds is as fresh as the run. It reads nothing itself: what it opens
 * with is a snapshot, and data comes through its source.
 */
export class RenderSession implements EngineHost {
  readonly engine: CmsLiquid;
  readonly limits: EngineLimits;
  readonly globals: Obj;
  readonly includeCache = new Map<string, { html: string; used: string[] }>();
  readonly thumbnail: { width: number; height: number };
  readonly props: PipeProps;
  private readonly parsed = new Map<string, Template[] | TemplateError>();
  private readonly runCache = new Map<string, unknown>();
  /** answers loaded ahead for pages to come (prefetchContents), moved to the page's cache when it starts */
  private readonly warm = new Map<string, unknown>();
  private readonly prefetched = new Map<number, ContentRow>();
  private readonly presentedCatalogs = new Map<number, Obj>();
  private readonly presentedContents = new Map<number, Obj>();
  private readonly otherLinks = new Map<string, LinkRules | null>();

  readonly source: DataSource;
  readonly snapshot: SessionSnapshot;
  readonly site: SiteRow;
  readonly pipeCode: string;
  private readonly pipeCodes: { code: string; isDefault: boolean }[];
  readonly catalogs: CatalogIndex;
  private readonly contentCounts: Map<number, number>;
  readonly templates: Map<string, string>;
  readonly links: LinkRules;
  /** the site's custom dynamic pages: path by code (customDynamicPageLink) */
  private readonly dynamicPaths: Map<string, string>;
  readonly options: SessionOptions;

  constructor(snapshot: SessionSnapshot, source: DataSource, options: SessionOptions = {}) {
    const { site, pipeCode } = snapshot;
    this.snapshot = snapshot;
    this.source = source;
    this.site = site;
    this.pipeCode = pipeCode;
    this.pipeCodes = snapshot.pipes;
    this.catalogs = new CatalogIndex(snapshot.catalogs);
    this.contentCounts = new Map(snapshot.counts);
    this.templates = new Map(snapshot.templates);
    this.dynamicPaths = new Map(snapshot.dynamicPaths);
    this.options = options;
    const defaultPipe = snapshot.pipes.find((p) => p.code === pipeCode)?.isDefault ?? false;
    const links = new LinkRules(site, pipeCode, { siteBase: snapshot.siteBase, defaultPipe, mode: options.mode ?? 'publish', previewBase: options.previewBase, otherSites: snapshot.otherSites });
    this.links = links;
    this.limits = { ...DEFAULT_LIMITS, ...options.limits };
    this.engine = new CmsLiquid(this, this.limits);
    this.props = pipePropsWithDefaults(site.publishPipeProps[pipeCode]);
    const positive = (v: string | undefined) => Math.max(0, Number.parseInt(v ?? '0', 10) || 0);
    this.thumbnail = { width: positive(site.configProps.ThumbnailWidth), height: positive(site.configProps.ThumbnailHeight) };
    this.globals = freeze({
      Site: presentSite(site, links, (u) => this.resolveStatic(u)),
      Prefix: links.prefix,
      ResourcePrefix: links.resourcePrefix,
      ApiPrefix: links.apiPrefix,
      PublishPipeCode: pipeCode,
      IsPreview: options.mode === 'preview',
      TimeMillis: (options.now ?? new Date()).getTime(),
    });
  }

  get siteId() {
    return this.site.siteId;
  }

  /** The address of a custom dynamic page in this pipe (its published address in a preview too), or '' for an unknown code. */
  dynamicPageLink(code: string, query: string, baseArgs: boolean): string {
    const path = this.dynamicPaths.get(code);
    if (path === undefined) return '';
    const base = baseArgs ? `sid=${this.siteId}&pp=${encodeURIComponent(this.pipeCode)}` : '';
    return dynamicPageLink(this.links.prefix || this.links.siteLink, path, [base, query.replace(/^[?&]+/, '')].filter(Boolean).join('&'));
  }

  // --- templates --------------------------------------------------------------------------------

  partial(name: string, state: PageState): Template[] {
    const full = name.endsWith(TEMPLATE_SUFFIX) ? name : `${name}${TEMPLATE_SUFFIX}`;
    checkName(full);
    state.used.add(full);
    return this.parse(full);
  }

  /** A template parsed once for the session (a syntax error is kept and thrown again). */
  parse(name: string): Template[] {
    const cached = this.parsed.get(name);
    if (cached instanceof Error) throw cached;
    if (cached) return cached;
    const source = this.templates.get(name);
    if (source === undefined) throw new CmsTemplateProblem('notFound', { name });
    try {
      const templates = this.engine.parse(source, name);
      this.parsed.set(name, templates);
      return templates;
    } catch (err) {
      const problem = toTemplateError(err, name);
      this.parsed.set(name, problem);
      throw problem;
    }
  }

  /** Replaces a template's source for the rest of the session (the workbench's live preview). */
  setSource(name: string, source: string) {
    this.templates.set(checkName(name), source);
    this.parsed.clear();
    this.includeCache.clear();
  }

  // --- data -------------------------------------------------------------------------------------

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
    const slice = this.listWindow(r, NO_COUNTS);
    const rows = slice && !slice.withTotal ? (this.runCache.get(keyOf(slice.window)) as ContentRow[] | undefined) : undefined;
    return rows?.slice(slice!.from, slice!.from + slice!.limit);
  }

  /** A loaded answer, without noting a miss (undefined when not loaded). */
  peek<T>(req: DataRequest, pageData: PageData): T | undefined {
    return this.storeOf(req, pageData).get(keyOf(req)) as T | undefined;
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
      const slice = r.kind === 'contents' && this.options.mode !== 'preview' ? this.listWindow(r, countsAsked) : null;
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

  /**
   * The window a paged list's page is read with: LIST_WINDOW_ROWS rows (whole pages) from a
   * multiple of that, so one read serves that many pages (a catalog of 200 contents: all its
   * list pages). Only for a paged list (the run holds its count, or the page asks for it now:
   * the window then brings it), and not past its known end. Rows are in a total order (the id
   * breaks ties), so a slice of the window is exactly what the page's own offset and limit read.
   */
  private listWindow(r: ListRequest, countsAsked: Set<string>): ListSlice | null {
    const countKey = keyOf(countOf(r));
    const total = this.runCache.get(countKey);
    const known = typeof total === 'number';
    if (!known && !countsAsked.has(countKey)) return null;
    if (r.limit <= 0 || (known && r.offset >= total)) return null;
    const size = r.limit * Math.max(1, Math.floor(LIST_WINDOW_ROWS / r.limit));
    const start = Math.floor(r.offset / size) * size;
    if (r.offset + r.limit > start + size) return null;
    return { window: { ...r, limit: size, offset: start }, from: r.offset - start, limit: r.limit, withTotal: !known };
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

  /** A content row loaded ahead, left for the page that takes it (the publisher decides first whether to render it). */
  peekPrefetched(id: number): ContentRow | undefined {
    return this.prefetched.get(id);
  }

  /**
   * A content row loaded ahead for the current batch, if any. It stays until the next batch, so
   * the publisher's status check and the page's render share one row instead of two queries.
   */
  takePrefetched(id: number): ContentRow | undefined {
    return this.prefetched.get(id);
  }

  // --- links and presentation -------------------------------------------------------------------

  linksFor(pipeCode: string): LinkRules | null {
    if (!pipeCode || pipeCode === this.pipeCode) return this.links;
    if (!this.otherLinks.has(pipeCode)) {
      const pipe = this.pipeCodes.find((p) => p.code === pipeCode);
      this.otherLinks.set(pipeCode, pipe ? new LinkRules(this.site, pipe.code, { ...this.links.opts, defaultPipe: pipe.isDefault }) : null);
    }
    return this.otherLinks.get(pipeCode)!;
  }

  hasIndexPage(c: CatalogRow): boolean {
    return !!String(c.publishPipeProps[this.pipeCode]?.indexTemplate ?? '').trim();
  }

  /** A link with what needs no data resolved (site, catalogs, resources); content links from what the run holds. */
  private resolveStatic(url: string): string {
    return this.resolveWith(url, (id) => {
      const row = this.runCache.get(keyOf({ kind: 'content', id })) as ContentRow | null | undefined;
      return row ?? null;
    });
  }

  resolve(url: string, state: PageState): string {
    return this.resolveWith(url, (id) => this.data<ContentRow | null>(state, { kind: 'content', id }) ?? null);
  }

  private resolveWith(url: string, contentById: (id: number) => ContentRow | null): string {
    const u = url.trim();
    if (!u) return '';
    const iurl = parseIurl(u);
    if (u.startsWith('iurl://')) {
      if (!iurl) return '';
      if (iurl.type === 'resource') {
        // A resource of a site that is gone (a copy's) has no address.
        const link = this.links.resourceLink(u);
        return link === u ? '' : link;
      }
      if (iurl.type === 'site') return iurl.id === null || iurl.id === this.siteId ? this.links.siteIndexLink() : '';
      if (iurl.id === null) return '';
      if (iurl.type === 'catalog') {
        const c = this.catalogs.get(iurl.id);
        return c && c.catalogType !== 'link' ? this.links.catalogLink(c, () => '') : '';
      }
      const row = contentById(iurl.id);
      if (!row || row.status !== '30' || row.linkFlag === 'Y') return '';
      const catalog = this.catalogs.get(row.catalogId);
      return catalog ? this.contentLinkSafe(row, catalog) : '';
    }
    if (!SAFE_LINK.test(u)) return '';
    return this.links.resourceLink(u);
  }

  private contentLinkSafe(row: ContentRow, catalog: CatalogRow, resolve: (u: string) => string = () => ''): string {
    try {
      return this.links.contentLink(row, catalog, resolve);
    } catch {
      return '';
    }
  }

  /**
   * HTML with its links resolved for this page: internal links, and the addresses of the sites'
   * resources stored before bodies held iurls (`/prod-api/<path>/resources/…`), so existing
   * contents link right when they are published again.
   */
  resolveHtml(html: string, state: PageState): string {
    if (!html.includes('iurl://') && !html.includes('resources/')) return html;
    return rewriteUrlAttributes(html, (url) => {
      if (url.startsWith('iurl://')) return this.resolve(url, state) || '#';
      const link = this.links.resourceLink(url);
      return link === url ? null : link;
    });
  }

  presentCatalog(c: CatalogRow): Obj {
    let obj = this.presentedCatalogs.get(c.catalogId);
    if (!obj) {
      const resolve = (u: string) => this.resolveStatic(u);
      const hasIndex = this.hasIndexPage(c);
      obj = presentCatalog(c, {
        link: this.links.catalogLink(c, resolve),
        listLink: this.links.catalogListLink(c, hasIndex, resolve),
        contentCount: this.contentCounts.get(c.catalogId) ?? 0,
      }, resolve);
      this.presentedCatalogs.set(c.catalogId, obj);
    }
    return obj;
  }

  presentContent(row: ContentRow, state: PageState, more?: Record<string, unknown>): Obj {
    const cached = more ? undefined : this.presentedContents.get(row.contentId);
    if (cached) return cached;
    const before = state.misses.size;
    const resolve = (u: string) => this.resolve(u, state);
    const catalog = this.catalogs.get(row.catalogId);
    const obj = presentContent(row, {
      link: catalog ? this.contentLinkSafe(row, catalog, resolve) : '',
      catalogName: catalog?.name ?? '',
      catalogLink: catalog ? (this.presentCatalog(catalog).link as string) : '',
    }, resolve, more);
    if (!more && state.misses.size === before) {
      if (this.presentedContents.size >= PRESENTED_MAX) this.presentedContents.delete(this.presentedContents.keys().next().value!);
      this.presentedContents.set(row.contentId, obj);
    }
    return obj;
  }

  presentOtherSite(row: Record<string, unknown>): Obj {
    const site = row as unknown as SiteRow;
    const own = site.siteId === this.siteId;
    const links = own ? this.links : new LinkRules(site, this.pipeCode, { ...this.links.opts, defaultPipe: true });
    return freeze({
      siteId: site.siteId,
      parentId: site.parentId,
      name: site.name,
      description: site.description ?? '',
      path: site.path,
      logo: site.logo ?? '',
      logoSrc: site.logo ? links.resourceLink(site.logo) : '',
      link: links.siteLink,
      sortFlag: site.sortFlag,
    });
  }
}
