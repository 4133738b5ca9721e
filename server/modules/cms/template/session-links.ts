import { dynamicPageLink } from '../../../../shared/cms/dynamic-page.ts';
import type { CatalogIndex } from './catalogs.ts';
import type { PageState } from './engine.ts';
import { parseIurl, rewriteUrlAttributes } from './html.ts';
import type { CatalogRow, ContentRow, SiteRow } from './present.ts';
import type { SessionAnswers } from './session-answers.ts';
import { LinkRules } from './urls.ts';

/** Schemes a link may have in a published page; anything else (javascript:, data:) becomes empty. */
const SAFE_LINK = /^(?:https?:\/\/|\/|#|\?|mailto:|[A-Za-z0-9_.-]+(?:\/|\.|$))/i;

/** What a session's links are worked out from (RenderSession's constructor). */
export interface SessionLinkParts {
  site: SiteRow;
  pipeCode: string;
  /** the site's pipes, the default one marked */
  pipes: { code: string; isDefault: boolean }[];
  links: LinkRules;
  catalogs: CatalogIndex;
  /** the site's custom dynamic pages: path by code (customDynamicPageLink) */
  dynamicPaths: Map<string, string>;
  answers: SessionAnswers;
}

/**
 * A session's links (RenderSession): internal links (iurl://…) and resource paths resolved for
 * its pipe, the link rules of the site's other pipes, and its custom dynamic pages' addresses.
 */
export class SessionLinks {
  private readonly otherLinks = new Map<string, LinkRules | null>();
  private readonly site: SiteRow;
  private readonly pipeCode: string;
  /** the site's pipes, the default one marked */
  private readonly pipes: { code: string; isDefault: boolean }[];
  private readonly links: LinkRules;
  private readonly catalogs: CatalogIndex;
  /** the site's custom dynamic pages: path by code (customDynamicPageLink) */
  private readonly dynamicPaths: Map<string, string>;
  private readonly answers: SessionAnswers;

  constructor(parts: SessionLinkParts) {
    this.site = parts.site;
    this.pipeCode = parts.pipeCode;
    this.pipes = parts.pipes;
    this.links = parts.links;
    this.catalogs = parts.catalogs;
    this.dynamicPaths = parts.dynamicPaths;
    this.answers = parts.answers;
  }

  /** The address of a custom dynamic page in this pipe (its published address in a preview too), or '' for an unknown code. */
  dynamicPageLink(code: string, query: string, baseArgs: boolean): string {
    const path = this.dynamicPaths.get(code);
    if (path === undefined) return '';
    const base = baseArgs ? `sid=${this.site.siteId}&pp=${encodeURIComponent(this.pipeCode)}` : '';
    return dynamicPageLink(this.links.prefix || this.links.siteLink, path, [base, query.replace(/^[?&]+/, '')].filter(Boolean).join('&'));
  }

  linksFor(pipeCode: string): LinkRules | null {
    if (!pipeCode || pipeCode === this.pipeCode) return this.links;
    if (!this.otherLinks.has(pipeCode)) {
      const pipe = this.pipes.find((p) => p.code === pipeCode);
      this.otherLinks.set(pipeCode, pipe ? new LinkRules(this.site, pipe.code, { ...this.links.opts, defaultPipe: pipe.isDefault }) : null);
    }
    return this.otherLinks.get(pipeCode)!;
  }

  /** A link with what needs no data resolved (site, catalogs, resources); content links from what the run holds. */
  resolveStatic(url: string): string {
    return this.resolveWith(url, (id) => this.answers.heldContent(id));
  }

  resolve(url: string, state: PageState): string {
    return this.resolveWith(url, (id) => this.answers.data<ContentRow | null>(state, { kind: 'content', id }) ?? null);
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
      if (iurl.type === 'site') return iurl.id === null || iurl.id === this.site.siteId ? this.links.siteIndexLink() : '';
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

  /** A content's link, or '' when it has none (a link rule refused it). */
  contentLinkSafe(row: ContentRow, catalog: CatalogRow, resolve: (u: string) => string = () => ''): string {
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
}
