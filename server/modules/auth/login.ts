import { activeSecurity } from '../system/security.ts';
import { eq, sql } from 'drizzle-orm';
import type { Services } from '../../core/services.ts';
import type { Actor } from '../../core/access.ts';
import { AppError, fail } from '../../core/errors.ts';
import { clientInfo } from '../../core/client-info.ts';
import { DEFAULT_LOCALE } from '../../../src/lib/i18n/locales.ts';
import type { LoginBody, RegisterBody } from '../../../src/lib/validators/auth.ts';
import { sysUser } from '../system/schema.ts';
import { recordLogin } from '../monitor/loginlog.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { createSession, revokeSession } from './session.ts';
import { checkCaptcha } from './captcha.ts';

/** Who is knocking: the address and User-Agent the login log and the session record. */
export interface Client {
  ip: string;
  userAgent: string | undefined;
}

// An unknown user name still costs one hash check, so response time does not reveal which names exist.
let dummyHash: Promise<string> | undefined;
const burnHashTime = async (plain: string) => {
  dummyHash ??= hashPassword('castanea-dummy-password');
  await verifyPassword(plain, await dummyHash);
};

/**
 * Login-log messages are written in zh-CN (the default language) whatever the request's language,
 * so the log reads consistently; the reply itself is translated per request by the pipeline.
 */
const logText = (services: Services, err: unknown) => {
  const t = services.i18n.translator(DEFAULT_LOCALE);
  return err instanceof AppError ? t(err.key, err.params) : t('internal');
};

async function logAttempt(services: Services, userName: string, client: Client, outcome: { ok: true; key: string } | { ok: false; err: unknown }) {
  const msg = outcome.ok ? services.i18n.translator(DEFAULT_LOCALE)(outcome.key) : logText(services, outcome.err);
  // The log must never turn a sign-in result into a different error.
  await recordLogin(services.db, { userName, ip: client.ip, userAgent: client.userAgent, status: outcome.ok ? '0' : '1', msg }).catch(() => {});
}

/**
 * A wrong password, under the enabled security config (spec §3): after `passwordRetryLimit`
 * failures in a row (0 = unlimited) the account is locked for `passwordRetryLockSeconds` (LOCK)
 * or disabled (DISABLE). Returns the error to throw, which says what happened.
 */
async function countFailure(services: Services, userId: number, now: Date) {
  const db = services.db;
  const [row] = await db
    .update(sysUser)
    .set({ loginFailCount: sql`${sysUser.loginFailCount} + 1` })
    .where(eq(sysUser.userId, userId))
    .returning({ count: sysUser.loginFailCount });
  const policy = await activeSecurity(db);
  const limit = policy.passwordRetryLimit;
  const count = row?.count ?? 0;
  if (limit <= 0 || policy.passwordRetryStrategy === 'NONE') return fail('login.failed');
  if (count < limit) return fail('login.failedRetries', { left: limit - count });
  if (policy.passwordRetryStrategy === 'DISABLE') {
    await db.update(sysUser).set({ status: '1', loginFailCount: 0 }).where(eq(sysUser.userId, userId));
    return fail('login.disabledByRetry', { limit });
  }
  const seconds = policy.passwordRetryLockSeconds;
  await db.update(sysUser).set({ lockEndTime: new Date(now.getTime() + seconds * 1000), loginFailCount: 0 }).where(eq(sysUser.userId, userId));
  return fail('login.lockedFor', { limit, minutes: Math.max(1, Math.ceil(seconds / 60)) });
}

/** Checks the credentials and opens a session; returns the bearer token. Every attempt is logged. */
export async function login(services: Services, body: LoginBody, client: Client): Promise<string> {
  const db = services.db;
  try {
    if (await services.captchaEnabled()) await checkCaptcha(db, body.code, body.uuid);
    const [u] = await db
      .select({ userId: sysUser.userId, password: sysUser.password, status: sysUser.status, lockEndTime: sysUser.lockEndTime })
      .from(sysUser)
      .where(eq(sysUser.userName, body.username));
    if (!u) {
      await burnHashTime(body.password);
      throw fail('login.failed');
    }
    const now = new Date();
    // A lock stops guessing, so it is reported before the password is even looked at.
    if (u.status === '2' || (u.lockEndTime && u.lockEndTime.getTime() > now.getTime())) throw fail('login.locked');
    if (!(await verifyPassword(body.password, u.password))) throw await countFailure(services, u.userId, now);
    // Only someone who knows the password learns that the account is disabled.
    if (u.status === '1') throw fail('login.disabled');
    const { browser, os } = clientInfo(client.userAgent);
    const token = await db.transaction(async (tx) => {
      // In an UPDATE the right-hand sides read the row as it was, so the old values move across.
      await tx
        .update(sysUser)
        .set({
          prevLoginIp: sql`${sysUser.loginIp}`,
          prevLoginDate: sql`${sysUser.loginDate}`,
          loginIp: client.ip,
          loginDate: now,
          loginFailCount: 0,
        })
        .where(eq(sysUser.userId, u.userId));
      return createSession(tx, u.userId, { ip: client.ip, browser, os });
    });
    await logAttempt(services, body.username, client, { ok: true, key: 'login.success' });
    return token;
  } catch (err) {
    await logAttempt(services, body.username, client, { ok: false, err });
    throw err;
  }
}

const isUniqueViolation = (err: unknown): boolean => {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
};

/** Self-registration (config sys.account.registerUser = 'true'): a plain user with no roles or department. */
export async function register(services: Services, body: RegisterBody, client: Client): Promise<void> {
  const db = services.db;
  if ((await services.configValue('sys.account.registerUser')) !== 'true') throw fail('register.disabled');
  if (await services.captchaEnabled()) await checkCaptcha(db, body.code, body.uuid);
  const userName = body.username;
  const password = await hashPassword(body.password);
  try {
    await db.transaction(async (tx) => {
      const [taken] = await tx.select({ id: sysUser.userId }).from(sysUser).where(eq(sysUser.userName, userName));
      if (taken) throw fail('register.userExists', { userName });
      await tx.insert(sysUser).values({ userName, nickName: userName, password, passwordModifyTime: new Date(), createBy: userName });
    });
  } catch (err) {
    // Two registrations racing for one name: the unique index decides, the message stays the same.
    if (isUniqueViolation(err)) throw fail('register.userExists', { userName });
    throw err;
  }
  await logAttempt(services, userName, client, { ok: true, key: 'register.success' });
}

/** Ends the caller's session. Without one (already signed out, expired token) there is nothing to do. */
export async function logout(services: Services, actor: Actor | null, client: Client): Promise<void> {
  if (!actor) return;
  await revokeSession(services.db, actor.tokenHash);
  await logAttempt(services, actor.userName, client, { ok: true, key: 'login.logout' });
}

/** Lifts a retry lock (and the failure count) so the account can sign in again at once. */
export async function unlockAccount(db: Services['db'], userName: string): Promise<void> {
  const done = await db
    .update(sysUser)
    .set({ lockEndTime: null, loginFailCount: 0, status: sql`case when ${sysUser.status} = '2' then '0' else ${sysUser.status} end` })
    .where(eq(sysUser.userName, userName))
    .returning({ id: sysUser.userId });
  if (!done.length) throw fail('resource.notFound');
}
