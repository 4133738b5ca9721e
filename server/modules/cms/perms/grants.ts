import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client.ts';
import { ADMIN_ROLE, ALL_PERMISSIONS, type Actor } from '../../../core/access.ts';
import { allBits, type GrantObject } from '../../../../shared/cms/perms.ts';
import { cmsGrant } from './schema.ts';

/** Administrators hold every CMS permission on every object, granted or not. */
export const holdsEverything = (actor: Actor) => actor.roles.includes(ADMIN_ROLE) || actor.permissions.has(ALL_PERMISSIONS);

/** Grant rows that count for the actor: their own, and those of their enabled roles. */
function ownedBy(actor: Actor): SQL {
  const roleIds = actor.roleScopes.map((r) => r.roleId);
  const own = and(eq(cmsGrant.ownerType, 'User'), eq(cmsGrant.ownerId, actor.userId))!;
  return roleIds.length ? or(own, and(eq(cmsGrant.ownerType, 'Role'), inArray(cmsGrant.ownerId, roleIds)))! : own;
}

/**
 * Row filter: objects of `object` type (ids in `idCol`) on which the actor holds every bit of
 * `mask`, through any mix of their own and their roles' grants. Undefined for administrators.
 * Bits are OR-ed across rows first, so a right split over two roles still counts.
 */
export function grantedFilter(actor: Actor, object: GrantObject, mask: number, idCol: PgColumn): SQL | undefined {
  if (holdsEverything(actor)) return undefined;
  const held = sql`(select ${cmsGrant.objectId} from ${cmsGrant} where ${and(eq(cmsGrant.objectType, object), ownedBy(actor))} group by ${cmsGrant.objectId} having bit_or(${cmsGrant.bits}) & ${mask} = ${mask})`;
  return inArray(idCol, held);
}

/** The bits the actor holds on one object (every bit for administrators). */
export async function bitsOn(tx: DbOrTx, actor: Actor, object: GrantObject, objectId: number): Promise<number> {
  if (holdsEverything(actor)) return allBits(object);
  const [row] = await tx
    .select({ bits: sql<number>`coalesce(bit_or(${cmsGrant.bits}), 0)` })
    .from(cmsGrant)
    .where(and(eq(cmsGrant.objectType, object), eq(cmsGrant.objectId, objectId), ownedBy(actor)));
  return Number(row?.bits ?? 0);
}

/**
 * The bits the actor holds on each of these objects, in one query (a list's rows): objects without
 * a grant are absent; null means every bit on every object (administrators).
 */
export async function bitsOnEach(tx: DbOrTx, actor: Actor, object: GrantObject, objectIds: number[]): Promise<Map<number, number> | null> {
  if (holdsEverything(actor)) return null;
  if (!objectIds.length) return new Map();
  const rows = await tx
    .select({ id: cmsGrant.objectId, bits: sql<number>`bit_or(${cmsGrant.bits})` })
    .from(cmsGrant)
    .where(and(eq(cmsGrant.objectType, object), inArray(cmsGrant.objectId, objectIds), ownedBy(actor)))
    .groupBy(cmsGrant.objectId);
  return new Map(rows.map((r) => [r.id, Number(r.bits)]));
}

/**
 * Whoever creates a site holds every right on it (their own grant, kept if their roles change): a site
 * lies inside nothing. A catalog inherits its parent's rights instead (catalog/inherited-rights.ts).
 */
export async function grantToCreator(tx: DbOrTx, actor: Actor, object: GrantObject, objectId: number): Promise<void> {
  await tx.insert(cmsGrant)
    .values({ ownerType: 'User', ownerId: actor.userId, objectType: object, objectId, bits: allBits(object) })
    .onConflictDoUpdate({ target: [cmsGrant.ownerType, cmsGrant.ownerId, cmsGrant.objectType, cmsGrant.objectId], set: { bits: allBits(object) } });
}

/** Drops every grant on objects that no longer exist. */
export async function dropGrants(tx: DbOrTx, object: GrantObject, objectIds: number[]): Promise<void> {
  if (objectIds.length) await tx.delete(cmsGrant).where(and(eq(cmsGrant.objectType, object), inArray(cmsGrant.objectId, objectIds)));
}
