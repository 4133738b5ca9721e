import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { fail, failAt, unauthorized } from '../../../core/errors.ts';
import type { z } from 'zod';
import { acceptablePassword, activeSecurity, hashPassword, verifyPassword } from '../../system/index.ts';
import { attemptFailed, clearAttempts, reserveAttempt, type AttemptSpace } from '../../auth/index.ts';
import type { PublicCall } from '../public-api/route.ts';
import type { memberChangeEmailBody, memberForgotBody, memberLoginBody, memberPasswordBody, memberRegisterBody } from '../../../../shared/validators/member.ts';
import { cmsMember, cmsMemberLoginAttempt } from './schema.ts';
import { pruneMembersNowAndThen } from './housekeeping.ts';
import { issueMemberToken, revokeMemberSessions, revokeMemberToken } from './session.ts';
import { consumeCode, issueCode, mailCode } from './email-codes.ts';

/**
 * Members' own account (issue 31 item 2): registration with an e-mail code, sign-in and out,
 * password change and the forgotten password, a change of address. Each is a plain function of the
 * public call (services, site, member, token, address, language), so tests call them directly.
 */
export type MemberCall = Pick<PublicCall, 'services' | 'site' | 'member' | 'token' | 'ip' | 'userAgent' | 'locale'>;

/** Members' sign-in failures: the console's retry limit and lock, in cms_member_login_attempt. */
export const MEMBER_ATTEMPTS: AttemptSpace = {
  // The same columns as sys_login_attempt, another table: attempts.ts reads only the columns.
  table: cmsMemberLoginAttempt as unknown as AttemptSpace['table'],
  async disable(db, key) {
    const id = memberIdOfKey(key);
    if (id) await db.update(cmsMember).set({ status: '1' }).where(eq(cmsMember.memberId, id));
  },
};

/**
 * The name a member's failures count under: its id once the name or address is known (so trying
 * the user name and then the address does not double the guesses), else what was typed.
 * `#` is in no user name nor address, so the two kinds of key never meet.
 */
const attemptKey = (typed: string, memberId: number | undefined) => (memberId ? `#${memberId}` : typed.trim().toLowerCase().slice(0, 100));
/** The key a known member's failures count under (a reset lifts its lock). */
export const memberAttemptKey = (memberId: number) => `#${memberId}`;
const memberIdOfKey = (key: string) => (key.startsWith('#') ? Number(key.slice(1)) || null : null);

const lower = (s: string) => s.trim().toLowerCase();
const byUserName = (name: string) => eq(sql`lower(${cmsMember.userName})`, lower(name));
const byEmail = (email: string) => eq(sql`lower(${cmsMember.email})`, lower(email));

const siteName = (call: MemberCall) => call.site?.name ?? '';

const isUniqueViolation = (err: unknown): boolean => {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
};

async function assertFree(db: DbOrTx, values: { userName?: string | null; email?: string | null }, exceptId?: number) {
  if (values.userName) {
    const [hit] = await db.select({ id: cmsMember.memberId }).from(cmsMember).where(byUserName(values.userName));
    if (hit && hit.id !== exceptId) throw failAt('userName', 'member.userNameTaken', { value: values.userName });
  }
  if (values.email) {
    const [hit] = await db.select({ id: cmsMember.memberId }).from(cmsMember).where(byEmail(values.email));
    if (hit && hit.id !== exceptId) throw failAt('email', 'member.emailTaken', { value: values.email });
  }
}

/** GET /api/member/register_sms_code?email=: mails a registration code to an address no member has. */
export async function sendRegisterCode(call: MemberCall, email: string): Promise<void> {
  const db = call.services.db;
  await assertFree(db, { email });
  const code = await issueCode(db, 'register', email, null);
  await mailCode(call.services, call.locale, 'register', email, code, siteName(call));
}

/**
 * POST /api/member/register: a new member with the address its code was mailed to. The password
 * passes the security config like a console user's and is hashed the same way.
 */
export async function register(call: MemberCall, body: z.infer<typeof memberRegisterBody>): Promise<{ memberId: number }> {
  const db = call.services.db;
  const userName = body.userName || null;
  await assertFree(db, { userName, email: body.email });
  const password = await acceptablePassword(await activeSecurity(db), body.password, { userName, email: body.email, nickName: body.nickName ?? null });
  await consumeCode(db, 'register', body.email, body.authCode);
  try {
    const [row] = await db.insert(cmsMember).values({
      userName, nickName: body.nickName || userName || body.email.split('@')[0]!.slice(0, 30), email: body.email.trim(), password,
      source: 'Register', sourceSite: call.site?.siteId ?? null, createBy: userName ?? body.email.trim().slice(0, 64),
    }).returning({ memberId: cmsMember.memberId });
    return { memberId: row!.memberId };
  } catch (err) {
    // Two registrations racing for one name or address: the unique indexes decide.
    if (isUniqueViolation(err)) throw fail('member.taken');
    throw err;
  }
}

// What an unknown name costs: one hash check against a hash nobody's password matches.
let dummyHash: Promise<string> | undefined;
const burnHashTime = async (plain: string): Promise<false> => {
  dummyHash ??= hashPassword('castanea-member-dummy');
  await verifyPassword(plain, await dummyHash);
  return false;
};

/**
 * POST /api/member/login, by user name or e-mail address: the member's token (`m_…`). Throttled and
 * locked as console sign-ins are (the enabled security config's retry limit, counted before the
 * password is checked), in members' own key space; an unknown name is counted and answered alike.
 */
export async function login(call: MemberCall, body: z.infer<typeof memberLoginBody>): Promise<string> {
  const db = call.services.db;
  const typed = body.username;
  const [m] = await db.select({ memberId: cmsMember.memberId, password: cmsMember.password, status: cmsMember.status })
    .from(cmsMember).where(typed.includes('@') ? byEmail(typed) : byUserName(typed));
  if (m?.status === '2') throw fail('login.locked');
  const key = attemptKey(typed, m?.memberId);
  const policy = await activeSecurity(db);
  const reserved = await reserveAttempt(db, key, policy, new Date(), MEMBER_ATTEMPTS);
  if (reserved.kind === 'locked') throw fail('login.locked');
  const right = m ? await verifyPassword(body.password, m.password) : await burnHashTime(body.password);
  if (!m || !right) throw await attemptFailed(db, key, policy, reserved, fail('member.loginFailed'), 'member.loginFailedRetries', MEMBER_ATTEMPTS);
  if (reserved.kind === 'reserved') await clearAttempts(db, key, MEMBER_ATTEMPTS);
  // Only someone who knows the password learns that the account is disabled.
  if (m.status !== '0') throw fail('member.disabled');
  await pruneMembersNowAndThen(call.services, MEMBER_ATTEMPTS).catch(() => false);
  return db.transaction(async (tx) => {
    await tx.update(cmsMember).set({ lastLoginTime: new Date(), lastLoginIp: call.ip }).where(eq(cmsMember.memberId, m.memberId));
    return issueMemberToken(tx, m.memberId, { siteId: call.site?.siteId ?? null, ip: call.ip, userAgent: call.userAgent });
  });
}

/** POST /api/member/logout: ends this token's session (nothing to do without one). */
export async function logout(call: MemberCall): Promise<void> {
  if (call.token) await revokeMemberToken(call.services.db, call.token);
}

const signedIn = (call: MemberCall) => {
  if (!call.member) throw unauthorized();
  return call.member;
};

/**
 * POST|PUT /api/member/reset_pwd: the member changes its password, knowing the old one (a wrong old
 * password counts against the retry limit as a wrong sign-in does). Every other session ends.
 */
export async function changePassword(call: MemberCall, body: z.infer<typeof memberPasswordBody>): Promise<void> {
  const me = signedIn(call);
  const db = call.services.db;
  const [m] = await db.select().from(cmsMember).where(eq(cmsMember.memberId, me.memberId));
  if (!m) throw unauthorized();
  const key = memberAttemptKey(m.memberId);
  const policy = await activeSecurity(db);
  const reserved = await reserveAttempt(db, key, policy, new Date(), MEMBER_ATTEMPTS);
  if (reserved.kind === 'locked') throw fail('login.locked');
  if (!(await verifyPassword(body.oldPassword, m.password))) {
    const err = await attemptFailed(db, key, policy, reserved, failAt('oldPassword', 'member.oldPasswordWrong'), 'member.oldPasswordWrongRetries', MEMBER_ATTEMPTS);
    throw Object.assign(err, { field: 'oldPassword' });
  }
  if (reserved.kind === 'reserved') await clearAttempts(db, key, MEMBER_ATTEMPTS);
  const password = await acceptablePassword(policy, body.password, { userName: m.userName, email: m.email, phoneNumber: m.phoneNumber, nickName: m.nickName });
  await db.transaction(async (tx) => {
    await tx.update(cmsMember).set({ password, updateBy: m.userName ?? '', updateTime: new Date() }).where(eq(cmsMember.memberId, m.memberId));
    await revokeMemberSessions(tx, m.memberId, call.token ?? undefined);
  });
}

/**
 * POST /api/member/forget_password/code {email}: mails a code to the member with this address. The
 * answer is the same whether or not one has it, so addresses cannot be probed.
 */
export async function sendForgotCode(call: MemberCall, email: string): Promise<void> {
  const db = call.services.db;
  const [m] = await db.select({ memberId: cmsMember.memberId, status: cmsMember.status }).from(cmsMember).where(byEmail(email));
  if (!m || m.status === '1') return;
  const code = await issueCode(db, 'forgot', email, m.memberId);
  await mailCode(call.services, call.locale, 'forgot', email, code, siteName(call));
}

/**
 * POST /api/member/forget_password {email, authCode, password, rePassword}: a new password with the mailed code.
 * Every session of the member ends and its sign-in lock is lifted.
 */
export async function resetForgotten(call: MemberCall, body: z.infer<typeof memberForgotBody>): Promise<void> {
  const db = call.services.db;
  await consumeCode(db, 'forgot', body.email, body.authCode);
  const [m] = await db.select().from(cmsMember).where(byEmail(body.email));
  if (!m) throw fail('member.code.invalid');
  const password = await acceptablePassword(await activeSecurity(db), body.password, { userName: m.userName, email: m.email, phoneNumber: m.phoneNumber, nickName: m.nickName });
  await db.transaction(async (tx) => {
    await tx.update(cmsMember).set({ password, updateBy: m.userName ?? '', updateTime: new Date() }).where(eq(cmsMember.memberId, m.memberId));
    await revokeMemberSessions(tx, m.memberId);
    await clearAttempts(tx, memberAttemptKey(m.memberId), MEMBER_ATTEMPTS);
  });
}

/** POST /api/member/sms_code?type=email {email}: mails a code to the new address (one no other member has). */
export async function sendChangeEmailCode(call: MemberCall, email: string): Promise<void> {
  const me = signedIn(call);
  const db = call.services.db;
  await assertFree(db, { email }, me.memberId);
  const code = await issueCode(db, 'changeEmail', email, me.memberId);
  await mailCode(call.services, call.locale, 'changeEmail', email, code, siteName(call));
}

/** POST /api/member/change_email {email, authCode}: the new address, proven by the code mailed to it. */
export async function changeEmail(call: MemberCall, body: z.infer<typeof memberChangeEmailBody>): Promise<void> {
  const me = signedIn(call);
  const db = call.services.db;
  await assertFree(db, { email: body.email }, me.memberId);
  await consumeCode(db, 'changeEmail', body.email, body.authCode, me.memberId);
  try {
    await db.update(cmsMember).set({ email: body.email.trim(), updateBy: me.userName ?? '', updateTime: new Date() }).where(eq(cmsMember.memberId, me.memberId));
  } catch (err) {
    if (isUniqueViolation(err)) throw failAt('email', 'member.emailTaken', { value: body.email });
    throw err;
  }
}
