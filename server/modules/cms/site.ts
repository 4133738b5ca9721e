import { asc, count, eq, ilike } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { fail } from '../../core/errors.ts';
import { paging, table } from '../../core/envelope.ts';
import { likePattern } from '../../core/query.ts';
import { formatDateTime } from '../../../src/lib/format.ts';
import type { SiteListQuery } from '../../../src/lib/validators/site.ts';
import { cmsSite } from './schema.ts';

/** Headers that name the current site: ours (spec §3) and ChestnutCMS's. */
export const CURRENT_SITE_HEADERS = ['currentsite', 'cc-current-site'] as const;

const siteOrder = [asc(cmsSite.sortFlag), asc(cmsSite.siteId)];

/**
 * Where a site's pages are published on this server: http://<domain>/<path>/ when the site has a
 * domain, else http://localhost:<PORT>/<path>/ (the server serves published sites on its own port).
 */
export function siteUrl(site: { domain: string | null; path: string }, port: number): string {
  const host = (site.domain ?? '').trim().replace(/^[a-z]+:\/\//i, '').replace(/\/+$/, '') || `localhost:${port}`;
  return `http://${host}/${site.path}/`;
}

/** GET /cms/site/list: sites by sort flag, filtered by name (contains, case-insensitive), paged. */
export async function listSites(db: DbOrTx, query: SiteListQuery, port: number) {
  const { offset, limit } = paging(query);
  const where = query.siteName ? ilike(cmsSite.name, likePattern(query.siteName)) : undefined;
  const rows = await db
    .select({ siteId: cmsSite.siteId, name: cmsSite.name, path: cmsSite.path, domain: cmsSite.domain, description: cmsSite.description, createTime: cmsSite.createTime })
    .from(cmsSite)
    .where(where)
    .orderBy(...siteOrder)
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(cmsSite).where(where);
  return table(
    rows.map((r) => compact({ ...r, url: siteUrl(r, port), createTime: formatDateTime(r.createTime) })),
    Number(total?.n ?? 0),
  );
}

/** The id a request names in CurrentSite (or cc-current-site), if it is a number. */
export function requestedSiteId(headers: Record<string, string | string[] | undefined>): number | null {
  for (const name of CURRENT_SITE_HEADERS) {
    const raw = headers[name];
    const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
    if (value && /^\d{1,18}$/.test(value)) return Number(value);
  }
  return null;
}

/**
 * GET /cms/site/getCurrentSite: the site the request names when it exists, else the first site
 * (a stale id in a browser's storage must not lock the user out); 500 when there is no site at all.
 */
export async function currentSite(db: DbOrTx, requested: number | null) {
  if (requested !== null) {
    const [hit] = await db.select({ siteId: cmsSite.siteId, siteName: cmsSite.name }).from(cmsSite).where(eq(cmsSite.siteId, requested));
    if (hit) return hit;
  }
  const [first] = await db.select({ siteId: cmsSite.siteId, siteName: cmsSite.name }).from(cmsSite).orderBy(...siteOrder).limit(1);
  if (!first) throw fail('cms.site.noSite');
  return first;
}

/**
 * POST /cms/site/setCurrentSite/:siteId: confirms the site exists and names it. Nothing is stored
 * on the server; the console keeps the id and sends it as the CurrentSite header.
 */
export async function setCurrentSite(db: DbOrTx, siteId: number) {
  const [site] = await db.select({ siteId: cmsSite.siteId, siteName: cmsSite.name }).from(cmsSite).where(eq(cmsSite.siteId, siteId));
  if (!site) throw fail('cms.site.notFound', { siteId });
  return site;
}

function compact<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined)) as T;
}
