import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { z } from 'zod';
import { BUILT_IN_ADMIN_ID, userResource } from '../../../src/lib/resources/system/user.ts';
import { id } from '../../../src/lib/validators/common.ts';
import { checkPassword } from '../../../src/lib/validators/password-policy.ts';
import { resourceRoutes, type ResourceHooks } from '../../core/resource.ts';
import { defineRoute, type AnyRoute } from '../../core/route.ts';
import { fail } from '../../core/errors.ts';
import { ADMIN_ROLE, type Actor } from '../../core/access.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { hashPassword } from '../auth/password.ts';
import { revokeUserSessions } from '../auth/session.ts';
import { sysDept, sysPost, sysRole, sysUser, sysUserPost, sysUserRole } from './schema.ts';
import { deptAndBelow, deptScope, userScope } from './data-scope.ts';
import { activeSecurity, type SecuritySettings } from './security.ts';
import { userImportRoutes } from './user-import.ts';

type Row = Record<string, unknown>;

/** A password that passes the enabled security config, hashed; throws the policy's message. */
async function acceptablePassword(security: SecuritySettings, password: string, owner: Row): Promise<string> {
  const issue = checkPassword(password, security, owner);
  if (issue) throw fail(`validation:${issue.key}`, issue.params);
  return hashPassword(password);
}

async function assertDeptInScope(tx: Tx, actor: Actor, deptId: number) {
  const [dept] = await tx.select({ id: sysDept.deptId }).from(sysDept).where(and(eq(sysDept.deptId, deptId), await deptScope(tx, actor)));
  if (!dept) throw fail('user.deptOutOfScope');
}

async function replaceGrants(tx: Tx, actor: Actor, userId: number, roleIds?: number[], postIds?: number[]) {
  if (roleIds) {
    const roles = roleIds.length ? await tx.select({ id: sysRole.roleId, key: sysRole.roleKey }).from(sysRole).where(inArray(sysRole.roleId, roleIds)) : [];
    // Granting the administrator role is itself an administrator's act: no escalation through user edit.
    if (roles.some((r) => r.key === ADMIN_ROLE) && !actor.roles.includes(ADMIN_ROLE)) throw fail('user.adminGrant');
    if (userId === BUILT_IN_ADMIN_ID && !roles.some((r) => r.key === ADMIN_ROLE)) throw fail('user.builtInAdmin');
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
  scope: (ctx) => userScope(ctx.db, ctx.actor),
  // The department filter includes the departments below the one picked in the tree.
  filters: { deptId: (value) => (/^\d+$/.test(value) ? deptAndBelow(sysUser.deptId, Number(value)) : undefined) },
  async beforeSave(ctx, values, mode, tx, existing) {
    if (values.deptId !== undefined) await assertDeptInScope(tx, ctx.actor, values.deptId as number);
    if (mode === 'create') {
      const security = await activeSecurity(tx);
      values.password = await acceptablePassword(security, values.password as string, values);
      values.passwordModifyTime = new Date();
      values.forceModifyPassword = security.forceModifyPwdAfterAdd === 'Y' ? 'Y' : 'N';
    } else if (existing?.userId === BUILT_IN_ADMIN_ID && values.status === '1') {
      throw fail('user.builtInAdmin');
    }
    if (values.email === '') values.email = null;
    if (values.phoneNumber === '') values.phoneNumber = null;
  },
  async afterSave(ctx, row, body, mode, tx) {
    await replaceGrants(tx, ctx.actor, row.userId as number, body.roleIds as number[] | undefined, body.postIds as number[] | undefined);
    if (mode === 'update' && row.status === '1') await revokeUserSessions(tx, row.userId as number);
  },
  beforeRemove(ctx, rows) {
    if (rows.some((r) => r.userId === BUILT_IN_ADMIN_ID)) throw fail('user.builtInAdmin');
    if (rows.some((r) => r.userId === ctx.actor.userId)) throw fail('user.removeSelf');
  },
  presentRows: (rows, ctx) => presentUsers(ctx.db, rows),
};

/** Rows for replies: secrets left out, each with its department's name (one query for the page). */
export async function presentUsers(db: DbOrTx, rows: Row[]): Promise<Row[]> {
  const deptIds = [...new Set(rows.map((r) => r.deptId as number | null).filter((id): id is number => !!id))];
  const depts = deptIds.length ? await db.select({ id: sysDept.deptId, name: sysDept.deptName }).from(sysDept).where(inArray(sysDept.deptId, deptIds)) : [];
  const names = new Map(depts.map((d) => [d.id, d.name]));
  return rows.map(({ password: _secret, preferences: _prefs, loginFailCount: _f, ...rest }) => ({ ...rest, deptName: names.get(rest.deptId as number) }));
}

async function loadInScope(db: DbOrTx, actor: Actor, userId: number) {
  const [u] = await db.select().from(sysUser).where(and(eq(sysUser.userId, userId), await userScope(db, actor)));
  if (!u) throw fail('resource.notFound');
  return u;
}

const extra: AnyRoute[] = [
  defineRoute({
    method: 'PUT',
    url: '/system/user/resetPwd',
    perm: 'system:user:resetPwd',
    body: z.object({ userId: id(), password: z.string().min(1).max(128) }),
    log: { title: 'oplog.user', type: 'UPDATE' },
    handler: async ({ db, body, actor }) => {
      const u = await loadInScope(db, actor!, body.userId);
      const security = await activeSecurity(db);
      const password = await acceptablePassword(security, body.password, u);
      await db.transaction(async (tx) => {
        await tx.update(sysUser).set({
          password,
          passwordModifyTime: new Date(),
          forceModifyPassword: security.forceModifyPwdAfterReset === 'Y' ? 'Y' : 'N',
          loginFailCount: 0,
          updateBy: actor!.userName,
          updateTime: new Date(),
        }).where(eq(sysUser.userId, u.userId));
        // Whoever knew the old password is out.
        if (u.userId !== actor!.userId) await revokeUserSessions(tx, u.userId);
      });
    },
  }),
  defineRoute({
    method: 'PUT',
    url: '/system/user/changeStatus',
    perm: 'system:user:edit',
    body: z.object({ userId: id(), status: z.enum(['0', '1']) }),
    log: { title: 'oplog.user', type: 'UPDATE' },
    handler: async ({ db, body, actor }) => {
      const u = await loadInScope(db, actor!, body.userId);
      if (u.userId === BUILT_IN_ADMIN_ID && body.status === '1') throw fail('user.builtInAdmin');
      if (u.userId === actor!.userId && body.status === '1') throw fail('user.disableSelf');
      await db.transaction(async (tx) => {
        await tx.update(sysUser).set({ status: body.status, updateBy: actor!.userName, updateTime: new Date() }).where(eq(sysUser.userId, u.userId));
        if (body.status === '1') await revokeUserSessions(tx, u.userId);
      });
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/system/user/deptTree',
    perm: 'system:user:view',
    // The departments the actor may pick from: flat rows, the console builds the tree.
    handler: async ({ db, actor }) =>
      db.select({ deptId: sysDept.deptId, parentId: sysDept.parentId, deptName: sysDept.deptName, status: sysDept.status })
        .from(sysDept).where(await deptScope(db, actor!)).orderBy(asc(sysDept.parentId), asc(sysDept.orderNum)),
  }),
  defineRoute({
    method: 'GET',
    url: '/system/user/grants/:userId',
    perm: 'system:user:view',
    params: z.object({ userId: z.string().regex(/^\d+$/).transform(Number) }),
    // What the user form offers and ticks: enabled roles (admin only for admins) and posts.
    handler: async ({ db, params, actor }) => {
      const userId = params.userId;
      if (userId) await loadInScope(db, actor!, userId);
      const roles = await db.select({ roleId: sysRole.roleId, roleName: sysRole.roleName, roleKey: sysRole.roleKey }).from(sysRole)
        .where(and(eq(sysRole.status, '0'), actor!.roles.includes(ADMIN_ROLE) ? undefined : ne(sysRole.roleKey, ADMIN_ROLE))).orderBy(asc(sysRole.roleSort));
      const posts = await db.select({ postId: sysPost.postId, postName: sysPost.postName }).from(sysPost).where(eq(sysPost.status, '0')).orderBy(asc(sysPost.postSort));
      const roleIds = userId ? (await db.select({ id: sysUserRole.roleId }).from(sysUserRole).where(eq(sysUserRole.userId, userId))).map((r) => r.id) : [];
      const postIds = userId ? (await db.select({ id: sysUserPost.postId }).from(sysUserPost).where(eq(sysUserPost.userId, userId))).map((p) => p.id) : [];
      return { roles, posts, roleIds, postIds };
    },
  }),
];

export const userRoutes: AnyRoute[] = [...resourceRoutes(userResource, sysUser, hooks), ...extra, ...userImportRoutes];
