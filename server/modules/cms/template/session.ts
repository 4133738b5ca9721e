import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Template } from 'liquidjs';
import type { DbOrTx } from '../../../db/client.ts';
import type { ServerI18n } from '../../../core/i18n.ts';
import { fail } from '../../../core/errors.ts';
import { normalizeLocale } from '../../../../src/lib/i18n/locales.ts';
import { pipePropsWithDefaults, type PipeProps } from '../../../../src/lib/cms/pipe-props.ts';
import { TEMPLATE_SUFFIX } from '../../../../src/lib/cms/template-name.ts';
import { dictDataByType } from '../../system/lookups.ts';
import { cmsCatalog } from '../catalog/schema.ts';
import { cmsContentCount } from '../content/schema.ts';
import { cmsPublishPipe } from '../pipe/schema.ts';
import { cmsSite } from '../site/schema.ts';
import { cmsDynamicPage } from '../dynamic/schema.ts';
import { CatalogIndex } from './catalogs.ts';
import { keyOf, loadRequests, PAGE_KINDS, type DataRequest } from './data.ts';
import { CmsLiquid, DEFAULT_LIMITS, type EngineHost, type EngineLimits, type PageData, type PageState } from './engine.ts';
import { CmsTemplateProblem, toTemplateError, type TemplateError } from './errors.ts';
import { escapeHtml, parseIurl, rewriteInternalUrls } from './html.ts';
import { freeze, presentCatalog, presentContent, presentSite, type CatalogRow, type ContentRow, type Obj, type SiteRow } from './present.ts';
import { checkName, loadTemplateTree, templateRoot } from './store.ts';
import { LinkRules } from './urls.ts';
import { dynamicPageLink } from '../../../../src/lib/cms/dynamic-page.ts';

export interface SessionConfig {
  dataDir: string;
  port: number;
  i18n: ServerI18n;
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
const PRESENTED_MAX = 20_000;
/** Rows of a paged list read at once when publishing (listWindow). */
const LIST_WINDOW_ROWS = 1_000;

/** Schemes a link may have in a published page; anything else (javascript:, data:) becomes empty. */
const SAFE_LINK = /^(?:https?:\/\/|\/|#|\?|mailto:|[A-Za-z0-9_.-]+(?:\/|\.|$))/i;

/**
 * One publish run (or one preview) of one site's pipe: the site, its catalog tree, every template
 * of the pipe (read once, parsed once), the answers of the database kept for the run, and the
 * includes already rendered. Pages are rendered through render.ts. A session is not shared
 * between runs: what it holds is as fresh as the run.
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

  private readonly db: DbOrTx;
  readonly site: SiteRow;
  readonly pipeCode: string;
  private readonly pipeCodes: { code: string; isDefault: boolean }[];
  readonly catalogs: CatalogIndex;
  private readonly contentCounts: Map<number, number>;
  readonly templates: Map<string, string>;
  readonly links: LinkRules;
  /** the site's custom dynamic pages: path by code (customDynamicPageLink) */
  private readonly dynamicPaths: Map<string, string>;
  private readonly config: SessionConfig;
  readonly options: SessionOptions;

  private constructor(parts: {
    db: DbOrTx; site: SiteRow; pipeCode: string; pipeCodes: { code: string; isDefault: boolean }[]; catalogs: CatalogIndex;
    contentCounts: Map<number, number>; templates: Map<string, string>; links: LinkRules; config: SessionConfig; options: SessionOptions;
    dynamicPaths: Map<string, string>;
  }) {
    this.dynamicPaths = parts.dynamicPaths;
    this.db = parts.db;
    this.site = parts.site;
    this.pipeCode = parts.pipeCode;
    this.pipeCodes = parts.pipeCodes;
    this.catalogs = parts.catalogs;
    this.contentCounts = parts.contentCounts;
    this.templates = parts.templates;
    this.links = parts.links;
    this.config = parts.config;
    this.options = parts.options;
    const { site, links, pipeCode, options } = parts;
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

  /** Opens a session for a site's pipe: loads the site, its pipes, its catalogs and the pipe's templates. */
  static async open(db: DbOrTx, siteId: number, pipeCode: string, config: SessionConfig, options: SessionOptions = {}): Promise<RenderSession> {
    const [site] = await db.select().from(cmsSite).where(eq(cmsSite.siteId, siteId));
    if (!site) throw fail('cms.site.notFound', { siteId });
    const pipes = await db.select({ code: cmsPublishPipe.code, status: cmsPublishPipe.status }).from(cmsPublishPipe)
      .where(eq(cmsPublishPipe.siteId, siteId)).orderBy(asc(cmsPublishPipe.status), asc(cmsPublishPipe.sort), asc(cmsPublishPipe.pipeId));
    if (!pipes.some((p) => p.code === pipeCode)) throw fail('cms.pipe.unknown', { code: pipeCode });
    const defaultCode = pipes.find((p) => p.status === '0')?.code ?? pipes[0]!.code;
    const catalogRows = await db.select().from(cmsCatalog).where(and(eq(cmsCatalog.siteId, siteId), isNull(cmsCatalog.deleteTime)));
    const counts = await db.select({ catalogId: cmsContentCount.catalogId, n: sql<number>`sum(${cmsContentCount.n})` }).from(cmsContentCount)
      .where(and(eq(cmsContentCount.siteId, siteId), eq(cmsContentCount.status, '30'))).groupBy(cmsContentCount.catalogId);
    const templates = await loadTemplateTree(templateRoot(config.dataDir, site.path, pipeCode));
    const dynamic = await db.select({ code: cmsDynamicPage.code, path: cmsDynamicPage.path }).from(cmsDynamicPage).where(eq(cmsDynamicPage.siteId, siteId));
    for (const [name, source] of Object.entries(options.overrides ?? {})) templates.set(checkName(name), source);
    const links = new LinkRules(site, pipeCode, { port: config.port, defaultPipe: pipeCode === defaultCode, mode: options.mode ?? 'publish', previewBase: options.previewBase });
    return new RenderSession({
      db, site, pipeCode, pipeCodes: pipes.map((p) => ({ code: p.code, isDefault: p.code === defaultCode })), catalogs: new CatalogIndex(catalogRows),
      contentCounts: new Map(counts.map((c) => [c.catalogId, Number(c.n)])), templates, links, config, options,
      dynamicPaths: new Map(dynamic.map((d) => [d.code, d.path])),
    });
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
    state.misses.set(key, req);
    return undefined;
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
    const req: DataRequest = { kind: 'content', id };
    const answers = await loadRequests(this.db, { siteId: this.siteId, pipeCode: this.pipeCode }, [req], { dict: async () => [] });
    return (answers.get(req) as ContentRow | null) ?? null;
  }

  /**
   * Loads requests not answered yet, in one round (a page's own answers into its `pageData`).
   * Publishing, a paged list (one whose count the run knows) is read a window of pages at a time
   * (listWindow): a catalog's list pages 2…N then find their rows in what page 1 read.
   */
  async load(requests: DataRequest[], pageData: PageData): Promise<void> {
    const missing = requests.filter((r) => !this.storeOf(r, pageData).has(keyOf(r)));
    if (!missing.length) return;
    const counts = missing.filter((r) => r.kind === 'count');
    const windowed = this.options.mode !== 'preview' && counts.length > 0 && missing.some((r) => r.kind === 'contents');
    // The counts first when a list may be windowed by them (otherwise all in one round).
    if (windowed) await this.loadInto(counts, pageData);
    const rest = windowed ? missing.filter((r) => r.kind !== 'count') : missing;
    const slices = new Map<DataRequest, { window: DataRequest; from: number; limit: number }>();
    const toLoad: DataRequest[] = [];
    for (const r of rest) {
      const w = r.kind === 'contents' && this.options.mode !== 'preview' ? this.listWindow(r) : null;
      if (!w) toLoad.push(r);
      else {
        slices.set(r, w);
        if (!this.runCache.has(keyOf(w.window)) && !toLoad.some((x) => keyOf(x) === keyOf(w.window))) toLoad.push(w.window);
      }
    }
    await this.loadInto(toLoad, pageData);
    for (const [r, w] of slices) {
      const rows = this.runCache.get(keyOf(w.window)) as ContentRow[];
      this.runCache.set(keyOf(r), rows.slice(w.from, w.from + w.limit));
    }
    while (this.runCache.size > RUN_CACHE_MAX) this.runCache.delete(this.runCache.keys().next().value!);
  }

  private async loadInto(requests: DataRequest[], pageData: PageData): Promise<void> {
    if (!requests.length) return;
    const answers = await loadRequests(this.db, { siteId: this.siteId, pipeCode: this.pipeCode }, requests, {
      dict: async (type, lang) => (await dictDataByType(this.db as never, type, this.config.i18n, normalizeLocale(lang))).map((d) => ({ value: d.dictValue, label: d.dictLabel })),
    });
    for (const [req, value] of answers) {
      const store = this.storeOf(req, pageData);
      // Rows stay inside the engine (tags present what templates see, frozen); dictionary entries are handed out as they are.
      store.set(keyOf(req), req.kind === 'dict' ? freeze(value) : value);
    }
  }

  /**
   * The window a paged list's page is read with: LIST_WINDOW_ROWS rows (whole pages) from a
   * multiple of that, so one read serves that many pages (a catalog of 200 contents: all its
   * list pages). Only for a list whose count the run holds (a paged list asks for it; its other
   * pages come next), and not past its end. Rows are in a total order (the id breaks ties), so a
   * slice of the window is exactly what the page's own offset and limit would read.
   */
  private listWindow(r: Extract<DataRequest, { kind: 'contents' }>): { window: DataRequest; from: number; limit: number } | null {
    const { kind: _k, sort: _s, top: _t, limit, offset, ...filter } = r;
    const total = this.runCache.get(keyOf({ kind: 'count', ...filter }));
    if (typeof total !== 'number' || limit <= 0 || offset >= total) return null;
    const size = limit * Math.max(1, Math.floor(LIST_WINDOW_ROWS / limit));
    const start = Math.floor(offset / size) * size;
    if (offset + limit > start + size) return null;
    return { window: { ...r, limit: size, offset: start }, from: offset - start, limit };
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
    // A new batch: the previous one's rows and bodies are done with (and would grow stale).
    this.prefetched.clear();
    this.warm.clear();
    const rows = await loadRequests(this.db, { siteId: this.siteId, pipeCode: this.pipeCode }, ids.map((id) => ({ kind: 'content', id }) as DataRequest), { dict: async () => [] });
    const reqs: DataRequest[] = [];
    for (const row of rows.values()) {
      if (!row) continue;
      const r = row as ContentRow;
      this.prefetched.set(r.contentId, r);
      reqs.push(...pageRequests(r));
    }
    const answers = await loadRequests(this.db, { siteId: this.siteId, pipeCode: this.pipeCode }, reqs, { dict: async () => [] });
    for (const [req, value] of answers) this.warm.set(keyOf(req), value);
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
      if (iurl.type === 'resource') return this.links.resourceLink(iurl.path!);
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

  resolveHtml(html: string, state: PageState): string {
    let out = rewriteInternalUrls(html, (u) => this.resolve(u, state));
    if (this.site.resourceUrl?.trim()) {
      const own = `/${this.site.path}/resources/`;
      out = out.split(`="${own}`).join(`="${escapeHtml(this.links.resourcePrefix)}resources/`);
    }
    return out;
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
