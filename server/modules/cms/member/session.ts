import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { cmsMember, cmsMemberSession } from './schema.ts';

/** How long a member stays signed in without coming back; each visit slides it forward. */
export const MEMBER_SESSION_IDLE_SECONDS = 30 * 24 * 60 * 60;
/** However active, a member signs in again after this. */
export const MEMBER_SESSION_MAX_SECONDS = 90 * 24 * 60 * 60;
/** last_active is written at most this often, so a reader's page views stay reads. */
const TOUCH_EVERY_MS = 5 * 60_000;
/**
 * Member tokens carry this prefix: a console token never has it, so neither kind is even looked up
 * in the other's table (each table would refuse it anyway).
 */
export const MEMBER_TOKEN_PREFIX = 'm_';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The member a public request acts as. */
export interface MemberCaller {
  memberId: number;
  userName: string | null;
  nickName: string | null;
}

/** Signs a member in: the opaque token the reader's page keeps; only its hash is stored. */
export async function issueMemberToken(tx: DbOrTx, memberId: number, meta: { siteId?: number | null; ip: string; userAgent?: string }): Promise<string> {
  const token = MEMBER_TOKEN_PREFIX + randomBytes(32).toString('base64url');
  const now = Date.now();
  await tx.insert(cmsMemberSession).values({
    tokenHash: hashOf(token),
    memberId,
    siteId: meta.siteId ?? null,
    loginTime: new Date(now),
    lastActive: new Date(now),
    expiresAt: new Date(now + MEMBER_SESSION_IDLE_SECONDS * 1000),
    ipaddr: meta.ip,
    userAgent: (meta.userAgent ?? '').slice(0, 200),
  });
  return token;
}

/** The member behind a token, or null: unknown, expired, or the member disabled. */
export async function memberOfToken(db: Db, token: string): Promise<MemberCaller | null> {
  if (!token.startsWith(MEMBER_TOKEN_PREFIX) || token.length > 100) return null;
  const tokenHash = hashOf(token);
  const now = new Date();
  const [row] = await db
    .select({ memberId: cmsMember.memberId, userName: cmsMember.userName, nickName: cmsMember.nickName, status: cmsMember.status, lastActive: cmsMemberSession.lastActive, loginTime: cmsMemberSession.loginTime })
    .from(cmsMemberSession)
    .innerJoin(cmsMember, eq(cmsMember.memberId, cmsMemberSession.memberId))
    .where(and(eq(cmsMemberSession.tokenHash, tokenHash), gt(cmsMemberSession.expiresAt, now)));
  if (!row || row.status !== '0') return null;
  if (now.getTime() - row.lastActive.getTime() > TOUCH_EVERY_MS) {
    const cap = row.loginTime.getTime() + MEMBER_SESSION_MAX_SECONDS * 1000;
    await db.update(cmsMemberSession).set({ lastActive: now, expiresAt: new Date(Math.min(cap, now.getTime() + MEMBER_SESSION_IDLE_SECONDS * 1000)) }).where(eq(cmsMemberSession.tokenHash, tokenHash));
  }
  return { memberId: row.memberId, userName: row.userName, nickName: row.nickName };
}

/** Signs one token out (logout). */
export async function revokeMemberToken(tx: DbOrTx, token: string): Promise<void> {
  await tx.delete(cmsMemberSession).where(eq(cmsMemberSession.tokenHash, hashOf(token)));
}

/** Signs a member out everywhere (disabled, password changed or reset), but for `keep` when given. */
export async function revokeMemberSessions(tx: DbOrTx, memberId: number, keep?: string): Promise<void> {
  const rows = await tx.select({ h: cmsMemberSession.tokenHash }).from(cmsMemberSession).where(eq(cmsMemberSession.memberId, memberId));
  const kept = keep ? hashOf(keep) : null;
  for (const r of rows) if (r.h !== kept) await tx.delete(cmsMemberSession).where(eq(cmsMemberSession.tokenHash, r.h));
}

/** Removes expired sign-ins (a daily job's work). */
export async function pruneMemberSessions(tx: DbOrTx, now = new Date()): Promise<number> {
  const gone = await tx.delete(cmsMemberSession).where(lt(cmsMemberSession.expiresAt, now)).returning({ h: cmsMemberSession.tokenHash });
  return gone.length;
}
