import { eq } from 'drizzle-orm';
import { securityCheck } from '../system/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { ADMIN_ROLE, ALL_PERMISSIONS, type Actor } from '../../core/access.ts';
import { unauthorized } from '../../core/errors.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { sysDept, sysUser } from '../system/index.ts';

/** Where uploaded files are served from (ChestnutCMS: avatarSrc = "/profile/" + avatar). */
const RESOURCE_PREFIX = '/profile/';

/**
 * The signed-in user as the console sees it. Columns are listed one by one on purpose: the
 * password hash (and the lock bookkeeping) must never be selected into a reply.
 */
const userColumns = {
  userId: sysUser.userId,
  deptId: sysUser.deptId,
  deptName: sysDept.deptName,
  userName: sysUser.userName,
  nickName: sysUser.nickName,
  email: sysUser.email,
  phoneNumber: sysUser.phoneNumber,
  sex: sysUser.sex,
  avatar: sysUser.avatar,
  status: sysUser.status,
  loginIp: sysUser.loginIp,
  loginDate: sysUser.loginDate,
  prevLoginIp: sysUser.prevLoginIp,
  prevLoginDate: sysUser.prevLoginDate,
  passwordModifyTime: sysUser.passwordModifyTime,
  forceModifyPassword: sysUser.forceModifyPassword,
  createTime: sysUser.createTime,
};

export interface UserInfo {
  userId: number;
  deptId?: number;
  deptName?: string;
  userName: string;
  nickName: string;
  email?: string;
  phoneNumber?: string;
  sex: string;
  avatar?: string;
  avatarSrc?: string;
  status: string;
  loginIp?: string;
  loginDate?: string;
  prevLoginIp?: string;
  prevLoginDate?: string;
  passwordModifyTime?: string;
  forceModifyPassword: string;
  createTime: string;
}

/** Drops null, undefined and '' (ChestnutCMS leaves null fields out of every reply). */
function compact<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined && v !== '')) as T;
}

export const avatarSrc = (avatar: string | null | undefined) =>
  !avatar ? undefined : /^(https?:)?\/\//.test(avatar) || avatar.startsWith('/') ? avatar : RESOURCE_PREFIX + avatar;

/** The user's own record, dates as 'yyyy-MM-dd HH:mm:ss'. A vanished user ends the session (401). */
export async function loadUserInfo(db: DbOrTx, userId: number): Promise<UserInfo> {
  const [u] = await db.select(userColumns).from(sysUser).leftJoin(sysDept, eq(sysDept.deptId, sysUser.deptId)).where(eq(sysUser.userId, userId));
  if (!u) throw unauthorized();
  return compact({
    ...u,
    avatarSrc: avatarSrc(u.avatar),
    loginDate: formatDateTime(u.loginDate),
    prevLoginDate: formatDateTime(u.prevLoginDate),
    passwordModifyTime: formatDateTime(u.passwordModifyTime),
    createTime: formatDateTime(u.createTime),
  }) as UserInfo;
}

/** `/getInfo`: the user, their role keys (ROLE_DEFAULT when none) and permission keys (`*` for admin). */
export async function getInfo(db: DbOrTx, actor: Actor) {
  const user = await loadUserInfo(db, actor.userId);
  const isAdmin = actor.roles.includes(ADMIN_ROLE) || actor.permissions.has(ALL_PERMISSIONS);
  // The console demands a change (undismissable) when the password is forced or has expired.
  const { isPasswordExpired } = await securityCheck(db, actor);
  return {
    user: { ...user, isPasswordExpired },
    roles: actor.roles.length ? [...actor.roles] : ['ROLE_DEFAULT'],
    permissions: isAdmin ? [ALL_PERMISSIONS] : [...actor.permissions].sort(),
  };
}
