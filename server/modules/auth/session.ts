import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { sysMenu, sysRole, sysRoleMenu, sysSecurityConfig, sysUser, sysUserRole } from '../system/index.ts';
import { passwordExpired, SECURITY_ENABLED } from '../system/index.ts';
import { sysSession } from './schema.ts';
import { ADMIN_ROLE, ALL_PERMISSIONS, type Actor } from '../../core/access.ts';

/** How long a session lives without being used; each use slides it forward. */
export const SESSION_IDLE_SECONDS = 12 * 60 * 60;
/** Hard cap on a session's life, however active. */
export const SESSION_MAX_SECONDS = 7 * 24 * 60 * 60;
/** last_active is written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 60_000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface SessionMeta {
  ip: string;
  browser: string;
  os: string;
}

/** Opens a session and returns the opaque token the client keeps; only its hash is stored. */
export async function createSession(db: DbOrTx, userId: number, meta: SessionMeta): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  await db.insert(sysSession).values({
    tokenHash: hashToken(token),
    sessionId: randomBytes(12).toString('hex'),
    userId,
    loginTime: new Date(now),
    lastActive: new Date(now),
    expiresAt: new Date(now + SESSION_IDLE_SECONDS * 1000),
    ipaddr: meta.ip,
    browser: meta.browser,
    os: meta.os,
  });
  return token;
}

export async function revokeSession(db: DbOrTx, tokenHash: string): Promise<void> {
  await db.update(sysSession).set({ revokedAt: new Date() }).where(eq(sysSession.tokenHash, tokenHash));
}

/** Ends every live session of a user (disabled account, password reset, force logout). */
export async function revokeUserSessions(db: DbOrTx, userId: number): Promise<void> {
  await db.update(sysSession).set({ revokedAt: new Date() }).where(and(eq(sysSession.userId, userId), isNull(sysSession.revokedAt)));
}

/** Ends every live session of a user except the one making the request (own password change). */
export async function revokeOtherSessions(db: DbOrTx, userId: number, keepTokenHash: string): Promise<void> {
  await db
    .update(sysSession)
    .set({ revokedAt: new Date() })
    .where(and(eq(sysSession.userId, userId), isNull(sysSession.revokedAt), ne(sysSession.tokenHash, keepTokenHash)));
}

/** Role keys and menu permission keys a user holds through enabled roles. */
export async function loadGrants(db: DbOrTx, userId: number): Promise<Pick<Actor, 'roles' | 'permissions' | 'roleScopes'>> {
  const roleRows = await db
    .select({ roleId: sysRole.roleId, roleKey: sysRole.roleKey, dataScope: sysRole.dataScope })
    .from(sysUserRole)
    .innerJoin(sysRole, eq(sysRole.roleId, sysUserRole.roleId))
    .where(and(eq(sysUserRole.userId, userId), eq(sysRole.status, '0')));
  const roles = roleRows.map((r) => r.roleKey);
  const roleScopes = roleRows.map((r) => ({ roleId: r.roleId, dataScope: r.dataScope }));
  if (roles.includes(ADMIN_ROLE)) return { roles, permissions: new Set([ALL_PERMISSIONS]), roleScopes };
  const permissions = new Set<string>();
  if (roleRows.length) {
    const permRows = await db
      .selectDistinct({ perms: sysMenu.perms })
      .from(sysRoleMenu)
      .innerJoin(sysMenu, eq(sysMenu.menuId, sysRoleMenu.menuId))
      .where(and(sql`${sysRoleMenu.roleId} in ${roleRows.map((r) => r.roleId)}`, eq(sysMenu.status, '0')));
    for (const r of permRows) if (r.perms) for (const k of r.perms.split(',')) if (k.trim()) permissions.add(k.trim());
  }
  return { roles, permissions, roleScopes };
}

/** The actor behind a bearer token, or null when the token is unknown, revoked, expired or its user disabled. */
export async function resolveActor(db: Db, token: string): Promise<Actor | null> {
  return actorOfSession(db, hashToken(token));
}

/**
 * The actor of a live session by its token's hash (what sys_session keeps), or null when it is
 * revoked, expired or its user disabled: the bearer token's check, and a preview ticket's (which
 * names the session that minted it, cms/template/preview-tickets.ts).
 */
export async function actorOfSession(db: Db, tokenHash: string): Promise<Actor | null> {
  const now = new Date();
  const [row] = await db
    .select({
      sessionId: sysSession.sessionId,
      lastActive: sysSession.lastActive,
      loginTime: sysSession.loginTime,
      userId: sysUser.userId,
      userName: sysUser.userName,
      nickName: sysUser.nickName,
      deptId: sysUser.deptId,
      status: sysUser.status,
      forceModifyPassword: sysUser.forceModifyPassword,
      passwordChangedAt: sql<Date>`coalesce(${sysUser.passwordModifyTime}, ${sysUser.createTime})`.mapWith(sysUser.createTime),
      // The enabled config's expiry, in the same query (0 when none is enabled): see activeSecurity.
      expireSeconds: sql<number>`coalesce((select ${sysSecurityConfig.passwordExpireSeconds} from ${sysSecurityConfig} where ${sysSecurityConfig.status} = ${SECURITY_ENABLED} order by ${sysSecurityConfig.configId} limit 1), 0)`.mapWith(Number),
    })
    .from(sysSession)
    .innerJoin(sysUser, eq(sysUser.userId, sysSession.userId))
    .where(and(eq(sysSession.tokenHash, tokenHash), isNull(sysSession.revokedAt), gt(sysSession.expiresAt, now)));
  if (!row || row.status === '1') return null;
  if (now.getTime() - row.lastActive.getTime() > TOUCH_EVERY_MS) {
    const cap = row.loginTime.getTime() + SESSION_MAX_SECONDS * 1000;
    const expiresAt = new Date(Math.min(cap, now.getTime() + SESSION_IDLE_SECONDS * 1000));
    await db.update(sysSession).set({ lastActive: now, expiresAt }).where(eq(sysSession.tokenHash, tokenHash));
  }
  const { roles, permissions, roleScopes } = await loadGrants(db, row.userId);
  return {
    userId: row.userId,
    userName: row.userName,
    nickName: row.nickName,
    deptId: row.deptId,
    roles,
    permissions,
    roleScopes,
    sessionId: row.sessionId,
    tokenHash,
    passwordDemand: passwordExpired(row.expireSeconds, row.passwordChangedAt, row.passwordChangedAt, now) ? 'expired' : row.forceModifyPassword === 'Y' ? 'force' : null,
  };
}
