import type { Liquid, Template } from 'liquidjs';
import type { PageType } from '../../../../shared/cms/template-registry.ts';
import type { CatalogIndex } from './catalogs.ts';
import type { DataRequest } from './requests.ts';
import type { LinkRules } from './urls.ts';
import type { CatalogRow, ContentRow, Obj } from './present.ts';

// What the engine (engine.ts) and the tags and filters it registers (tags/, filters.ts) share:
// they import these from here, the engine's class only the engine's users.

/** The limits of one page's render (each pass); the defaults suit any real template. */
export interface EngineLimits {
  /** time one render of a page may take (LiquidJS renderLimit) */
  renderMs: number;
  /** LiquidJS memoryLimit: characters and list items the filters and ranges may build */
  memory: number;
  /** characters one template may have when parsed */
  parseChars: number;
  /** the largest page, in characters */
  outputChars: number;
  /** how deep cms_include may nest */
  includeDepth: number;
  /** how many rounds of data loading one page may need */
  dataRounds: number;
}

/** The answers that belong to one page (its body, its album), kept across its renders. */
export type PageData = Map<string, unknown>;

/** One render of one page: what it is, and what the render learns. */
export interface PageState {
  pageType: PageType;
  pageNo: number;
  catalog: CatalogRow | null;
  content: ContentRow | null;
  chapterId: number | null;
  /** set by the page's one paged tag (a list with page: true, or a paged article) */
  paged: { tag: string; pageSize: number; pageTotal: number } | null;
  /** page 1 and page {0} of this page, for page_bar */
  pagePattern: { first: string; other: string };
  /** data the render asked for that the run has not loaded yet */
  misses: Map<string, DataRequest>;
  /** the page's own answers (shared by its renders, never by another page) */
  pageData: PageData;
  /** every template the page used (itself, layouts, partials, includes): republished when one changes */
  used: Set<string>;
  /** the cms_include chain being rendered */
  includeStack: string[];
}

/** What tags and filters need from the render session (session.ts implements it). */
export interface EngineHost {
  readonly siteId: number;
  readonly pipeCode: string;
  readonly links: LinkRules;
  readonly catalogs: CatalogIndex;
  readonly limits: EngineLimits;
  /** Site-level variables every template sees (Site, Prefix…). */
  readonly globals: Obj;
  /** The answer to a request, or undefined after noting it as a miss of `state`. */
  data<T>(state: PageState, req: DataRequest): T | undefined;
  /** A template by name (the suffix may be left out), parsed once per session; noted as used. */
  partial(name: string, state: PageState): Template[];
  /** A rendered include kept for the run: its HTML and the templates it used. */
  includeCache: Map<string, { html: string; used: string[] }>;
  presentCatalog(c: CatalogRow): Obj;
  presentContent(row: ContentRow, state: PageState): Obj;
  /** A link or file reference for this pipe: iurl://…, resource paths; misses noted in `state`. */
  resolve(url: string, state: PageState): string;
  /** HTML with its internal links resolved. */
  resolveHtml(html: string, state: PageState): string;
  /** A site listed by cms_site (its public fields and address). */
  presentOtherSite(row: Record<string, unknown>): Obj;
  /** The link rules of another pipe of the site ('' = this one), or null when the site has no such pipe. */
  linksFor(pipeCode: string): LinkRules | null;
  /** A custom dynamic page's address by its code ('' when the site has none), for customDynamicPageLink. */
  dynamicPageLink(code: string, query: string, baseArgs: boolean): string;
  /** The site's thumbnail box (CMS settings), for imageSize. */
  readonly thumbnail: { width: number; height: number };
}

/**
 * What a tag or a filter sees of the engine it runs in (CmsLiquid, engine.ts): the render session
 * and the page being rendered.
 */
export interface CmsEngine extends Liquid {
  readonly host: EngineHost;
  /** The page being rendered (tags and filters run only inside renderPage). */
  current(): PageState;
}
