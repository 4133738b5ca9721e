import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { Actor } from '../../core/access.ts';
import { fail, unauthorized } from '../../core/errors.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { checkPassword, DEFAULT_PASSWORD_POLICY, rulePattern, type PasswordOwner } from '../../../shared/validators/password-policy.ts';
import { hashPassword } from './password.ts';
import { sysSecurityConfig, sysUser } from './schema.ts';

/** dict EnableOrDisable: the one row with this status is the active config. */
export const SECURITY_ENABLED = '0';

type ConfigRow = typeof sysSecurityConfig.$inferSelect;

/** The rules while no config is enabled: 6–20 characters, no rule, never expires, no retry limit. */
export const DEFAULT_SECURITY: Omit<ConfigRow, 'configId' | 'createBy' | 'createTime' | 'updateBy' | 'updateTime' | 'remark'> = {
  status: SECURITY_ENABLED,
  passwordLenMin: DEFAULT_PASSWORD_POLICY.passwordLenMin,
  passwordLenMax: DEFAULT_PASSWORD_POLICY.passwordLenMax,
  passwordRule: DEFAULT_PASSWORD_POLICY.passwordRule,
  passwordSensitive: [],
  weakPasswords: '',
  passwordExpireSeconds: 0,
  passwordRetryLimit: 0,
  passwordRetryStrategy: 'NONE',
  passwordRetryLockSeconds: 0,
  forceModifyPwdAfterAdd: 'N',
  forceModifyPwdAfterReset: 'N',
};

export type SecuritySettings = typeof DEFAULT_SECURITY & Partial<Pick<ConfigRow, 'configId' | 'createBy' | 'createTime' | 'updateBy' | 'updateTime' | 'remark'>>;

/**
 * The enabled config, or the defaults when none is. Should two rows ever be enabled (a manual
 * edit), the oldest wins, so the answer is stable.
 */
export async function activeSecurity(db: DbOrTx): Promise<SecuritySettings> {
  const [row] = await db.select().from(sysSecurityConfig).where(eq(sysSecurityConfig.status, SECURITY_ENABLED)).orderBy(asc(sysSecurityConfig.configId)).limit(1);
  return row ?? { ...DEFAULT_SECURITY };
}

/**
 * A password that passes the enabled security config, hashed; throws the policy's message. Every
 * way a password is set (user creation, reset, import, registration, own change) goes through it.
 */
export async function acceptablePassword(security: SecuritySettings, password: string, owner: PasswordOwner): Promise<string> {
  const issue = checkPassword(password, security, owner);
  if (issue) throw fail(`validation:${issue.key}`, issue.params);
  return hashPassword(password);
}

/** isPasswordExpired: expiry on, and the last change (or the account's creation) older than it. */
export function passwordExpired(expireSeconds: number, changedAt: Date | null, createdAt: Date, now = new Date()): boolean {
  if (expireSeconds <= 0) return false;
  const since = changedAt ?? createdAt;
  return since.getTime() + expireSeconds * 1000 < now.getTime();
}

/** GET /system/security/config/check: what the console needs to demand a password change. */
export async function securityCheck(db: DbOrTx, actor: Actor, now = new Date()) {
  const settings = await activeSecurity(db);
  return userFlags(db, actor, settings, now);
}

async function userFlags(db: DbOrTx, actor: Actor, settings: SecuritySettings, now: Date) {
  const [u] = await db
    .select({ force: sysUser.forceModifyPassword, changed: sysUser.passwordModifyTime, created: sysUser.createTime })
    .from(sysUser)
    .where(eq(sysUser.userId, actor.userId));
  if (!u) throw unauthorized();
  return {
    isPasswordExpired: passwordExpired(settings.passwordExpireSeconds, u.changed, u.created, now),
    forceModifyPassword: u.force === 'Y',
  };
}

/**
 * GET /system/security/config/current: every field of the active config (dates formatted, the
 * rule's regex as passwordRulePattern) plus the signed-in user's two flags.
 */
export async function currentSecurity(db: DbOrTx, actor: Actor, now = new Date()) {
  const settings = await activeSecurity(db);
  const flags = await userFlags(db, actor, settings, now);
  const out: Record<string, unknown> = {
    ...settings,
    passwordRulePattern: rulePattern(settings.passwordRule),
    ...flags,
  };
  for (const key of ['createTime', 'updateTime'] as const) {
    if (settings[key]) out[key] = formatDateTime(settings[key]);
  }
  // ChestnutCMS leaves null fields out of replies.
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== null && v !== undefined));
}
