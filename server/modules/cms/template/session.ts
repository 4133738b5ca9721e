import { readerScriptUrl } from '../public-api/reader-script.ts';
import type { Template } from 'liquidjs';
import { pipePropsWithDefaults, type PipeProps } from '../../../../shared/cms/pipe-props.ts';
import { CatalogIndex } from './catalogs.ts';
import type { DataRequest } from './requests.ts';
import { CmsLiquid, DEFAULT_LIMITS, type EngineHost, type EngineLimits, type PageData, type PageState } from './engine.ts';
import { freeze, presentSite, type CatalogRow, type ContentRow, type Obj, type SiteRow } from './present.ts';
import { SessionAnswers, type Prefetch } from './session-answers.ts';
import { SessionLinks } from './session-links.ts';
import { SessionPresenter } from './session-present.ts';
import type { DataSource, SessionOptions, SessionSnapshot } from './session-snapshot.ts';
import { SessionTemplates } from './session-templates.ts';
import { LinkRules } from './urls.ts';
import { presentExtend } from './extend-present.ts';

// What a session opens with and reads ahead, imported from here by the publisher and the render threads.
export type { DataSource, SessionOptions, SessionSnapshot } from './session-snapshot.ts';
export { loadPrefetch, type Prefetch } from './session-answers.ts';

/**
 * One publish run (or one preview) of one site's pipe: the site, its catalog tree, every template
 * of the pipe (read once, parsed once), the answers of the database kept for the run, and the
 * includes already rendered. Pages are rendered through render.ts. A session is not shared
 * between runs: what it holds is as fresh as the run. It reads nothing itself: what it opens
 * with is a snapshot, and data comes through its source.
 *
 * What the engine and the publisher ask of it is answered by its parts: its templates
 * (session-templates.ts), the database's answers and what was read ahead (session-answers.ts),
 * links (session-links.ts) and what templates see of catalogs, contents and sites
 * (session-present.ts).
 */
export class RenderSession implements EngineHost {
  readonly engine: CmsLiquid;
  readonly limits: EngineLimits;
  readonly globals: Obj;
  readonly includeCache = new Map<string, { html: string; used: string[] }>();
  readonly thumbnail: { width: number; height: number };
  readonly props: PipeProps;

  readonly source: DataSource;
  readonly snapshot: SessionSnapshot;
  readonly site: SiteRow;
  readonly pipeCode: string;
  readonly catalogs: CatalogIndex;
  readonly templates: Map<string, string>;
  readonly links: LinkRules;
  readonly options: SessionOptions;

  private readonly answers: SessionAnswers;
  private readonly parsed: SessionTemplates;
  private readonly resolver: SessionLinks;
  private readonly presenter: SessionPresenter;

  constructor(snapshot: SessionSnapshot, source: DataSource, options: SessionOptions = {}) {
    const { site, pipeCode } = snapshot;
    this.snapshot = snapshot;
    this.source = source;
    this.site = site;
    this.pipeCode = pipeCode;
    this.catalogs = new CatalogIndex(snapshot.catalogs);
    this.templates = new Map(snapshot.templates);
    this.options = options;
    const defaultPipe = snapshot.pipes.find((p) => p.code === pipeCode)?.isDefault ?? false;
    const links = new LinkRules(site, pipeCode, { siteBase: snapshot.siteBase, defaultPipe, mode: options.mode ?? 'publish', previewBase: options.previewBase, otherSites: snapshot.otherSites });
    this.links = links;
    this.answers = new SessionAnswers(source, options);
    const catalogs = this.catalogs;
    this.resolver = new SessionLinks({ site, pipeCode, pipes: snapshot.pipes, links, catalogs, dynamicPaths: new Map(snapshot.dynamicPaths), answers: this.answers });
    const extend = new Map(snapshot.extend ?? []);
    const extendOf = (key: string) => extend.get(key) ?? [];
    this.presenter = new SessionPresenter({ site, pipeCode, links, catalogs, contentCounts: new Map(snapshot.counts), resolver: this.resolver, extendOf });
    this.limits = { ...DEFAULT_LIMITS, ...options.limits };
    this.engine = new CmsLiquid(this, this.limits);
    this.parsed = new SessionTemplates(this.engine, this.templates, this.includeCache);
    this.props = pipePropsWithDefaults(site.publishPipeProps[pipeCode]);
    const positive = (v: string | undefined) => Math.max(0, Number.parseInt(v ?? '0', 10) || 0);
    this.thumbnail = { width: positive(site.configProps.ThumbnailWidth), height: positive(site.configProps.ThumbnailHeight) };
    this.globals = freeze({
      Site: presentSite(site, links, (u) => this.resolver.resolveStatic(u), presentExtend(extendOf('site'), (u) => this.resolver.resolveStatic(u))),
      Prefix: links.prefix,
      ResourcePrefix: links.resourcePrefix,
      ApiPrefix: links.apiPrefix,
      // The readers' API and script (public-api/): on the sites port's address, whatever the pipe's.
      ReaderApi: snapshot.siteBase.replace(/\/?$/, '/'),
      ReaderScript: readerScriptUrl(snapshot.siteBase),
      // Baidu Tongji, optional beside the first-party statistics (docs/statistics.md): its id is
      // hex only (settings check it), so it goes into the script's address as it is.
      BaiduTongji: site.configProps.StatisticsEnabled === 'Y' ? (site.configProps.BaiduTongjiSiteId ?? '') : '',
      PublishPipeCode: pipeCode,
      IsPreview: options.mode === 'preview',
      TimeMillis: (options.now ?? new Date()).getTime(),
    });
  }

  get siteId() {
    return this.site.siteId;
  }

  // --- templates (session-templates.ts) ---------------------------------------------------------

  partial(name: string, state: PageState): Template[] {
    return this.parsed.partial(name, state);
  }

  /** A template parsed once for the session (a syntax error is kept and thrown again). */
  parse(name: string): Template[] {
    return this.parsed.parse(name);
  }

  /** Replaces a template's source for the rest of the session (the workbench's live preview). */
  setSource(name: string, source: string) {
    this.parsed.setSource(name, source);
  }

  // --- data (session-answers.ts) ----------------------------------------------------------------

  data<T>(state: PageState, req: DataRequest): T | undefined {
    return this.answers.data<T>(state, req);
  }

  /** A loaded answer, without noting a miss (undefined when not loaded). */
  peek<T>(req: DataRequest, pageData: PageData): T | undefined {
    return this.answers.peek<T>(req, pageData);
  }

  /** A content of this site by id, live (any status): the row read ahead for the batch, else from the database. */
  contentRow(id: number): Promise<ContentRow | null> {
    return this.answers.contentRow(id);
  }

  /** Loads requests not answered yet, in one round (a page's own answers into its `pageData`). */
  load(requests: DataRequest[], pageData: PageData): Promise<void> {
    return this.answers.load(requests, pageData);
  }

  /** Starts a page: its own store of answers, with what was loaded ahead for it. */
  beginPage(requests: DataRequest[]): PageData {
    return this.answers.beginPage(requests);
  }

  /** Loads contents and their bodies ahead, in a few queries for many pages (the publisher's batch). */
  prefetchContents(ids: number[], pageRequests: (row: ContentRow) => DataRequest[]): Promise<void> {
    return this.answers.prefetchContents(ids, pageRequests);
  }

  /** Takes what was read ahead for a batch, in place of the previous batch's. */
  usePrefetch(p: Prefetch) {
    this.answers.usePrefetch(p);
  }

  /** Adds what was read ahead for a batch to what the session holds (forgetPrefetch drops it). */
  addPrefetch(p: Prefetch) {
    this.answers.addPrefetch(p);
  }

  forgetPrefetch(p: Prefetch) {
    this.answers.forgetPrefetch(p);
  }

  /** A content row loaded ahead, left for the page that takes it (the publisher decides first whether to render it). */
  peekPrefetched(id: number): ContentRow | undefined {
    return this.answers.prefetchedRow(id);
  }

  /**
   * A content row loaded ahead for the current batch, if any. It stays until the next batch, so
   * the publisher's status check and the page's render share one row instead of two queries.
   */
  takePrefetched(id: number): ContentRow | undefined {
    return this.answers.prefetchedRow(id);
  }

  // --- links (session-links.ts) -----------------------------------------------------------------

  /** The address of a custom dynamic page in this pipe (its published address in a preview too), or '' for an unknown code. */
  dynamicPageLink(code: string, query: string, baseArgs: boolean): string {
    return this.resolver.dynamicPageLink(code, query, baseArgs);
  }

  linksFor(pipeCode: string): LinkRules | null {
    return this.resolver.linksFor(pipeCode);
  }

  resolve(url: string, state: PageState): string {
    return this.resolver.resolve(url, state);
  }

  /** HTML with its links resolved for this page (internal links and old resource addresses). */
  resolveHtml(html: string, state: PageState): string {
    return this.resolver.resolveHtml(html, state);
  }

  // --- presentation (session-present.ts) --------------------------------------------------------

  hasIndexPage(c: CatalogRow): boolean {
    return this.presenter.hasIndexPage(c);
  }

  presentCatalog(c: CatalogRow): Obj {
    return this.presenter.presentCatalog(c);
  }

  presentContent(row: ContentRow, state: PageState, more?: Record<string, unknown>): Obj {
    return this.presenter.presentContent(row, state, more);
  }

  presentOtherSite(row: Record<string, unknown>): Obj {
    return this.presenter.presentOtherSite(row);
  }
}
