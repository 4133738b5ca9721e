import { eq, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { ADMIN_ROLE, ALL_PERMISSIONS, type Actor } from '../../core/access.ts';
import { sysDept, sysRoleDept, sysUser } from './schema.ts';

/** Role data scopes (dict SysDataScope). */
export const DataScope = {
  ALL: '1',
  CUSTOM: '2',
  OWN_DEPT: '3',
  DEPT_AND_BELOW: '4',
  SELF: '5',
} as const;

export interface ScopeColumns {
  /** the row's department */
  dept: PgColumn;
  /** the row's owner (a user id), for "self only"; rows without one are then hidden */
  user?: PgColumn;
}

/** Every department below `deptId` (not itself), as a condition on sys_dept. */
export const descendantsOf = (deptId: number) =>
  or(like(sysDept.ancestors, `%,${deptId}`), like(sysDept.ancestors, `%,${deptId},%`));

/** Departments at or below `deptId`, as a subquery condition on `col`. */
export const deptAndBelow = (col: PgColumn, deptId: number) =>
  inArray(col, sql`(select ${sysDept.deptId} from ${sysDept} where ${or(eq(sysDept.deptId, deptId), descendantsOf(deptId))})`);

/**
 * The rows an actor may see, as a filter: undefined for all (admin, or any role with scope "all"),
 * otherwise the union of what each enabled role allows. A user with no roles sees only their own.
 * The roles' scopes came with the session, so this runs no query of its own: it is only SQL for
 * the caller to use with whatever handle it holds.
 */
export function dataScopeFilter(actor: Actor, cols: ScopeColumns): SQL | undefined {
  if (actor.roles.includes(ADMIN_ROLE) || actor.permissions.has(ALL_PERMISSIONS)) return undefined;
  const roles = actor.roleScopes;
  if (roles.some((r) => r.dataScope === DataScope.ALL)) return undefined;
  const parts: SQL[] = [];
  const custom = roles.filter((r) => r.dataScope === DataScope.CUSTOM).map((r) => r.roleId);
  if (custom.length) {
    parts.push(inArray(cols.dept, sql`(select ${sysRoleDept.deptId} from ${sysRoleDept} where ${inArray(sysRoleDept.roleId, custom)})`));
  }
  if (actor.deptId !== null) {
    if (roles.some((r) => r.dataScope === DataScope.OWN_DEPT)) parts.push(eq(cols.dept, actor.deptId));
    if (roles.some((r) => r.dataScope === DataScope.DEPT_AND_BELOW)) parts.push(deptAndBelow(cols.dept, actor.deptId));
  }
  if (cols.user && (roles.length === 0 || roles.some((r) => r.dataScope === DataScope.SELF))) parts.push(eq(cols.user, actor.userId));
  // Nothing granted: match nothing rather than everything.
  return parts.length ? or(...parts) : sql`false`;
}

/** The users an actor may see or manage (by their department, or themselves for "self only"). */
export const userScope = (actor: Actor) => dataScopeFilter(actor, { dept: sysUser.deptId, user: sysUser.userId });

/** The departments an actor may see or pick (a user's department, an import's department column). */
export const deptScope = (actor: Actor) => dataScopeFilter(actor, { dept: sysDept.deptId });
