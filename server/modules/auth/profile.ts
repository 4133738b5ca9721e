import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../core/access.ts';
import { fail, unauthorized } from '../../core/errors.ts';
import type { ProfileBody, UpdatePasswordBody } from '../../../shared/validators/profile.ts';
import { loadUserInfo } from './user-info.ts';
import { verifyPassword } from '../system/index.ts';
import { revokeOtherSessions, revokeUserSessions } from './session.ts';
import { attemptFailed, clearAttempts, reachedLimit, reserveAttempt } from './attempts.ts';
import { sysPost, sysRole, sysUser, sysUserPost, sysUserRole } from '../system/index.ts';
import { acceptablePassword, activeSecurity } from '../system/index.ts';

/** The account center: the user's own record plus the names of their roles and posts. */
export async function getProfile(db: Db, actor: Actor) {
  const user = await loadUserInfo(db, actor.userId);
  const roles = await db
    .select({ name: sysRole.roleName })
    .from(sysUserRole)
    .innerJoin(sysRole, eq(sysRole.roleId, sysUserRole.roleId))
    .where(eq(sysUserRole.userId, actor.userId))
    .orderBy(sysRole.roleSort, sysRole.roleId);
  const posts = await db
    .select({ name: sysPost.postName })
    .from(sysUserPost)
    .innerJoin(sysPost, eq(sysPost.postId, sysUserPost.postId))
    .where(eq(sysUserPost.userId, actor.userId))
    .orderBy(sysPost.postSort, sysPost.postId);
  return { ...user, roleGroup: roles.map((r) => r.name).join(','), postGroup: posts.map((p) => p.name).join(',') };
}

/**
 * Saves the user's own nickname, email, phone number and gender. Email and phone number identify
 * a person, so neither may already belong to another account; empty clears them.
 */
export async function updateProfile(db: Db, actor: Actor, body: ProfileBody) {
  await db.transaction(async (tx) => {
    const others = ne(sysUser.userId, actor.userId);
    if (body.email) {
      const [taken] = await tx.select({ id: sysUser.userId }).from(sysUser).where(and(eq(sysUser.email, body.email), others));
      if (taken) throw fail('profile.emailExists', { email: body.email });
    }
    if (body.phoneNumber) {
      const [taken] = await tx.select({ id: sysUser.userId }).from(sysUser).where(and(eq(sysUser.phoneNumber, body.phoneNumber), others));
      if (taken) throw fail('profile.phoneExists', { phoneNumber: body.phoneNumber });
    }
    const set: Partial<typeof sysUser.$inferInsert> = { nickName: body.nickName, updateBy: actor.userName, updateTime: new Date() };
    if (body.email !== undefined) set.email = body.email || null;
    if (body.phoneNumber !== undefined) set.phoneNumber = body.phoneNumber || null;
    if (body.sex !== undefined) set.sex = body.sex;
    await tx.update(sysUser).set(set).where(eq(sysUser.userId, actor.userId));
  });
}

/**
 * Changes the user's own password after checking the old one. It also ends the forced change
 * (first login, reset) and signs out the user's other sessions, which may be the reason for the change.
 * A wrong old password counts against the security config's retry limit like a failed sign-in (the
 * same count): a stolen session cannot guess the password without limit, and the guess that
 * locks or disables the account also ends its sessions.
 */
export async function updatePassword(db: Db, actor: Actor, body: UpdatePasswordBody) {
  const [u] = await db
    .select({ password: sysUser.password, userName: sysUser.userName, nickName: sysUser.nickName, realName: sysUser.realName, email: sysUser.email, phoneNumber: sysUser.phoneNumber })
    .from(sysUser)
    .where(eq(sysUser.userId, actor.userId));
  if (!u) throw unauthorized();
  const security = await activeSecurity(db);
  const reserved = await reserveAttempt(db, u.userName, security);
  if (reserved.kind === 'locked') throw fail('login.locked');
  if (!(await verifyPassword(body.oldPassword, u.password))) {
    const error = await attemptFailed(db, u.userName, security, reserved, fail('profile.oldPasswordWrong'), 'guard.oldPasswordWrongRetries');
    if (reachedLimit(reserved)) await revokeUserSessions(db, actor.userId);
    throw error;
  }
  if (reserved.kind === 'reserved') await clearAttempts(db, u.userName);
  if (body.newPassword === body.oldPassword) throw fail('profile.samePassword');
  // The same check the account center ran before sending (shared module), against the enabled config.
  const password = await acceptablePassword(security, body.newPassword, u);
  await db.transaction(async (tx) => {
    const now = new Date();
    await tx
      .update(sysUser)
      .set({ password, passwordModifyTime: now, forceModifyPassword: 'N', updateBy: actor.userName, updateTime: now })
      .where(eq(sysUser.userId, actor.userId));
    await revokeOtherSessions(tx, actor.userId, actor.tokenHash);
  });
}
