import { and, eq, sql } from 'drizzle-orm';
import { acceptablePassword, activeSecurity } from '../system/index.ts';
import { perServices, type Services } from '../../core/services.ts';
import type { Actor } from '../../core/access.ts';
import { AppError, fail } from '../../core/errors.ts';
import { clientInfo } from '../../core/client-info.ts';
import { DEFAULT_LOCALE } from '../../../shared/i18n/locales.ts';
import type { LoginBody, RegisterBody } from '../../../shared/validators/auth.ts';
import { sysUser } from '../system/index.ts';
import { sameUserName } from '../system/index.ts';
import { userScope } from '../system/index.ts';
import { assertUsersWithin } from '../system/index.ts';
import type { OpContext } from '../../core/operation.ts';
import { recordLogin, type LoginMessage } from '../monitor/index.ts';
import { hashPassword, verifyPassword } from '../system/index.ts';
import { createSession, revokeSession } from './session.ts';
import { checkCaptcha } from './captcha.ts';
import { attemptFailed, clearAttempts, pruneAttempts, reserveAttempt } from './attempts.ts';
import { captchaEnabled, configValue } from '../system/index.ts';

/** Who is knocking: the address and User-Agent the login log and the session record. */
export interface Client {
  ip: string;
  userAgent: string | undefined;
}

// A check against a hash nobody's password matches: what an unknown name costs (always false).
let dummyHash: Promise<string> | undefined;
const burnHashTime = async (plain: string): Promise<false> => {
  dummyHash ??= hashPassword('castanea-dummy-password');
  await verifyPassword(plain, await dummyHash);
  return false;
};

/**
 * The login log keeps each message as a key and its parameters, translated when read into the
 * reader's language, and its zh-CN text beside it; the reply itself is translated per request.
 */
const messageOf = (err: unknown): LoginMessage =>
  err instanceof AppError ? { key: err.key, ...(Object.keys(err.params).length ? { params: err.params } : {}) } : { key: 'internal' };

async function logAttempt(services: Services, userName: string, client: Client, outcome: { ok: true; key: string } | { ok: false; err: unknown }) {
  const message = outcome.ok ? { key: outcome.key } : messageOf(outcome.err);
  const text = services.i18n.translator(DEFAULT_LOCALE)(message.key, message.params);
  // The log must never turn a sign-in result into a different error.
  await recordLogin(services.db, { userName, ip: client.ip, userAgent: client.userAgent, status: outcome.ok ? '0' : '1', message, text }).catch(() => {});
}

/** How often one server process forgets month-old failure counts (see pruneAttempts). */
const PRUNE_EVERY_MS = 60 * 60_000;
const lastPrune = perServices(() => ({ at: 0 }));

async function pruneNowAndThen(services: Services) {
  const state = lastPrune(services);
  if (Date.now() - state.at < PRUNE_EVERY_MS) return;
  state.at = Date.now();
  await pruneAttempts(services.db);
}

/**
 * Checks the credentials and opens a session; returns the bearer token. Every attempt is logged.
 * Under the enabled security config's retry limit (spec §3) each guess is counted *before* the
 * password is checked (see attempts.ts), and a name that does not exist is counted, locked and
 * answered exactly like one that does.
 */
export async function login(services: Services, body: LoginBody, client: Client): Promise<string> {
  const db = services.db;
  let logName = body.username;
  try {
    if (await captchaEnabled(services)) await checkCaptcha(db, body.code, body.uuid);
    await pruneNowAndThen(services);
    const [u] = await db
      .select({ userId: sysUser.userId, userName: sysUser.userName, password: sysUser.password, status: sysUser.status })
      .from(sysUser)
      .where(sameUserName(body.username));
    const policy = await activeSecurity(db);
    // An account an administrator set to "locked" is refused before its password is looked at.
    if (u?.status === '2') throw fail('login.locked');
    const reserved = await reserveAttempt(db, body.username, policy);
    if (reserved.kind === 'locked') throw fail('login.locked');
    // An unknown name still costs one hash check, so response time does not reveal which names exist.
    const right = u ? await verifyPassword(body.password, u.password) : await burnHashTime(body.password);
    if (!u || !right) throw await attemptFailed(db, body.username, policy, reserved, fail('login.failed'), 'login.failedRetries');
    if (reserved.kind === 'reserved') await clearAttempts(db, body.username);
    // Only someone who knows the password learns that the account is disabled.
    if (u.status === '1') throw fail('login.disabled');
    logName = u.userName;
    const now = new Date();
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
        })
        .where(eq(sysUser.userId, u.userId));
      return createSession(tx, u.userId, { ip: client.ip, browser, os });
    });
    await logAttempt(services, logName, client, { ok: true, key: 'login.success' });
    return token;
  } catch (err) {
    await logAttempt(services, logName, client, { ok: false, err });
    throw err;
  }
}

const isUniqueViolation = (err: unknown): boolean => {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
};

/**
 * Self-registration (config sys.account.registerUser = 'true'): a plain user with no roles or
 * department. The password must pass the enabled security config, as for any other new user.
 */
export async function register(services: Services, body: RegisterBody, client: Client): Promise<void> {
  const db = services.db;
  if ((await configValue(services, 'sys.account.registerUser')) !== 'true') throw fail('register.disabled');
  if (await captchaEnabled(services)) await checkCaptcha(db, body.code, body.uuid);
  const userName = body.username;
  const password = await acceptablePassword(await activeSecurity(db), body.password, { userName });
  try {
    await db.transaction(async (tx) => {
      const [taken] = await tx.select({ id: sysUser.userId }).from(sysUser).where(sameUserName(userName));
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

/**
 * Lifts a retry lock (the login log's "unlock"): the name's failure count and lock go, and an
 * account marked locked (status 2) is normal again. Only within the actor's data scope: a name
 * outside it and a name without an account get the same "not found", so the reply tells nothing
 * about accounts the actor may not see. An actor who sees every user may also clear the count of
 * a name without an account (a guesser's name shows in the login log like any other): there is
 * no account to protect. The account of someone holding more than the actor is refused (power rule).
 */
export async function unlockAccount(op: OpContext, userName: string): Promise<void> {
  const scope = userScope(op.actor);
  const [u] = await op.tx.select({ userId: sysUser.userId }).from(sysUser).where(and(sameUserName(userName), scope));
  if (!u && scope !== undefined) throw fail('resource.notFound');
  // The power rule: lifting the lock of someone holding more (an administrator) would let the
  // actor keep a brute-force attack on that account going. Names match as the lock's key does
  // (trimmed, any case), so no spelling of the name slips past the account it locks.
  if (u) await assertUsersWithin(op.tx, op.actor, [u.userId]);
  if (u) await op.tx.update(sysUser).set({ status: sql`case when ${sysUser.status} = '2' then '0' else ${sysUser.status} end` }).where(eq(sysUser.userId, u.userId));
  await clearAttempts(op.tx, userName);
}
