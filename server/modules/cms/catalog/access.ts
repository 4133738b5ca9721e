import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { OpContext, SiteOp } from '../../../core/operation.ts';
import { AppError, fail, ReplyCode } from '../../../core/errors.ts';
import { permBit, type CatalogPerm } from '../../../../shared/cms/perms.ts';
import { cmsGrant } from '../perms/schema.ts';
import { holdsEverything } from '../perms/grants.ts';
import { cmsCatalog } from './schema.ts';

export type CatalogRow = typeof cmsCatalog.$inferSelect;

/** The ids in an ancestors chain ("12:45:" → [12, 45]), root first. */
export const chainOf = (ancestors: string): number[] => ancestors.split(':').filter(Boolean).map(Number);

/**
 * The actor's rights per catalog of a site (the current one unless named). A grant on a catalog covers its whole
 * subtree: a catalog's rights are the OR of the grants on it and on every catalog above it (their
 * own and their roles'). Null means everything (administrators).
 */
export function catalogRights(op: SiteOp): Promise<Map<number, number> | null>;
export function catalogRights(op: OpContext, siteId: number): Promise<Map<number, number> | null>;
export async function catalogRights(op: OpContext, siteId = op.site?.siteId): Promise<Map<number, number> | null> {
  if (siteId === undefined) throw fail('cms.site.required');
  if (holdsEverything(op.actor)) return null;
  const roleIds = op.actor.roleScopes.map((r) => r.roleId);
  const owned = sql`((${cmsGrant.ownerType} = 'User' and ${cmsGrant.ownerId} = ${op.actor.userId})${roleIds.length ? sql` or (${cmsGrant.ownerType} = 'Role' and ${inArray(cmsGrant.ownerId, roleIds)})` : sql``})`;
  const grants = await op.tx
    .select({ id: cmsGrant.objectId, bits: sql<number>`bit_or(${cmsGrant.bits})` })
    .from(cmsGrant)
    .innerJoin(cmsCatalog, eq(cmsCatalog.catalogId, cmsGrant.objectId))
    .where(and(eq(cmsGrant.objectType, 'Catalog'), owned, eq(cmsCatalog.siteId, siteId)))
    .groupBy(cmsGrant.objectId);
  const rights = new Map<number, number>();
  if (!grants.length) return rights;
  const direct = new Map(grants.map((g) => [g.id, Number(g.bits)]));
  const catalogs = await op.tx.select({ id: cmsCatalog.catalogId, ancestors: cmsCatalog.ancestors }).from(cmsCatalog).where(eq(cmsCatalog.siteId, siteId));
  for (const c of catalogs) {
    const bits = chainOf(c.ancestors).reduce((acc, id) => acc | (direct.get(id) ?? 0), 0);
    if (bits) rights.set(c.id, bits);
  }
  return rights;
}

/** Ids of the current site's catalogs on which the actor holds `perm` (null = all). */
export async function catalogsWith(op: SiteOp, perm: CatalogPerm, rights?: Map<number, number> | null): Promise<number[] | null> {
  const r = rights === undefined ? await catalogRights(op) : rights;
  if (r === null) return null;
  const bit = permBit('Catalog', perm);
  return [...r].filter(([, bits]) => (bits & bit) !== 0).map(([id]) => id);
}

/** Row filter: `col` (a catalog id column) among the catalogs where the actor holds `perm`. */
export async function catalogFilter(op: SiteOp, perm: CatalogPerm, col: PgColumn, rights?: Map<number, number> | null): Promise<SQL | undefined> {
  const ids = await catalogsWith(op, perm, rights);
  if (ids === null) return undefined;
  return ids.length ? inArray(col, ids) : sql`false`;
}

/**
 * The stored catalogs with these ids, of the current site and not deleted, on each of which the
 * actor holds `perm` (the rights read once for the batch). A catalog of another site, or unknown,
 * reads as "not found"; one the actor may see but not act on answers 403 naming no more than that.
 * One id out of reach refuses the whole batch.
 */
export async function catalogsOf(op: SiteOp, catalogIds: readonly number[], perm: CatalogPerm, opts: { deleted?: boolean } = {}): Promise<CatalogRow[]> {
  const unique = [...new Set(catalogIds)];
  if (!unique.length) return [];
  const rows = await op.tx.select().from(cmsCatalog).where(and(
    inArray(cmsCatalog.catalogId, unique),
    eq(cmsCatalog.siteId, op.site.siteId),
    opts.deleted ? undefined : isNull(cmsCatalog.deleteTime),
  ));
  if (rows.length !== unique.length) throw fail('cms.catalog.notFound');
  const rights = await catalogRights(op);
  if (rights === null) return rows;
  for (const row of rows) {
    const bits = rights.get(row.catalogId) ?? 0;
    if ((bits & permBit('Catalog', 'View')) === 0) throw fail('cms.catalog.notFound');
  }
  for (const row of rows) {
    if (((rights.get(row.catalogId) ?? 0) & permBit('Catalog', perm)) === 0) throw new AppError('cms.catalog.denied', { perm }, ReplyCode.FORBIDDEN);
  }
  return rows;
}

/** The stored catalog with this id (catalogsOf for one). */
export const catalogWith = async (op: SiteOp, catalogId: number, perm: CatalogPerm, opts: { deleted?: boolean } = {}): Promise<CatalogRow> =>
  (await catalogsOf(op, [catalogId], perm, opts))[0]!;
