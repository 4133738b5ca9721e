import { BASE_PATH } from '../../../../shared/constants.ts';
import { pipePropsWithDefaults } from '../../../../shared/cms/pipe-props.ts';
import { ResourceSites, bucketDomainOf, storageOf, type InternalResource, type ResourceStorage } from '../resource/internal-links.ts';
import { CmsTemplateProblem } from './errors.ts';
import { pipeAddress } from '../site/urls.ts';
import { staticPathClash } from './static-paths.ts';

/**
 * Where pages go and how they link to each other (cms-heart §1.1–§1.2), for one site and pipe:
 * the publisher writes `file`s, templates print `link`s. Page files are relative to the pipe's
 * output root and never leave it (a content's custom static path is checked, unlike ChestnutCMS,
 * §8.6). Links in publish mode are the pipe's prefix plus the file; page bars link by bare file
 * name, relative to the page's own folder, so a site works from any host. In preview mode every
 * link goes to the console's preview page instead (`<console>/admin/cms/preview?type=…&id=…&pp=…`),
 * with no token in it (ChestnutCMS put the admin's token in preview links, cms-heart §8.5).
 */

export interface SiteLinkInfo {
  siteId: number;
  path: string;
  domain: string | null;
  resourceUrl: string | null;
  staticSuffix: string;
  publishPipeProps: Record<string, Record<string, unknown>>;
  /** the storage settings (where its resources are) */
  configProps?: Record<string, string | undefined>;
}

export interface CatalogLinkInfo {
  catalogId: number;
  path: string;
  catalogType: string;
  redirectUrl: string | null;
  publishPipeProps: Record<string, Record<string, unknown>>;
}

export interface ContentLinkInfo {
  contentId: number;
  catalogId: number;
  staticPath: string | null;
  linkFlag: string;
  redirectUrl: string | null;
}

/** The console's preview page (the console's own origin). */
export const DEFAULT_PREVIEW_PAGE = `${BASE_PATH}cms/preview`;

const slash = (s: string) => (s.endsWith('/') ? s : `${s}/`);
/** A custom static path: folders and a file of letters, digits, `_`, `-`, one dot before a suffix. */
const STATIC_PATH = /^(?:[A-Za-z0-9_-]+\/){0,8}(?:[A-Za-z0-9_-]+(?:\.[A-Za-z0-9]{1,10})?)?$/;

export interface LinkOptions {
  /** the sites port's address, ending in `/` (config.ts siteBase): where a pipe without an address of its own is read */
  siteBase: string;
  /** the site's first enabled pipe is its default one: it is served at /<site path>/ */
  defaultPipe: boolean;
  mode: 'publish' | 'preview';
  /** the console's preview page, where preview links lead (default /admin/cms/preview; the preview gives the console's origin) */
  previewBase?: string;
  /** the other sites, whose resources a page may show (a copy or a mapping of their content) */
  otherSites?: readonly SiteLinkInfo[];
}

export class LinkRules {
  readonly suffix: string;
  readonly prefix: string;
  /** the pipe's absolute address, whatever the prefix mode (ChestnutCMS's site link) */
  readonly siteLink: string;
  /** where the site's resources are by default (ResourcePrefix): resourceLink decides per resource */
  readonly resourcePrefix: string;
  private readonly resourceSites: ResourceSites<SiteLinkInfo>;
  private readonly foreignLinks = new Map<number, LinkRules>();
  readonly apiPrefix: string;
  readonly site: SiteLinkInfo;
  readonly pipeCode: string;
  readonly opts: LinkOptions;

  constructor(site: SiteLinkInfo, pipeCode: string, opts: LinkOptions) {
    this.site = site;
    this.pipeCode = pipeCode;
    this.opts = opts;
    const props = pipePropsWithDefaults(site.publishPipeProps[pipeCode]);
    this.suffix = /^[a-z0-9]{1,10}$/i.test(site.staticSuffix) ? site.staticSuffix : 'shtml';
    this.siteLink = pipeAddress(site, pipeCode, opts.defaultPipe, opts.siteBase);
    const relative = props.prefixMode === 'relative';
    this.prefix = opts.mode === 'preview' ? '' : relative ? slash(String(props.relativePrefix || '/')) : this.siteLink;
    this.resourceSites = new ResourceSites(site, opts.otherSites);
    this.resourcePrefix = this.storagePrefix(storageOf({ site, key: '', storage: null }));
    this.apiPrefix = this.siteLink;
  }

  // --- files (relative to the pipe's output root) -----------------------------------------------

  indexFile(): string {
    return `index.${this.suffix}`;
  }

  /** Page N of a catalog's list: list(_N) when the catalog has an index page of its own, else index(_N). */
  catalogListFile(catalog: Pick<CatalogLinkInfo, 'path'>, pageNo: number, hasIndexPage: boolean): string {
    const base = hasIndexPage ? 'list' : 'index';
    return `${catalog.path}${base}${pageNo > 1 ? `_${pageNo}` : ''}.${this.suffix}`;
  }

  catalogIndexFile(catalog: Pick<CatalogLinkInfo, 'path'>): string {
    return `${catalog.path}index.${this.suffix}`;
  }

  /** A content's page 1: its static path, or <catalog path><id>.<suffix>. */
  contentFile(content: ContentLinkInfo, catalog: Pick<CatalogLinkInfo, 'path'>): string {
    const custom = content.staticPath?.trim();
    if (!custom) return `${catalog.path}${content.contentId}.${this.suffix}`;
    if (!STATIC_PATH.test(custom) || custom.includes('..')) throw new CmsTemplateProblem('badStaticPath', { path: custom, id: content.contentId });
    // A name another object's page has (stored before saves refused it): never written nor removed.
    if (staticPathClash(custom)) throw new CmsTemplateProblem('staticPathClash', { path: custom, id: content.contentId });
    return custom.endsWith('/') || custom === '' ? `${custom}${content.contentId}.${this.suffix}` : custom;
  }

  /** Page N of a content: `<name>_N.<ext>`. */
  contentPageFile(content: ContentLinkInfo, catalog: Pick<CatalogLinkInfo, 'path'>, pageNo: number): string {
    return pageFile(this.contentFile(content, catalog), pageNo);
  }

  /** A book chapter's page: beside the book's page, in a folder named after it (`news/12.shtml` → `news/12/45.shtml`). */
  chapterFile(content: ContentLinkInfo, catalog: Pick<CatalogLinkInfo, 'path'>, chapterId: number): string {
    const file = this.contentFile(content, catalog);
    const dot = file.lastIndexOf('.');
    return `${dot > file.lastIndexOf('/') ? file.slice(0, dot) : file}/${chapterId}.${this.suffix}`;
  }

  // --- links ------------------------------------------------------------------------------------

  /** The console's preview page: every link of a previewed page leads to another preview (preview-link.ts reads it). */
  get previewPage(): string {
    return this.opts.previewBase ?? DEFAULT_PREVIEW_PAGE;
  }

  private preview(type: string, id: number, extra = ''): string {
    return `${this.previewPage}?type=${type}&id=${id}&pp=${encodeURIComponent(this.pipeCode)}${extra}`;
  }

  siteIndexLink(): string {
    return this.opts.mode === 'preview' ? this.preview('site', this.site.siteId) : this.prefix;
  }

  /** A catalog's address: its folder (served by its index page), or where a link catalog points. */
  catalogLink(catalog: CatalogLinkInfo, resolve: (url: string) => string): string {
    if (catalog.catalogType === 'link') return resolve(catalog.redirectUrl ?? '');
    if (this.opts.mode === 'preview') return this.preview('catalog', catalog.catalogId);
    return `${this.prefix}${catalog.path}`;
  }

  /** The first list page, when the catalog's index page is another template. */
  catalogListLink(catalog: CatalogLinkInfo, hasIndexPage: boolean, resolve: (url: string) => string): string {
    if (!hasIndexPage || catalog.catalogType === 'link') return this.catalogLink(catalog, resolve);
    if (this.opts.mode === 'preview') return this.preview('catalog', catalog.catalogId, '&list=Y');
    return `${this.prefix}${this.catalogListFile(catalog, 1, true)}`;
  }

  contentLink(content: ContentLinkInfo, catalog: Pick<CatalogLinkInfo, 'path'>, resolve: (url: string) => string): string {
    if (content.linkFlag === 'Y') return resolve(content.redirectUrl ?? '');
    if (this.opts.mode === 'preview') return this.preview('content', content.contentId);
    return `${this.prefix}${this.contentFile(content, catalog)}`;
  }

  chapterLink(content: ContentLinkInfo, catalog: Pick<CatalogLinkInfo, 'path'>, chapterId: number): string {
    if (this.opts.mode === 'preview') return this.preview('content', content.contentId, `&chapter=${chapterId}`);
    return `${this.prefix}${this.chapterFile(content, catalog, chapterId)}`;
  }

  /** Page N of a content's link (ChestnutCMS contentPageLink): `_N` before the last dot, or `&pi=N` in preview. */
  contentPageLink(link: string, pageNo: number): string {
    if (pageNo <= 1) return link;
    if (this.opts.mode === 'preview' && link.startsWith(`${this.previewPage}?`)) return `${link}&pi=${pageNo}`;
    return pageFile(link, pageNo);
  }

  /**
   * The page bar's targets for a page: page 1 and page {0}. Published pages link by file name,
   * relative to their own folder; previews link to the preview route.
   */
  pagePattern(firstFile: string, previewLink: string | null): { first: string; other: string } {
    if (this.opts.mode === 'preview' && previewLink) return { first: previewLink, other: `${previewLink}&pi={0}` };
    const name = firstFile.slice(firstFile.lastIndexOf('/') + 1);
    return { first: name, other: pageFile(name, '{0}') };
  }

  /**
   * Where this page finds the site's resources kept in `storage`: the resource domain when the site
   * has one, the bucket's public address, else the pipe's own folder (published sites serve their
   * resources under `resources/` of every pipe folder) or, in a preview (shown on the sites port,
   * template/preview-tickets.ts), the site's folder there.
   */
  storagePrefix(storage: ResourceStorage): string {
    const domain = this.site.resourceUrl?.trim();
    if (domain) return slash(domain);
    if (storage === 'S3') return slash(bucketDomainOf(this.site));
    if (this.opts.mode === 'preview') return `${slash(this.opts.siteBase)}${this.site.path}/`;
    return this.prefix;
  }

  /**
   * A resource's address for this pipe: an iurl, a bare key or a stored address of a site's library
   * (`/prod-api/<path>/resources/…` as the console inserted it before iurls, `/<path>/resources/…`)
   * by its site's rules; any other address as it is.
   */
  resourceLink(stored: string): string {
    const found = this.resourceSites.find(stored);
    if (!found) return stored;
    return found.site.siteId === this.site.siteId ? this.ownResource(found) : this.foreign(found.site).ownResource(found);
  }

  private ownResource(r: InternalResource): string {
    return `${this.storagePrefix(storageOf(r))}${r.key}`;
  }

  /** Another site's rules (its default pipe's folder), for its resources shown here. */
  private foreign(site: SiteLinkInfo): LinkRules {
    let rules = this.foreignLinks.get(site.siteId);
    if (!rules) this.foreignLinks.set(site.siteId, (rules = new LinkRules(site, this.pipeCode, { ...this.opts, defaultPipe: true, otherSites: [] })));
    return rules;
  }
}

/** `dir/name.ext` → `dir/name_N.ext` (page 1 is the file itself). */
export function pageFile(file: string, pageNo: number | string): string {
  if (pageNo === 1) return file;
  const dot = file.lastIndexOf('.');
  const slashAt = file.lastIndexOf('/');
  return dot > slashAt ? `${file.slice(0, dot)}_${pageNo}${file.slice(dot)}` : `${file}_${pageNo}`;
}

/** The catalog's own props for a pipe (templates), or empty. */
export const catalogPipeProps = (catalog: Pick<CatalogLinkInfo, 'publishPipeProps'>, pipeCode: string): Record<string, unknown> => catalog.publishPipeProps[pipeCode] ?? {};
