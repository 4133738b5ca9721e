import { eq, inArray } from 'drizzle-orm';
import { ADMIN_ROLE, ALL_PERMISSIONS, hasPermission, type Actor } from '../../core/access.ts';
import { fail } from '../../core/errors.ts';
import type { DbOrTx } from '../../db/client.ts';
import { sysDept, sysMenu, sysRole, sysRoleDept, sysRoleMenu, sysUser, sysUserRole } from './schema.ts';
import { DataScope } from './data-scope.ts';

/**
 * "More power": the one rule behind every change to a user, a role or a grant. Nobody changes,
 * resets, disables, deletes or re-roles a user who holds more than they do, and nobody hands out a
 * role (or widens one) carrying more than they hold. Otherwise a user manager whose data scope
 * covers an administrator resets its password and signs in as administrator, or creates a helper
 * with scope "all" and does it through the helper.
 *
 * A holds at least as much as B when
 * - A is an administrator (role `admin` or permission `*`), or B is not and
 * - every permission key B holds, A holds, and
 * - every department B reaches, A reaches: "all" reaches everything; "own department and below"
 *   reaches its department and each one under it; "own department" its department; "custom" its
 *   listed departments; "self only" reaches nobody else and is within anyone's power.
 *
 * A user's power counts every role they hold and every menu of those roles, disabled or not: what
 * an administrator may switch back on later is power all the same. The actor's counts only what
 * they hold now (their session's enabled roles and menus).
 */

/** The departments a set of roles reaches, anchored at its holder's department. */
export interface Reach {
  all: boolean;
  /** the role scopes present (dict SysDataScope), for comparing roles not yet anchored */
  kinds: Set<string>;
  own: number[];
  below: number[];
  custom: number[];
}

export interface Power {
  admin: boolean;
  permissions: Set<string>;
  reach: Reach;
}

/** What one role carries, whatever its status. */
export interface RoleGrant {
  roleId: number;
  roleKey: string;
  roleName: string;
  dataScope: string;
  permissions: Set<string>;
  depts: number[];
}

/** Menu `perms` hold one key or several joined by commas (any one grants). */
export const permissionKeys = (perms: string | null | undefined): string[] =>
  (perms ?? '').split(',').map((k) => k.trim()).filter(Boolean);

function reachOf(roles: { dataScope: string; depts: number[] }[], deptId: number | null): Reach {
  const reach: Reach = { all: false, kinds: new Set(), own: [], below: [], custom: [] };
  for (const r of roles) {
    reach.kinds.add(r.dataScope);
    if (r.dataScope === DataScope.ALL) reach.all = true;
    else if (r.dataScope === DataScope.CUSTOM) reach.custom.push(...r.depts);
    else if (r.dataScope === DataScope.OWN_DEPT && deptId !== null) reach.own.push(deptId);
    else if (r.dataScope === DataScope.DEPT_AND_BELOW && deptId !== null) reach.below.push(deptId);
  }
  return reach;
}

const powerOfRoles = (roles: RoleGrant[], deptId: number | null): Power => {
  const permissions = new Set(roles.flatMap((r) => [...r.permissions]));
  return { admin: roles.some((r) => r.roleKey === ADMIN_ROLE) || permissions.has(ALL_PERMISSIONS), permissions, reach: reachOf(roles, deptId) };
};

/** The roles with these ids, each with all its menus' keys and its custom departments. */
export async function loadRoles(tx: DbOrTx, roleIds: number[]): Promise<RoleGrant[]> {
  const ids = [...new Set(roleIds)];
  if (!ids.length) return [];
  const roles = await tx.select({ roleId: sysRole.roleId, roleKey: sysRole.roleKey, roleName: sysRole.roleName, dataScope: sysRole.dataScope })
    .from(sysRole).where(inArray(sysRole.roleId, ids));
  const menus = await tx.select({ roleId: sysRoleMenu.roleId, perms: sysMenu.perms })
    .from(sysRoleMenu).innerJoin(sysMenu, eq(sysMenu.menuId, sysRoleMenu.menuId)).where(inArray(sysRoleMenu.roleId, ids));
  const depts = await tx.select({ roleId: sysRoleDept.roleId, deptId: sysRoleDept.deptId }).from(sysRoleDept).where(inArray(sysRoleDept.roleId, ids));
  return roles.map((r) => ({
    ...r,
    permissions: new Set(menus.filter((m) => m.roleId === r.roleId).flatMap((m) => permissionKeys(m.perms))),
    depts: depts.filter((d) => d.roleId === r.roleId).map((d) => d.deptId),
  }));
}

/** The power of each listed user (every role they hold, whatever its status). */
export async function loadUserPowers(tx: DbOrTx, userIds: number[]): Promise<Map<number, { userName: string; power: Power }>> {
  const ids = [...new Set(userIds)];
  const out = new Map<number, { userName: string; power: Power }>();
  if (!ids.length) return out;
  const users = await tx.select({ userId: sysUser.userId, userName: sysUser.userName, deptId: sysUser.deptId }).from(sysUser).where(inArray(sysUser.userId, ids));
  const links = await tx.select({ userId: sysUserRole.userId, roleId: sysUserRole.roleId }).from(sysUserRole).where(inArray(sysUserRole.userId, ids));
  const roles = new Map((await loadRoles(tx, links.map((l) => l.roleId))).map((r) => [r.roleId, r]));
  for (const u of users) {
    const held = links.filter((l) => l.userId === u.userId).map((l) => roles.get(l.roleId)!).filter(Boolean);
    out.set(u.userId, { userName: u.userName, power: powerOfRoles(held, u.deptId) });
  }
  return out;
}

/** What the actor holds now: the session's permissions and enabled roles' scopes. */
export async function actorPower(tx: DbOrTx, actor: Actor): Promise<Power> {
  const customRoles = actor.roleScopes.filter((r) => r.dataScope === DataScope.CUSTOM).map((r) => r.roleId);
  const depts = customRoles.length
    ? await tx.select({ roleId: sysRoleDept.roleId, deptId: sysRoleDept.deptId }).from(sysRoleDept).where(inArray(sysRoleDept.roleId, customRoles))
    : [];
  const roles = actor.roleScopes.map((r) => ({ dataScope: r.dataScope, depts: depts.filter((d) => d.roleId === r.roleId).map((d) => d.deptId) }));
  return { admin: hasPermission(actor, ALL_PERMISSIONS), permissions: actor.permissions, reach: reachOf(roles, actor.deptId) };
}

/** Each department's ancestors (root first), for "and below" comparisons. */
async function ancestryOf(tx: DbOrTx, deptIds: number[]): Promise<Map<number, number[]>> {
  const ids = [...new Set(deptIds)];
  if (!ids.length) return new Map();
  const rows = await tx.select({ id: sysDept.deptId, ancestors: sysDept.ancestors }).from(sysDept).where(inArray(sysDept.deptId, ids));
  return new Map(rows.map((r) => [r.id, r.ancestors.split(',').map(Number)]));
}

/** Does `outer` reach department `dept`? */
function reaches(outer: Reach, dept: number, ancestry: Map<number, number[]>): boolean {
  if (outer.all || outer.own.includes(dept) || outer.custom.includes(dept)) return true;
  const above = ancestry.get(dept) ?? [];
  return outer.below.some((b) => b === dept || above.includes(b));
}

/** Does `outer` reach every department under `dept` too (for an inner "and below")? */
const reachesSubtree = (outer: Reach, dept: number, ancestry: Map<number, number[]>) =>
  outer.all || outer.below.some((b) => b === dept || (ancestry.get(dept) ?? []).includes(b));

/** Is `inner` within `outer`: no permission and no department beyond it? */
export async function isWithin(tx: DbOrTx, inner: Power, outer: Power): Promise<boolean> {
  if (outer.admin) return true;
  if (inner.admin) return false;
  for (const key of inner.permissions) if (!outer.permissions.has(key)) return false;
  if (inner.reach.all) return outer.reach.all;
  const ancestry = await ancestryOf(tx, [...inner.reach.own, ...inner.reach.below, ...inner.reach.custom]);
  if (!inner.reach.below.every((d) => reachesSubtree(outer.reach, d, ancestry))) return false;
  return [...inner.reach.own, ...inner.reach.custom].every((d) => reaches(outer.reach, d, ancestry));
}

/**
 * Is a role, not tied to a holder, within `outer`? Its "own department" and "and below" scopes
 * apply wherever its holders sit, so they compare by kind: "own department" needs the actor to
 * hold own department, and below, or all; "and below" needs and below, or all. Custom departments
 * compare as departments.
 */
export async function isRoleWithin(tx: DbOrTx, role: Pick<RoleGrant, 'roleKey' | 'dataScope' | 'permissions' | 'depts'>, outer: Power): Promise<boolean> {
  if (outer.admin) return true;
  if (role.roleKey === ADMIN_ROLE || role.permissions.has(ALL_PERMISSIONS)) return false;
  for (const key of role.permissions) if (!outer.permissions.has(key)) return false;
  const { reach } = outer;
  switch (role.dataScope) {
    case DataScope.ALL:
      return reach.all;
    case DataScope.DEPT_AND_BELOW:
      return reach.all || reach.kinds.has(DataScope.DEPT_AND_BELOW);
    case DataScope.OWN_DEPT:
      return reach.all || reach.kinds.has(DataScope.OWN_DEPT) || reach.kinds.has(DataScope.DEPT_AND_BELOW);
    case DataScope.CUSTOM: {
      const ancestry = await ancestryOf(tx, role.depts);
      return role.depts.every((d) => reaches(reach, d, ancestry));
    }
    default:
      return true;
  }
}

/** Refuses when any listed user holds more than the actor (the first such user is named). */
export async function assertUsersWithin(tx: DbOrTx, actor: Actor, userIds: number[]): Promise<void> {
  const mine = await actorPower(tx, actor);
  if (mine.admin) return;
  for (const [, user] of await loadUserPowers(tx, userIds)) {
    if (!(await isWithin(tx, user.power, mine))) throw fail('power.userAbove', { userName: user.userName });
  }
}

/** Refuses when any listed role carries more than the actor holds (the first such role is named). */
export async function assertRolesGrantable(tx: DbOrTx, actor: Actor, roleIds: number[]): Promise<void> {
  const mine = await actorPower(tx, actor);
  if (mine.admin) return;
  for (const role of await loadRoles(tx, roleIds)) {
    if (!(await isRoleWithin(tx, role, mine))) throw fail('power.roleAbove', { role: role.roleName });
  }
}

/** The roles among `roles` the actor may hand out (what the user form offers). */
export async function grantableRoles<R extends { roleId: number }>(tx: DbOrTx, actor: Actor, roles: R[]): Promise<R[]> {
  const mine = await actorPower(tx, actor);
  if (mine.admin) return roles;
  const grants = new Map((await loadRoles(tx, roles.map((r) => r.roleId))).map((g) => [g.roleId, g]));
  const out: R[] = [];
  for (const r of roles) if (await isRoleWithin(tx, grants.get(r.roleId)!, mine)) out.push(r);
  return out;
}

/** Refuses a permission key the actor does not hold (menu edit). */
export function assertKeysHeld(actor: Actor, keys: string[]): void {
  for (const key of keys) if (!hasPermission(actor, key)) throw fail('power.keyNotHeld', { key });
}
