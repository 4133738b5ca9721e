import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../../db/client.ts';
import type { Actor } from '../../../core/access.ts';
import { siteOpOf, type AccessRule, type OpContext, type SiteRef } from '../../../core/operation.ts';
import type { GrantNeed } from '../../../core/grants.ts';
import { AppError, fail, ReplyCode } from '../../../core/errors.ts';
import { permBit, type SitePerm } from '../../../../shared/cms/perms.ts';
import { bitsOn, grantedFilter } from '../perms/grants.ts';
import { cmsSite } from './schema.ts';

/** Headers that name the current site: ours (spec §3) and ChestnutCMS's. */
export const CURRENT_SITE_HEADERS = ['currentsite', 'cc-current-site'] as const;

export const siteOrder = [asc(cmsSite.sortFlag), asc(cmsSite.siteId)];

/** Sites the actor may view (holds Site:View on), as a row filter on cms_site. */
export const viewableSites = (actor: Actor) => grantedFilter(actor, 'Site', permBit('Site', 'View'), cmsSite.siteId);

/** The id a request names in CurrentSite (or cc-current-site), if it is a number. */
export function requestedSiteId(headers: FastifyRequest['headers']): number | null {
  for (const name of CURRENT_SITE_HEADERS) {
    const raw = headers[name];
    const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
    if (value && /^\d{1,15}$/.test(value)) return Number(value);
  }
  return null;
}

/**
 * A site id from the caller that names no site, or one they may not view: one answer for both,
 * byte for byte, so nobody learns which ids exist by trying them ("Site not found: 999999" against
 * "No site permissions." told them). The text still tells a legitimate user what to check.
 */
export const siteOutOfReach = () => new AppError('cms.site.outOfReach', {}, ReplyCode.FORBIDDEN);

async function siteRef(db: DbOrTx, actor: Actor, site: { siteId: number; siteName: string; path: string }): Promise<SiteRef> {
  return { siteId: site.siteId, siteName: site.siteName, path: site.path, bits: await bitsOn(db, actor, 'Site', site.siteId) };
}

const columns = { siteId: cmsSite.siteId, siteName: cmsSite.name, path: cmsSite.path };

/** The first site (by sort) the actor may view; 500 when there is none. */
async function firstViewable(db: DbOrTx, actor: Actor) {
  const [first] = await db.select(columns).from(cmsSite).where(viewableSites(actor)).orderBy(...siteOrder).limit(1);
  if (!first) throw fail('cms.site.noSite');
  return first;
}

/**
 * The current site of a site-scoped route: the one the header names, which must exist and be
 * viewable (`siteOutOfReach` otherwise: never quietly another one, a write must not land on a site
 * the user did not mean); without a header, the first site the actor may view.
 */
export async function resolveCurrentSite(db: DbOrTx, actor: Actor, headers: FastifyRequest['headers']): Promise<SiteRef> {
  const requested = requestedSiteId(headers);
  if (requested === null) return siteRef(db, actor, await firstViewable(db, actor));
  // One query on every site-scoped request: the site, and whether the actor may view it.
  const viewable = viewableSites(actor);
  const [site] = await db.select({ ...columns, viewable: viewable ? sql<boolean>`${viewable}` : sql<boolean>`true` }).from(cmsSite).where(eq(cmsSite.siteId, requested));
  if (!site?.viewable) throw siteOutOfReach();
  return siteRef(db, actor, site);
}

/**
 * GET /cms/site/getCurrentSite: the site the request names when the actor may view it, else the
 * first one they may view (a stale id in a browser's storage must not lock the user out).
 */
export async function currentSite(db: DbOrTx, actor: Actor, requested: number | null) {
  if (requested !== null) {
    const [hit] = await db.select({ siteId: cmsSite.siteId, siteName: cmsSite.name }).from(cmsSite).where(and(eq(cmsSite.siteId, requested), viewableSites(actor)));
    if (hit) return hit;
  }
  const { siteId, siteName } = await firstViewable(db, actor);
  return { siteId, siteName };
}

/**
 * POST /cms/site/setCurrentSite/:siteId: confirms the actor may view the site and names it. Nothing
 * is stored on the server; the console keeps the id and sends it as the CurrentSite header.
 */
export async function setCurrentSite(db: DbOrTx, actor: Actor, siteId: number) {
  const [site] = await db.select({ siteId: cmsSite.siteId, siteName: cmsSite.name }).from(cmsSite).where(and(eq(cmsSite.siteId, siteId), viewableSites(actor)));
  if (!site) throw siteOutOfReach();
  return site;
}

/**
 * The one reply to a call needing a right on the current site that the actor does not hold
 * (changing what belongs to the site needs Edit, publishing it Publish, a top-level catalog AddCatalog).
 */
export const siteRightMissing = (right: SitePerm) => new AppError('cms.site.rightMissing', { right }, ReplyCode.FORBIDDEN);

const holdsSiteRight = (site: SiteRef, right: SitePerm) => (site.bits & permBit('Site', right)) !== 0;

/** A right on the current site as a route's declared need and a resource verb's access rule alike. */
export type SiteRight = AccessRule<SiteRef> & GrantNeed<never>;

/**
 * Needs `right` on the current site: declared on a route (`grants`), the pipeline refuses a call
 * without it (siteRightMissing) before the handler runs; as a resource verb's access, the same.
 */
export function siteRight(right: SitePerm): SiteRight {
  const rule: AccessRule<SiteRef> = (op) => holdsSiteRight(op.site, right) || siteRightMissing(right);
  return Object.assign(rule, {
    need: `Site.${right}`,
    async check(op: OpContext): Promise<never[]> {
      if (!holdsSiteRight(siteOpOf(op).site, right)) throw siteRightMissing(right);
      return [];
    },
  });
}

/** Changing what belongs to the current site (its pipes, properties, pages, library) needs Edit on it. */
export const editsSite = siteRight('Edit');
/** Publishing the site's pages needs Publish on it. */
export const publishesSite = siteRight('Publish');
