import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { z } from 'zod';
import { BUILT_IN_ADMIN_ID, userResource } from '../../../shared/resources/system/user.ts';
import { id } from '../../../shared/validators/common.ts';
import type { PasswordOwner } from '../../../shared/validators/password-policy.ts';
import { type ResourceHooks } from '../../core/resource.ts';
import { resourceRoutes } from '../../core/resource-routes.ts';
import { defineRoute, noData, type AnyRoute } from '../../core/route.ts';
import { rowSchemaOf, selectedRow } from '../../core/row-schema.ts';
import { inTransaction, opBase } from '../../core/operation.ts';
import { fail } from '../../core/errors.ts';
import { ADMIN_ROLE, type Actor } from '../../core/access.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { sameUserName } from './user-name.ts';
import { sysDept, sysPost, sysRole, sysUser, sysUserPost, sysUserRole } from './schema.ts';
import { deptAndBelow, deptScope, userScope } from './data-scope.ts';
import { acceptablePassword, activeSecurity } from './security.ts';
import { userImportRoutes } from './user-import.ts';
import { assertRolesGrantable, assertUsersWithin, grantableRoles } from './power.ts';

type Row = Record<string, unknown>;

async function assertDeptInScope(tx: DbOrTx, actor: Actor, deptId: number) {
  const [dept] = await tx.select({ id: sysDept.deptId }).from(sysDept).where(and(eq(sysDept.deptId, deptId), deptScope(actor)));
  if (!dept) throw fail('user.deptOutOfScope');
}

async function replaceGrants(tx: DbOrTx, actor: Actor, userId: number, roleIds?: number[], postIds?: number[]) {
  if (roleIds) {
    const roles = roleIds.length ? await tx.select({ id: sysRole.roleId, key: sysRole.roleKey }).from(sysRole).where(inArray(sysRole.roleId, roleIds)) : [];
    // Granting the administrator role is itself an administrator's act: no escalation through user edit.
    if (roles.some((r) => r.key === ADMIN_ROLE) && !actor.roles.includes(ADMIN_ROLE)) throw fail('user.adminGrant');
    if (userId === BUILT_IN_ADMIN_ID && !roles.some((r) => r.key === ADMIN_ROLE)) throw fail('user.builtInAdmin');
    // Roles the user keeps are no new grant; each one added must be within the actor's power.
    const held = new Set((await tx.select({ id: sysUserRole.roleId }).from(sysUserRole).where(eq(sysUserRole.userId, userId))).map((r) => r.id));
    await assertRolesGrantable(tx, actor, roles.map((r) => r.id).filter((id) => !held.has(id)));
    await tx.delete(sysUserRole).where(eq(sysUserRole.userId, userId));
    if (roles.length) await tx.insert(sysUserRole).values(roles.map((r) => ({ userId, roleId: r.id })));
  }
  if (postIds) {
    const posts = postIds.length ? await tx.select({ id: sysPost.postId }).from(sysPost).where(inArray(sysPost.postId, postIds)) : [];
    await tx.delete(sysUserPost).where(eq(sysUserPost.userId, userId));
    if (posts.length) await tx.insert(sysUserPost).values(posts.map((p) => ({ userId, postId: p.id })));
  }
}

const hooks: ResourceHooks = {
  access: { '*': (op) => userScope(op.actor) },
  // The department filter includes the departments below the one picked in the tree.
  filters: { deptId: (value) => (/^\d+$/.test(value) ? deptAndBelow(sysUser.deptId, Number(value)) : undefined) },
  async beforeSave(op, values, mode, existing) {
    const { tx, actor } = op;
    // Nobody changes a user who holds more than they do (the stored row decides, not the body).
    if (existing) await assertUsersWithin(tx, actor, [existing.userId as number]);
    if (values.deptId !== undefined) await assertDeptInScope(tx, actor, values.deptId as number);
    if (mode === 'create') {
      // The definition's unique check compares exactly; sign-in ignores case, so uniqueness must too.
      const [taken] = await tx.select({ name: sysUser.userName }).from(sysUser).where(sameUserName(String(values.userName ?? '')));
      if (taken) throw fail('resource.exists', { field: op.services.i18n.fieldLabel(op.locale, 'userName'), value: taken.name });
      const security = await activeSecurity(tx);
      values.password = await acceptablePassword(security, values.password as string, values as PasswordOwner);
      values.passwordModifyTime = new Date();
      values.forceModifyPassword = security.forceModifyPwdAfterAdd === 'Y' ? 'Y' : 'N';
    } else if (existing?.userId === BUILT_IN_ADMIN_ID && values.status === '1') {
      throw fail('user.builtInAdmin');
    }
    if (values.email === '') values.email = null;
    if (values.phoneNumber === '') values.phoneNumber = null;
  },
  async afterSave({ tx, actor, services }, row, body, mode) {
    await replaceGrants(tx, actor, row.userId as number, body.roleIds as number[] | undefined, body.postIds as number[] | undefined);
    if (mode === 'update' && row.status === '1') await services.accounts.revokeUserSessions(tx, row.userId as number);
  },
  async beforeRemove(op, rows) {
    if (rows.some((r) => r.userId === BUILT_IN_ADMIN_ID)) throw fail('user.builtInAdmin');
    if (rows.some((r) => r.userId === op.actor.userId)) throw fail('user.removeSelf');
    await assertUsersWithin(op.tx, op.actor, rows.map((r) => r.userId as number));
  },
  presentRows: (rows, op) => presentUsers(op.tx, rows),
  // The preferences are the user's own (GET /system/user/preference): never in another's row.
  reply: rowSchemaOf(sysUser, userResource).omit({ preferences: true }).extend({ deptName: z.string().optional() }),
};

/** Rows for replies: secrets left out, each with its department's name (one query for the page). */
export async function presentUsers(db: DbOrTx, rows: Row[]): Promise<Row[]> {
  const deptIds = [...new Set(rows.map((r) => r.deptId as number | null).filter((id): id is number => !!id))];
  const depts = deptIds.length ? await db.select({ id: sysDept.deptId, name: sysDept.deptName }).from(sysDept).where(inArray(sysDept.deptId, deptIds)) : [];
  const names = new Map(depts.map((d) => [d.id, d.name]));
  return rows.map(({ password: _secret, preferences: _prefs, ...rest }) => ({ ...rest, deptName: names.get(rest.deptId as number) }));
}

async function loadInScope(db: DbOrTx, actor: Actor, userId: number) {
  const [u] = await db.select().from(sysUser).where(and(eq(sysUser.userId, userId), userScope(actor)));
  if (!u) throw fail('resource.notFound');
  return u;
}

const DEPT_PICK = { deptId: sysDept.deptId, parentId: sysDept.parentId, deptName: sysDept.deptName, status: sysDept.status };

const extra: AnyRoute[] = [
  defineRoute({
    method: 'PUT',
    url: '/system/user/resetPwd',
    perm: 'system:user:resetPwd',
    body: z.object({ userId: id(), password: z.string().min(1).max(128) }),
    log: { title: 'oplog.user', type: 'UPDATE' },
    reply: noData,
    handler: (ctx) =>
      inTransaction(opBase(ctx), async ({ tx, actor, services }) => {
        const { body } = ctx;
        const u = await loadInScope(tx, actor, body.userId);
        await assertUsersWithin(tx, actor, [u.userId]);
        const security = await activeSecurity(tx);
        const password = await acceptablePassword(security, body.password, u);
        await tx.update(sysUser).set({
          password,
          passwordModifyTime: new Date(),
          forceModifyPassword: security.forceModifyPwdAfterReset === 'Y' ? 'Y' : 'N',
          updateBy: actor.userName,
          updateTime: new Date(),
        }).where(eq(sysUser.userId, u.userId));
        // A new password starts a new count of wrong guesses and lifts a retry lock.
        await services.accounts.clearAttempts(tx, u.userName);
        // Whoever knew the old password is out.
        if (u.userId !== actor.userId) await services.accounts.revokeUserSessions(tx, u.userId);
      }),
  }),
  defineRoute({
    method: 'PUT',
    url: '/system/user/changeStatus',
    perm: 'system:user:edit',
    body: z.object({ userId: id(), status: z.enum(['0', '1']) }),
    log: { title: 'oplog.user', type: 'UPDATE' },
    reply: noData,
    handler: (ctx) =>
      inTransaction(opBase(ctx), async ({ tx, actor, services }) => {
        const { body } = ctx;
        const u = await loadInScope(tx, actor, body.userId);
        if (u.userId === BUILT_IN_ADMIN_ID && body.status === '1') throw fail('user.builtInAdmin');
        if (u.userId === actor.userId && body.status === '1') throw fail('user.disableSelf');
        await assertUsersWithin(tx, actor, [u.userId]);
        await tx.update(sysUser).set({ status: body.status, updateBy: actor.userName, updateTime: new Date() }).where(eq(sysUser.userId, u.userId));
        if (body.status === '1') await services.accounts.revokeUserSessions(tx, u.userId);
      }),
  }),
  defineRoute({
    method: 'GET',
    url: '/system/user/deptTree',
    perm: 'system:user:view',
    // The departments the actor may pick from: flat rows, the console builds the tree.
    reply: z.array(selectedRow(DEPT_PICK)),
    handler: async ({ db, actor }) =>
      db.select(DEPT_PICK)
        .from(sysDept).where(deptScope(actor)).orderBy(asc(sysDept.parentId), asc(sysDept.orderNum)),
  }),
  defineRoute({
    method: 'GET',
    url: '/system/user/grants/:userId',
    perm: 'system:user:view',
    params: z.object({ userId: id() }),
    reply: z.object({
      roles: z.array(selectedRow({ roleId: sysRole.roleId, roleName: sysRole.roleName, roleKey: sysRole.roleKey })),
      posts: z.array(selectedRow({ postId: sysPost.postId, postName: sysPost.postName })),
      roleIds: z.array(z.int()),
      postIds: z.array(z.int()),
    }),
    // What the user form offers and ticks: enabled roles (admin only for admins) and posts.
    handler: async ({ db, params, actor }) => {
      const userId = params.userId;
      if (userId) await loadInScope(db, actor, userId);
      const enabled = await db.select({ roleId: sysRole.roleId, roleName: sysRole.roleName, roleKey: sysRole.roleKey }).from(sysRole)
        .where(and(eq(sysRole.status, '0'), actor.roles.includes(ADMIN_ROLE) ? undefined : ne(sysRole.roleKey, ADMIN_ROLE))).orderBy(asc(sysRole.roleSort));
      const posts = await db.select({ postId: sysPost.postId, postName: sysPost.postName }).from(sysPost).where(eq(sysPost.status, '0')).orderBy(asc(sysPost.postSort));
      const roleIds = userId ? (await db.select({ id: sysUserRole.roleId }).from(sysUserRole).where(eq(sysUserRole.userId, userId))).map((r) => r.id) : [];
      // Roles the actor could grant, and those the user already holds (kept on save, so not lost).
      const grantable = new Set((await grantableRoles(db, actor, enabled)).map((r) => r.roleId));
      const roles = enabled.filter((r) => grantable.has(r.roleId) || roleIds.includes(r.roleId));
      const postIds = userId ? (await db.select({ id: sysUserPost.postId }).from(sysUserPost).where(eq(sysUserPost.userId, userId))).map((p) => p.id) : [];
      return { roles, posts, roleIds, postIds };
    },
  }),
];

export const userRoutes: AnyRoute[] = [...resourceRoutes(userResource, sysUser, hooks), ...extra, ...userImportRoutes];
