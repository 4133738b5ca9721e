import type { CatalogIndex } from './catalogs.ts';
import type { PageState } from './engine.ts';
import { freeze, presentCatalog, presentContent, type CatalogRow, type ContentRow, type Obj, type SiteRow } from './present.ts';
import type { SessionLinks } from './session-links.ts';
import { LinkRules } from './urls.ts';
import { presentExtend } from './extend-present.ts';
import type { XViewItem } from '../xmodel/display.ts';

/** Contents presented once and kept (a sidebar's latest ten on every page); a site publish presents most contents once. */
const PRESENTED_MAX = 2_000;

/** What a session's presented objects are made with (RenderSession's constructor). */
export interface SessionPresenterParts {
  site: SiteRow;
  pipeCode: string;
  links: LinkRules;
  catalogs: CatalogIndex;
  /** published contents per catalog (Catalog.contentCount) */
  contentCounts: Map<number, number>;
  /** the session's links: a presented object's links resolve through them */
  resolver: SessionLinks;
  /** the display-ready extension values of the site (`site`) or a catalog (`catalog:<id>`), [] for none */
  extendOf(key: string): readonly XViewItem[];
}

/**
 * What a session's templates see of catalogs, contents and sites (RenderSession): present.ts's
 * objects with their links for this pipe, a catalog presented once for the run and a content
 * kept while it needs nothing the page has still to load.
 */
export class SessionPresenter {
  private readonly presentedCatalogs = new Map<number, Obj>();
  private readonly presentedContents = new Map<number, Obj>();
  private readonly site: SiteRow;
  private readonly pipeCode: string;
  private readonly links: LinkRules;
  private readonly catalogs: CatalogIndex;
  /** published contents per catalog (Catalog.contentCount) */
  private readonly contentCounts: Map<number, number>;
  private readonly resolver: SessionLinks;
  private readonly extendOf: SessionPresenterParts['extendOf'];

  constructor(parts: SessionPresenterParts) {
    this.site = parts.site;
    this.pipeCode = parts.pipeCode;
    this.links = parts.links;
    this.catalogs = parts.catalogs;
    this.contentCounts = parts.contentCounts;
    this.resolver = parts.resolver;
    this.extendOf = parts.extendOf;
  }

  hasIndexPage(c: CatalogRow): boolean {
    return !!String(c.publishPipeProps[this.pipeCode]?.indexTemplate ?? '').trim();
  }

  presentCatalog(c: CatalogRow): Obj {
    let obj = this.presentedCatalogs.get(c.catalogId);
    if (!obj) {
      const resolve = (u: string) => this.resolver.resolveStatic(u);
      const hasIndex = this.hasIndexPage(c);
      obj = presentCatalog(c, {
        link: this.links.catalogLink(c, resolve),
        listLink: this.links.catalogListLink(c, hasIndex, resolve),
        contentCount: this.contentCounts.get(c.catalogId) ?? 0,
        ...presentExtend(this.extendOf(`catalog:${c.catalogId}`), resolve),
      }, resolve);
      this.presentedCatalogs.set(c.catalogId, obj);
    }
    return obj;
  }

  presentContent(row: ContentRow, state: PageState, more?: Record<string, unknown>): Obj {
    const cached = more ? undefined : this.presentedContents.get(row.contentId);
    if (cached) return cached;
    const before = state.misses.size;
    const resolve = (u: string) => this.resolver.resolve(u, state);
    const catalog = this.catalogs.get(row.catalogId);
    const obj = presentContent(row, {
      link: catalog ? this.resolver.contentLinkSafe(row, catalog, resolve) : '',
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
    const own = site.siteId === this.site.siteId;
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
