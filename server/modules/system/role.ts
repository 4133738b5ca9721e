import { and, asc, count, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { roleResource, DATA_SCOPES } from '../../../shared/resources/system/role.ts';
import { id } from '../../../shared/validators/common.ts';
import { resourceRoutes } from '../../core/resource-routes.ts';
import { defineRoute, noData, type AnyRoute } from '../../core/route.ts';
import { pageOf, selectedRow } from '../../core/row-schema.ts';
import { inTransaction, opBase } from '../../core/operation.ts';
import { fail } from '../../core/errors.ts';
import { paging, table } from '../../core/envelope.ts';
import { likePattern } from '../../core/query.ts';
import { ADMIN_ROLE, type Actor } from '../../core/access.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { sysDept, sysMenu, sysRole, sysRoleDept, sysRoleMenu, sysUser, sysUserRole } from './schema.ts';
import { DataScope, userScope } from './data-scope.ts';
import { assertRolesGrantable, assertUsersWithin } from './power.ts';

type Row = Record<string, unknown>;
const EDIT = 'system:role:edit';

async function replaceLinks(tx: DbOrTx, roleId: number, menuIds?: number[], deptIds?: number[]) {
  if (menuIds) {
    await tx.delete(sysRoleMenu).where(eq(sysRoleMenu.roleId, roleId));
    if (menuIds.length) {
      const known = await tx.select({ id: sysMenu.menuId }).from(sysMenu).where(inArray(sysMenu.menuId, menuIds));
      if (known.length) await tx.insert(sysRoleMenu).values(known.map((m) => ({ roleId, menuId: m.id })));
    }
  }
  if (deptIds) {
    await tx.delete(sysRoleDept).where(eq(sysRoleDept.roleId, roleId));
    if (deptIds.length) {
      const known = await tx.select({ id: sysDept.deptId }).from(sysDept).where(inArray(sysDept.deptId, deptIds));
      if (known.length) await tx.insert(sysRoleDept).values(known.map((d) => ({ roleId, deptId: d.id })));
    }
  }
}

/** The admin role holds everything through its key; changing its key or status would lock everyone out. */
const guardAdmin = (existing: Row | undefined, values: Row) => {
  if (existing?.roleKey !== ADMIN_ROLE) return;
  if ((values.roleKey !== undefined && values.roleKey !== ADMIN_ROLE) || values.status === '1') throw fail('role.adminFixed');
};

// A role is changed only by someone holding all it carries, before the change and after it: nobody
// edits a role above them, nor widens one (their own included) beyond what they hold.
const crud = resourceRoutes(roleResource, sysRole, {
  async beforeSave({ tx, actor }, values, _mode, existing) {
    guardAdmin(existing, values);
    if (existing) await assertRolesGrantable(tx, actor, [existing.roleId as number]);
  },
  async afterSave({ tx, actor }, row, body) {
    const scope = row.dataScope as string;
    await replaceLinks(tx, row.roleId as number, body.menuIds as number[] | undefined, scope === DataScope.CUSTOM ? (body.deptIds as number[] | undefined) : []);
    await assertRolesGrantable(tx, actor, [row.roleId as number]);
  },
  async beforeRemove({ tx, actor }, rows) {
    if (rows.some((r) => r.roleKey === ADMIN_ROLE)) throw fail('role.adminFixed');
    await assertRolesGrantable(tx, actor, rows.map((r) => r.roleId as number));
    const [used] = await tx.select({ n: count() }).from(sysUserRole).where(inArray(sysUserRole.roleId, rows.map((r) => r.roleId as number)));
    if (Number(used?.n) > 0) throw fail('role.inUse');
  },
});

const roleIdParam = z.object({ roleId: id() });

async function requireRole(tx: DbOrTx, roleId: number) {
  const [role] = await tx.select().from(sysRole).where(eq(sysRole.roleId, roleId));
  if (!role) throw fail('resource.notFound');
  return role;
}

/** Handing out or taking back the administrator role is an administrator's act (as in the user form). */
function guardAdminGrant(role: { roleKey: string }, actor: Actor) {
  if (role.roleKey === ADMIN_ROLE && !actor.roles.includes(ADMIN_ROLE)) throw fail('user.adminGrant');
}

/**
 * The listed users, all within the actor's data scope (the same rows the authUser lists show).
 * Any other reads as "not found": nothing changes, nothing about the others is revealed.
 */
async function usersInScope(db: DbOrTx, actor: Actor, userIds: number[]): Promise<number[]> {
  const ids = [...new Set(userIds)];
  const found = await db.select({ id: sysUser.userId }).from(sysUser).where(and(inArray(sysUser.userId, ids), userScope(actor)));
  if (found.length !== ids.length) throw fail('resource.notFound');
  return ids;
}

/** A user as the lists of a role's holders show them. */
const HOLDER_PICK = { userId: sysUser.userId, userName: sysUser.userName, nickName: sysUser.nickName, email: sysUser.email, phoneNumber: sysUser.phoneNumber, status: sysUser.status, createTime: sysUser.createTime };

const extra: AnyRoute[] = [
  defineRoute({
    method: 'PUT',
    url: '/system/role/changeStatus',
    perm: EDIT,
    body: z.object({ roleId: id(), status: z.enum(['0', '1']) }),
    log: { title: 'oplog.role', type: 'UPDATE' },
    reply: noData,
    handler: (ctx) =>
      inTransaction(opBase(ctx), async ({ tx, actor }) => {
        const { body } = ctx;
        const role = await requireRole(tx, body.roleId);
        guardAdmin(role, { status: body.status });
        // Switching a role on hands its power to every holder; off takes it from them.
        await assertRolesGrantable(tx, actor, [role.roleId]);
        await tx.update(sysRole).set({ status: body.status, updateBy: actor.userName, updateTime: new Date() }).where(eq(sysRole.roleId, body.roleId));
      }),
  }),
  defineRoute({
    method: 'PUT',
    url: '/system/role/dataScope',
    perm: EDIT,
    body: z.object({ roleId: id(), dataScope: z.enum(DATA_SCOPES), deptIds: z.array(id()).max(5000).optional() }),
    log: { title: 'oplog.role', type: 'GRANT' },
    reply: noData,
    handler: (ctx) =>
      inTransaction(opBase(ctx), async ({ tx, actor }) => {
        const { body } = ctx;
        await requireRole(tx, body.roleId);
        await assertRolesGrantable(tx, actor, [body.roleId]);
        await tx.update(sysRole).set({ dataScope: body.dataScope, updateBy: actor.userName, updateTime: new Date() }).where(eq(sysRole.roleId, body.roleId));
        await replaceLinks(tx, body.roleId, undefined, body.dataScope === DataScope.CUSTOM ? (body.deptIds ?? []) : []);
        await assertRolesGrantable(tx, actor, [body.roleId]);
      }),
  }),
  defineRoute({
    method: 'GET',
    url: '/system/role/grants/:roleId',
    perm: 'system:role:view',
    params: roleIdParam,
    reply: z.object({ menuIds: z.array(z.int()), deptIds: z.array(z.int()) }),
    // What the role's edit form ticks: its menus and (custom scope) departments.
    handler: async ({ db, params }) => {
      await requireRole(db, params.roleId);
      const menus = await db.select({ id: sysRoleMenu.menuId }).from(sysRoleMenu).where(eq(sysRoleMenu.roleId, params.roleId));
      const depts = await db.select({ id: sysRoleDept.deptId }).from(sysRoleDept).where(eq(sysRoleDept.roleId, params.roleId));
      return { menuIds: menus.map((m) => m.id), deptIds: depts.map((d) => d.id) };
    },
  }),
  // Users of a role (/system/role-auth/user/:roleId): who has it, who could get it.
  ...(['allocatedList', 'unallocatedList'] as const).map((which) =>
    defineRoute({
      method: 'GET',
      url: `/system/role/authUser/${which}`,
      perm: EDIT,
      query: z.object({ roleId: id(), userName: z.string().optional(), phoneNumber: z.string().optional(), pageNum: z.string().optional(), pageSize: z.string().optional() }),
      reply: pageOf(selectedRow(HOLDER_PICK).extend({ createTime: z.string() })),
      handler: async ({ db, query, actor }) => {
        const roleId = query.roleId;
        const holders = db.select({ id: sysUserRole.userId }).from(sysUserRole).where(eq(sysUserRole.roleId, roleId));
        const where = and(
          which === 'allocatedList' ? inArray(sysUser.userId, holders) : notInArray(sysUser.userId, holders),
          query.userName ? sql`${sysUser.userName} ilike ${likePattern(query.userName)}` : undefined,
          query.phoneNumber ? sql`${sysUser.phoneNumber} ilike ${likePattern(query.phoneNumber)}` : undefined,
          userScope(actor),
        );
        const { limit, offset } = paging(query);
        const rows = await db
          .select(HOLDER_PICK)
          .from(sysUser).where(where).orderBy(asc(sysUser.userId)).limit(limit).offset(offset);
        const [total] = await db.select({ n: count() }).from(sysUser).where(where);
        return table(rows.map((r) => ({ ...r, createTime: formatDateTime(r.createTime) })), Number(total?.n ?? 0));
      },
    }),
  ),
  defineRoute({
    method: 'PUT',
    url: '/system/role/authUser/selectAll',
    perm: EDIT,
    body: z.object({ roleId: id(), userIds: z.array(id()).min(1).max(1000) }),
    log: { title: 'oplog.role', type: 'GRANT' },
    reply: noData,
    handler: (ctx) =>
      inTransaction(opBase(ctx), async ({ tx, actor }) => {
        const { body } = ctx;
        const role = await requireRole(tx, body.roleId);
        guardAdminGrant(role, actor);
        const users = await usersInScope(tx, actor, body.userIds);
        await assertRolesGrantable(tx, actor, [role.roleId]);
        await assertUsersWithin(tx, actor, users);
        await tx.insert(sysUserRole).values(users.map((userId) => ({ userId, roleId: body.roleId }))).onConflictDoNothing();
      }),
  }),
  defineRoute({
    method: 'PUT',
    url: '/system/role/authUser/cancelAll',
    perm: EDIT,
    body: z.object({ roleId: id(), userIds: z.array(id()).min(1).max(1000) }),
    log: { title: 'oplog.role', type: 'GRANT' },
    reply: noData,
    handler: (ctx) =>
      inTransaction(opBase(ctx), async ({ tx, actor }) => {
        const { body } = ctx;
        const role = await requireRole(tx, body.roleId);
        // Nobody takes the admin role from themselves: it would lock the last administrator out.
        if (role.roleKey === ADMIN_ROLE && body.userIds.includes(actor.userId)) throw fail('role.adminSelf');
        guardAdminGrant(role, actor);
        const users = await usersInScope(tx, actor, body.userIds);
        await assertRolesGrantable(tx, actor, [role.roleId]);
        await assertUsersWithin(tx, actor, users);
        await tx.delete(sysUserRole).where(and(eq(sysUserRole.roleId, body.roleId), inArray(sysUserRole.userId, users)));
      }),
  }),
];

export const roleRoutes: AnyRoute[] = [...crud, ...extra];
