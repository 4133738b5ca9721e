import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { perServices, type Services } from '../../../core/services.ts';
import { pipePropsWithDefaults } from '../../../../shared/cms/pipe-props.ts';
import { LETTERS_DIGITS_PATTERN } from '../../../../shared/validators/common.ts';
import { cmsPublishPipe } from '../pipe/schema.ts';
import { cmsSite } from '../site/schema.ts';
import { pipeFolder } from './roots.ts';

/**
 * Which published pipe answers a request on the sites' port (README "Two origins"):
 *
 * - **by host** when the request's host name is a pipe's: the host and path of its `url` prop, or
 *   the site's domain for its default pipe (the first enabled one) when that pipe has no url. The
 *   pipe's folder is served at that address (`https://www.example.com/` → `wwwroot/<site path>/`);
 *   the longest matching path wins (`https://example.com/m/` beside `https://example.com/`).
 * - **by folder** otherwise, on the port's own address: `/<site path>/` is the default pipe,
 *   `/<site path>_<pipe>/` another one, as the publish folder lays them out (publish/roots.ts).
 *
 * A host name some pipe claims serves only its pipes: another site's folders are not reachable
 * through a site's domain.
 */
export interface PipeAddress {
  siteId: number;
  sitePath: string;
  staticSuffix: string;
  pipeCode: string;
  isDefault: boolean;
  /** the pipe's folder under the publish root (and its first path segment when served by folder) */
  folder: string;
}

interface HostEntry extends PipeAddress {
  host: string;
  /** the url's path, beginning and ending with `/` */
  prefix: string;
}

export interface Resolved {
  pipe: PipeAddress;
  /** where the pipe's files begin in the request's path: `/` by host, `/<folder>/` by folder */
  base: string;
  /** the path below `base`, still encoded (the caller decodes it); null when the path is `base` without its last `/` */
  rest: string | null;
}

/** The host and path of an address typed as a domain or url (`www.example.com`, `https://x.org/m`), or null. */
export function hostAndPath(address: string): { host: string; path: string } | null {
  const text = address.trim();
  if (!text) return null;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`);
    if (!/^https?:$/.test(url.protocol) || !url.hostname) return null;
    const path = url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`;
    return { host: url.hostname.toLowerCase(), path };
  } catch {
    return null;
  }
}

/** Every enabled pipe's host address (pipes with a url; default pipes of sites with a domain). */
export async function hostEntries(db: DbOrTx): Promise<HostEntry[]> {
  const sites = await db.select({ siteId: cmsSite.siteId, path: cmsSite.path, domain: cmsSite.domain, staticSuffix: cmsSite.staticSuffix, props: cmsSite.publishPipeProps }).from(cmsSite);
  const pipes = await db.select({ siteId: cmsPublishPipe.siteId, code: cmsPublishPipe.code }).from(cmsPublishPipe)
    .where(eq(cmsPublishPipe.status, '0')).orderBy(asc(cmsPublishPipe.sort), asc(cmsPublishPipe.pipeId));
  const entries: HostEntry[] = [];
  for (const site of sites) {
    if (!LETTERS_DIGITS_PATTERN.test(site.path)) continue;
    const own = pipes.filter((p) => p.siteId === site.siteId);
    own.forEach((pipe, i) => {
      const isDefault = i === 0;
      const url = String(pipePropsWithDefaults(site.props[pipe.code]).url ?? '').trim();
      const at = url ? hostAndPath(url) : isDefault && site.domain ? hostAndPath(site.domain) : null;
      if (!at) return;
      let folder: string;
      try {
        folder = pipeFolder(site.path, pipe.code, isDefault);
      } catch {
        return;
      }
      entries.push({ host: at.host, prefix: at.path, siteId: site.siteId, sitePath: site.path, staticSuffix: site.staticSuffix, pipeCode: pipe.code, isDefault, folder });
    });
  }
  // Longest path first: the most specific address wins.
  return entries.sort((a, b) => b.prefix.length - a.prefix.length);
}

/** `<site path>` or `<site path>_<pipe code>`: a pipe's folder as the first segment of a path. */
const FOLDER = /^([A-Za-z0-9]+)(?:_([A-Za-z0-9_]{1,20}))?$/;

/** How long a read of the sites and pipes is used: a burst of a page's files costs one. */
const FRESH_MS = 1000;

export class SiteHosts {
  private entries: Promise<HostEntry[]> | null = null;
  private readAt = 0;
  private readonly db: DbOrTx;
  /** the sites port's own host name (SITE_URL's), which always serves by folder */
  private readonly ownHost: string;
  constructor(db: DbOrTx, ownHost: string) {
    this.db = db;
    this.ownHost = ownHost;
  }

  /** Forgets what was read (after a site's domain or a pipe's url changed). */
  forget() {
    this.entries = null;
  }

  private table(): Promise<HostEntry[]> {
    if (!this.entries || Date.now() - this.readAt > FRESH_MS) {
      this.readAt = Date.now();
      this.entries = hostEntries(this.db);
      this.entries.catch(() => this.forget());
    }
    return this.entries;
  }

  /** The pipe answering `path` (with its query cut off) on `hostname`, or null. */
  async resolve(hostname: string, path: string): Promise<Resolved | null> {
    const host = hostname.toLowerCase();
    const entries = await this.table();
    const claimed = entries.filter((e) => e.host === host);
    for (const e of claimed) {
      if (path.startsWith(e.prefix)) return { pipe: e, base: e.prefix, rest: path.slice(e.prefix.length) };
      if (path === e.prefix.slice(0, -1)) return { pipe: e, base: e.prefix, rest: null };
    }
    if (claimed.length && host !== this.ownHost) return null;
    return this.byFolder(path);
  }

  private async byFolder(path: string): Promise<Resolved | null> {
    const [, first = '', ...more] = path.split('/');
    const m = FOLDER.exec(first);
    if (!m) return null;
    const [site] = await this.db.select({ siteId: cmsSite.siteId, path: cmsSite.path, staticSuffix: cmsSite.staticSuffix }).from(cmsSite).where(eq(cmsSite.path, m[1]!));
    if (!site || !LETTERS_DIGITS_PATTERN.test(site.path)) return null;
    const pipes = await this.db.select({ code: cmsPublishPipe.code }).from(cmsPublishPipe)
      .where(and(eq(cmsPublishPipe.siteId, site.siteId), eq(cmsPublishPipe.status, '0'))).orderBy(asc(cmsPublishPipe.sort), asc(cmsPublishPipe.pipeId));
    // `<site path>` is the default pipe's folder (the first enabled one; a site without one still
    // answers its dynamic pages there), `<site path>_<pipe>` another enabled pipe's.
    if (m[2] !== undefined && !pipes.some((p, i) => i > 0 && p.code === m[2])) return null;
    return {
      pipe: { siteId: site.siteId, sitePath: site.path, staticSuffix: site.staticSuffix, pipeCode: m[2] ?? pipes[0]?.code ?? '', isDefault: m[2] === undefined, folder: first },
      base: `/${first}/`,
      rest: more.length ? more.join('/') : null,
    };
  }
}

export const siteHostsOf = perServices((services: Services) => {
  const own = hostAndPath(services.config.siteUrl ?? 'http://localhost/')?.host ?? 'localhost';
  return new SiteHosts(services.db, own);
});
