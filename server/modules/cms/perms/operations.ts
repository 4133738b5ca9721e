import { and, eq, inArray, sql } from 'drizzle-orm';
import { hasPermission, ADMIN_ROLE } from '../../../core/access.ts';
import type { OpContext } from '../../../core/operation.ts';
import { AppError, fail, ReplyCode } from '../../../core/errors.ts';
import { GRANT_OBJECTS, GRANT_OWNER_PERMS, allBits, bitsOf, type GrantObject, type GrantOwner } from '../../../../shared/cms/perms.ts';
import { sysRole, sysUser, sysUserRole } from '../../system/index.ts';
import { userScope } from '../../system/index.ts';
import { assertRolesGrantable, assertUsersWithin } from '../../system/index.ts';
import { cmsSite } from '../site/schema.ts';
import { siteOrder } from '../site/current.ts';
import { cmsGrant } from './schema.ts';
import { holdsEverything } from './grants.ts';

/**
 * The owner whose grants are read or changed, checked: the actor may edit that kind of owner, a
 * user must be within the actor's data scope, and only administrators touch the administrator
 * role or administrators' own grants (everything is theirs anyway).
 */
async function checkOwner(op: OpContext, ownerType: GrantOwner, owner: number): Promise<{ roleIds: number[] }> {
  if (!hasPermission(op.actor, GRANT_OWNER_PERMS[ownerType])) throw new AppError('auth.noPermission', { perm: GRANT_OWNER_PERMS[ownerType] }, ReplyCode.FORBIDDEN);
  const admin = holdsEverything(op.actor);
  if (ownerType === 'Role') {
    const [role] = await op.tx.select({ key: sysRole.roleKey }).from(sysRole).where(eq(sysRole.roleId, owner));
    if (!role) throw fail('resource.notFound');
    if (role.key === ADMIN_ROLE) throw fail('cms.perms.adminHoldsAll');
    // A role carrying more than the actor holds is not theirs to grant to (the power rule).
    await assertRolesGrantable(op.tx, op.actor, [owner]);
    return { roleIds: [] };
  }
  const [user] = await op.tx.select({ id: sysUser.userId }).from(sysUser).where(and(eq(sysUser.userId, owner), userScope(op.actor)));
  if (!user) throw fail('resource.notFound');
  const roles = await op.tx.select({ id: sysRole.roleId, key: sysRole.roleKey }).from(sysUserRole)
    .innerJoin(sysRole, eq(sysRole.roleId, sysUserRole.roleId)).where(and(eq(sysUserRole.userId, owner), eq(sysRole.status, '0')));
  if (roles.some((r) => r.key === ADMIN_ROLE)) {
    if (!admin) throw fail('resource.notFound');
    throw fail('cms.perms.adminHoldsAll');
  }
  await assertUsersWithin(op.tx, op.actor, [owner]);
  return { roleIds: roles.map((r) => r.id) };
}

/** Per object: the bits of `rows` OR-ed (several roles' rows of one object). */
function orByObject(rows: { objectId: number; bits: number }[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const r of rows) out.set(r.objectId, (out.get(r.objectId) ?? 0) | r.bits);
  return out;
}

/** The actor's own bits per object of a type (all bits for administrators, marked by `null`). */
export async function actorBits(op: OpContext, object: GrantObject): Promise<Map<number, number> | null> {
  if (holdsEverything(op.actor)) return null;
  const roleIds = op.actor.roleScopes.map((r) => r.roleId);
  const rows = await op.tx.select({ objectId: cmsGrant.objectId, bits: cmsGrant.bits }).from(cmsGrant).where(and(
    eq(cmsGrant.objectType, object),
    sql`((${cmsGrant.ownerType} = 'User' and ${cmsGrant.ownerId} = ${op.actor.userId})${roleIds.length ? sql` or (${cmsGrant.ownerType} = 'Role' and ${inArray(cmsGrant.ownerId, roleIds)})` : sql``})`,
  ));
  return orByObject(rows);
}

export interface GrantableObject {
  id: number;
  name: string;
  /** in a tree: the parent's id */
  parentId?: number;
  /** in a tree whose grants cover subtrees: the ids from the root down to this one */
  chain?: number[];
}

/** How one kind of object is granted: which objects, and the actor's rights on each. */
export interface GrantKind {
  object: GrantObject;
  /** the path under /cms/perms/ and the prefix of the reply's keys (`sitePrivs`, `siteId`) */
  key: string;
  /** objects of the current site (catalogs) rather than of the whole server (sites) */
  site?: true;
  /** the actor's rights per object: null = every right on every object */
  rights(op: OpContext): Promise<Map<number, number> | null>;
  /** the objects the actor may grant on: those they hold any right on */
  objects(op: OpContext, rights: Map<number, number> | null): Promise<GrantableObject[]>;
}

/** Sites the actor may grant on: those they hold any right on (every site for administrators). */
async function grantableSites(op: OpContext, mine: Map<number, number> | null): Promise<GrantableObject[]> {
  return op.tx.select({ id: cmsSite.siteId, name: cmsSite.name }).from(cmsSite)
    .where(mine ? inArray(cmsSite.siteId, [...mine.keys(), -1]) : undefined).orderBy(...siteOrder);
}

/**
 * The owner's rights per object: their own rows; what reaches them otherwise (`inherited`: their
 * roles' rows, their own rows on catalogs above); and of that, what comes from outside the grid
 * the actor sees (`external`: roles, catalogs above those listed), so a console can redraw the
 * inheritance as grants on listed parents are ticked and unticked.
 */
async function ownerRights(op: OpContext, kind: GrantKind, ownerType: GrantOwner, owner: number, roleIds: number[], list: GrantableObject[]) {
  const ids = [...new Set(list.flatMap((o) => o.chain ?? [o.id])), -1];
  const rows = await op.tx.select({ objectId: cmsGrant.objectId, bits: cmsGrant.bits, ownerType: cmsGrant.ownerType, ownerId: cmsGrant.ownerId }).from(cmsGrant)
    .where(and(eq(cmsGrant.objectType, kind.object), inArray(cmsGrant.objectId, ids), sql`((${cmsGrant.ownerType} = ${ownerType} and ${cmsGrant.ownerId} = ${owner})${roleIds.length ? sql` or (${cmsGrant.ownerType} = 'Role' and ${inArray(cmsGrant.ownerId, roleIds)})` : sql``})`));
  const isOwn = (r: (typeof rows)[number]) => r.ownerType === ownerType && r.ownerId === owner;
  const direct = orByObject(rows.filter(isOwn));
  const others = orByObject(rows.filter((r) => !isOwn(r)));
  const listed = new Set(list.map((o) => o.id));
  const own = new Map<number, number>();
  const inherited = new Map<number, number>();
  const external = new Map<number, number>();
  for (const o of list) {
    const mine = direct.get(o.id) ?? 0;
    const chain = o.chain ?? [o.id];
    const above = chain.filter((id) => id !== o.id).reduce((acc, id) => acc | (direct.get(id) ?? 0), 0);
    const outside = chain.reduce((acc, id) => acc | (others.get(id) ?? 0) | (id !== o.id && !listed.has(id) ? (direct.get(id) ?? 0) : 0), 0);
    own.set(o.id, mine);
    inherited.set(o.id, (above | outside) & ~mine);
    external.set(o.id, outside);
  }
  return { own, inherited, external };
}

/** One right of the grid as replied: held directly, reaching the owner otherwise, changeable by the actor. */
interface RightCell { granted: boolean; inherited: boolean; editable: boolean; external?: true }

/**
 * The grant grid of one owner (a role or a user) for one kind of object: each object the actor may
 * grant on, with every right's state (`granted`, `inherited`, `editable`: whether the actor may
 * change that right; `external` on what reaches the owner from outside the grid).
 */
export async function grantGrid(op: OpContext, kind: GrantKind, ownerType: GrantOwner, owner: number) {
  const perms = GRANT_OBJECTS[kind.object];
  const full = allBits(kind.object);
  const { roleIds } = await checkOwner(op, ownerType, owner);
  const mine = await kind.rights(op);
  const list = await kind.objects(op, mine);
  const { own, inherited, external } = await ownerRights(op, kind, ownerType, owner, roleIds, list);
  return list.map((o) => {
    const editable = mine ? (mine.get(o.id) ?? 0) : full;
    const has = (m: Map<number, number>, bit: number) => ((m.get(o.id) ?? 0) & bit) !== 0;
    const rights: Record<string, RightCell> = Object.fromEntries(perms.map((p, i) => {
      const bit = 1 << i;
      return [p, { granted: has(own, bit), inherited: has(inherited, bit), editable: (editable & bit) !== 0, ...(has(external, bit) ? { external: true as const } : {}) }];
    }));
    return { object: o, rights };
  });
}

/** What a save sends for one object: each right named, granted or not (rights left out count as not granted). */
export interface GrantChange {
  objectId: number;
  perms: Record<string, { granted: boolean }>;
}

/**
 * Sets an owner's rights on objects. Nobody grants or takes away a right they do not hold
 * themselves, so granting never widens anyone beyond the granter: rights the actor lacks stay
 * exactly as they were. An object the actor holds nothing on reads as unknown (nothing changes,
 * nothing is revealed); then nothing of the call is written.
 */
export async function saveGrants(op: OpContext, kind: GrantKind, ownerType: GrantOwner, owner: number, changes: readonly GrantChange[]): Promise<void> {
  const { object } = kind;
  const full = allBits(object);
  await checkOwner(op, ownerType, owner);
  const mine = await kind.rights(op);
  const grantable = new Set((await kind.objects(op, mine)).map((o) => o.id));
  for (const change of changes) {
    const { objectId } = change;
    if (!grantable.has(objectId)) throw fail('resource.notFound');
    const asked = bitsOf(object, Object.entries(change.perms).filter(([, v]) => v.granted).map(([p]) => p));
    const allowed = mine ? (mine.get(objectId) ?? 0) : full;
    const where = and(eq(cmsGrant.ownerType, ownerType), eq(cmsGrant.ownerId, owner), eq(cmsGrant.objectType, object), eq(cmsGrant.objectId, objectId));
    const [current] = await op.tx.select({ bits: cmsGrant.bits }).from(cmsGrant).where(where);
    const bits = ((current?.bits ?? 0) & ~allowed) | (asked & allowed);
    if (bits === 0) await op.tx.delete(cmsGrant).where(where);
    else if (current) await op.tx.update(cmsGrant).set({ bits }).where(where);
    else await op.tx.insert(cmsGrant).values({ ownerType, ownerId: owner, objectType: object, objectId, bits });
  }
}

/** Site grants: on every site the actor holds any right on. */
export const SITE_GRANTS: GrantKind = { object: 'Site', key: 'site', rights: (op) => actorBits(op, 'Site'), objects: grantableSites };
