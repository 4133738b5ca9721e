import { API_PREFIX } from '../../../../shared/constants.ts';
import { isS3Storage } from '../../../../shared/cms/site-config.ts';
import { bucketUrl, isStorageKey } from '../storage/keys.ts';
import { parseIurl, rewriteUrlAttributes } from '../template/html.ts';

/**
 * Internal links (cms-heart §1.2): what contents store instead of addresses, so a page links to
 * each resource where the pipe it is published to finds it (its own folder, the resource domain,
 * the bucket) rather than where the console saw it (`/prod-api/<site path>/resources/…`).
 *
 * - A resource: `iurl://resources/<key>?sid=<site id>&storage=Local|S3`. The site, because a copy
 *   or a mapping in another site shows the same body; the storage it was found in, because a site
 *   that moves to a bucket keeps its earlier Local files where they were. Without them (a theme's
 *   or ChestnutCMS's iurl): the page's site and that site's storage.
 * - A content, catalog or site: `iurl://content?id=N` (catalog, site alike).
 *
 * Saving turns the addresses of the sites' own resources into iurls (`store`), loading for the
 * editor turns them back into addresses the console shows (`show`) — the rich-text editor would
 * drop an iurl:// it cannot load — and rendering resolves them per pipe (template/urls.ts).
 */

/** What the addresses of a site's resources depend on. */
export interface ResourceSite {
  siteId: number;
  path: string;
  resourceUrl: string | null;
  /** the storage settings (FileStorageType, StorageDomain); nothing else is read */
  configProps?: Record<string, string | undefined>;
}

export type ResourceStorage = 'Local' | 'S3';

/** A resource of a site's library, as an address or an internal link names it. */
export interface InternalResource<S extends ResourceSite = ResourceSite> {
  site: S;
  key: string;
  /** the storage the address showed (Local: the server's; S3: the bucket's), null when it did not say */
  storage: ResourceStorage | null;
}

const slash = (s: string) => (s.endsWith('/') ? s : `${s}/`);

/** The public base of a site's bucket ('' when its settings give none). */
export const bucketDomainOf = (site: ResourceSite) => (site.configProps?.StorageDomain ?? '').trim();

/** Where a resource is: the storage its link names, else its site's (a bucket only with a public domain to reach it). */
export function storageOf(r: InternalResource): ResourceStorage {
  const bucket = bucketDomainOf(r.site) !== '';
  if (r.storage) return r.storage === 'S3' && bucket ? 'S3' : 'Local';
  return bucket && isS3Storage(r.site.configProps?.FileStorageType) ? 'S3' : 'Local';
}

/** The iurl of a resource. */
export const resourceIurl = (r: InternalResource) => `iurl://${r.key}?sid=${r.site.siteId}${r.storage ? `&storage=${r.storage}` : ''}`;

/** A site folder's resource: `/<site path>/resources/…` or the same below the API prefix (where the console reads Local files). */
const FOLDER_RESOURCE = new RegExp(`^(?:${API_PREFIX})?/([A-Za-z0-9]{1,100})/(resources/.+)$`);

/**
 * The sites whose resources a page or an editor's text may name: the current one first, then the
 * others (a copy or a mapping of another site's content shows that site's resources).
 */
export class ResourceSites<S extends ResourceSite = ResourceSite> {
  readonly current: S;
  private readonly byId = new Map<number, S>();
  private readonly byPath = new Map<string, S>();
  /** sites with a resource domain or a bucket, current first: addresses to compare with */
  private readonly hosted: { site: S; prefix: string; storage: ResourceStorage | null }[] = [];

  constructor(current: S, others: readonly S[] = []) {
    this.current = current;
    for (const site of [current, ...others]) {
      if (this.byId.has(site.siteId)) continue;
      this.byId.set(site.siteId, site);
      this.byPath.set(site.path, site);
      if (site.resourceUrl?.trim()) this.hosted.push({ site, prefix: slash(site.resourceUrl.trim()), storage: null });
      if (bucketDomainOf(site)) this.hosted.push({ site, prefix: slash(bucketDomainOf(site)), storage: 'S3' });
    }
  }

  /** A site by id (none: the current one). */
  get(siteId: number | null | undefined): S | null {
    return siteId === null || siteId === undefined ? this.current : (this.byId.get(siteId) ?? null);
  }

  /**
   * The resource an address names, or null: an iurl of a resource, a bare key (the current site's),
   * a site folder's address (`/<path>/resources/…`, `/prod-api/<path>/resources/…`: Local), or an
   * address below a site's resource domain or bucket. Anything else — another server's file, a
   * key that is not one of the library's — is no resource of ours.
   */
  find(address: string): InternalResource<S> | null {
    const url = address.trim();
    if (url.startsWith('iurl://')) {
      const iurl = parseIurl(url);
      const site = iurl?.type === 'resource' && isStorageKey(iurl.path!) ? this.get(iurl.sid) : null;
      return site ? { site, key: iurl!.path!, storage: iurl!.storage ?? null } : null;
    }
    if (!url.includes('resources/')) return null;
    if (isStorageKey(url)) return { site: this.current, key: url, storage: null };
    const folder = FOLDER_RESOURCE.exec(url);
    const site = folder ? this.byPath.get(folder[1]!) : undefined;
    if (site && isStorageKey(folder![2]!)) return { site, key: folder![2]!, storage: 'Local' };
    for (const h of this.hosted) {
      if (url.startsWith(h.prefix) && isStorageKey(url.slice(h.prefix.length))) return { site: h.site, key: url.slice(h.prefix.length), storage: h.storage };
    }
    return null;
  }
}

/** The console's address of a content, catalog or site: its preview (an address the rich-text editor keeps, unlike an iurl). */
const PREVIEW_ADDRESS = new RegExp(`^${API_PREFIX}/cms/preview/(site|catalog|content)/(\\d{1,15})$`);

/** How an editor's form and the stored content differ for one site: internal links stored, addresses shown. */
export interface EditorLinks {
  /** A field's address (a logo, an album item's file) as stored. */
  store(url: string): string;
  /** HTML as stored: every src, href and poster of the sites' resources (and previews of contents, catalogs, sites) an iurl. */
  storeHtml(html: string): string;
  /** A stored field as the console shows it. */
  show(url: string): string;
  /** Stored HTML as the editor shows it (no iurl:// left). */
  showHtml(html: string): string;
  /** the sites whose resources it knows (the current one first) */
  sites: ResourceSites;
}

/** Where the console finds a resource: the API serves Local files (below its prefix in HTML; a field's address is put there by the console itself), a bucket's are public. */
export function consoleAddress(r: InternalResource, form: 'html' | 'field'): string {
  if (storageOf(r) === 'S3') return bucketUrl(bucketDomainOf(r.site), r.key);
  return `${form === 'html' ? API_PREFIX : ''}/${r.site.path}/${r.key}`;
}

export function editorLinks(sites: ResourceSites): EditorLinks {
  const store = (url: string): string => {
    if (url.startsWith('iurl://')) return url;
    const r = sites.find(url);
    if (r) return resourceIurl(r);
    const preview = PREVIEW_ADDRESS.exec(url.trim());
    return preview ? `iurl://${preview[1]}?id=${preview[2]}` : url;
  };
  const show = (url: string, form: 'html' | 'field'): string | null => {
    if (!url.startsWith('iurl://')) return null;
    const iurl = parseIurl(url);
    if (!iurl) return null;
    if (iurl.type === 'resource') {
      const r = sites.find(url);
      return r ? consoleAddress(r, form) : null;
    }
    const id = iurl.id ?? (iurl.type === 'site' ? sites.current.siteId : null);
    return id === null ? null : `${API_PREFIX}/cms/preview/${iurl.type}/${id}`;
  };
  return {
    sites,
    store,
    storeHtml: (html) => (html.includes('resources/') || html.includes('/cms/preview/') ? rewriteUrlAttributes(html, (url) => {
      const next = store(url);
      return next === url ? null : next;
    }) : html),
    show: (url) => show(url, 'field') ?? url,
    showHtml: (html) => (html.includes('iurl://') ? rewriteUrlAttributes(html, (url) => show(url, 'html')) : html),
  };
}
