// Test-only helpers: users and roles created straight in the database, so API tests do not depend
// on what the seed ships (and keep working when it changes).
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sysMenu, sysRole, sysRoleMenu, sysUser, sysUserRole } from '../system/schema.ts';
import { hashPassword } from '../system/password.ts';
import { sysLoginAttempt } from './schema.ts';

/** The role with this key, created (enabled, no menus) when the seed has not shipped it. */
export async function ensureRole(db: Db, roleKey: string): Promise<number> {
  const [found] = await db.select({ id: sysRole.roleId }).from(sysRole).where(eq(sysRole.roleKey, roleKey));
  if (found) return found.id;
  const [row] = await db.insert(sysRole).values({ roleName: roleKey, roleKey }).returning({ id: sysRole.roleId });
  return row!.id;
}

/** Grants a role a permission key through a button menu row (how grants work in production). */
export async function grantPermission(db: Db, roleKey: string, perms: string): Promise<void> {
  const roleId = await ensureRole(db, roleKey);
  const [menu] = await db.insert(sysMenu).values({ menuName: perms, menuType: 'F', perms }).returning({ id: sysMenu.menuId });
  await db.insert(sysRoleMenu).values({ roleId, menuId: menu!.id });
}

export interface TestUser {
  userId: number;
  userName: string;
  password: string;
}

/** A user holding the given role keys; status '0' normal, '1' disabled, '2' locked. */
export async function createUser(
  db: Db,
  userName: string,
  opts: { password?: string; roles?: string[]; status?: '0' | '1' | '2'; lockEndTime?: Date; nickName?: string } = {},
): Promise<TestUser> {
  const password = opts.password ?? 'Secret123';
  const [u] = await db
    .insert(sysUser)
    .values({ userName, nickName: opts.nickName ?? userName, password: await hashPassword(password), status: opts.status ?? '0' })
    .returning({ userId: sysUser.userId });
  // A retry lock running until then (as the security config's retry limit sets one).
  if (opts.lockEndTime) await db.insert(sysLoginAttempt).values({ nameKey: userName.toLowerCase(), failCount: 0, lockEndTime: opts.lockEndTime });
  for (const key of opts.roles ?? []) await db.insert(sysUserRole).values({ userId: u!.userId, roleId: await ensureRole(db, key) });
  return { userId: u!.userId, userName, password };
}
