import { and, eq, gt, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { AppError } from '../../core/errors.ts';
import { fail } from '../../core/errors.ts';
import { sysUser } from '../system/index.ts';
import { sameUserName } from '../system/index.ts';
import type { SecuritySettings } from '../system/index.ts';
import { sysLoginAttempt } from './schema.ts';

/**
 * The retry limit of the security config (spec §3), for sign-in and for the old password of a
 * password change. Each guess is *reserved* before the password is checked: one statement counts
 * it and refuses it when the name is locked, so twenty guesses sent at once get no more checks
 * than the limit allows. The count is per lower-cased user name, whether or not the name exists:
 * an unknown name earns the same "attempts left", lock and timing as a real one.
 */

/** How long the last allowed guess holds the name under DISABLE while its password is checked. */
const DISABLE_HOLD_SECONDS = 60;

/** What one guess may do. */
export type Reservation =
  /** no retry limit in force: check the password, count nothing */
  | { kind: 'unlimited' }
  /** the name is locked: refuse without checking the password */
  | { kind: 'locked' }
  /** guess number `count` of `limit` is taken: check the password, then report the outcome */
  | { kind: 'reserved'; count: number; limit: number };

const nameKey = (userName: string) => sql`lower(${userName.trim()})`;

/**
 * Where a kind of account keeps its counts and what DISABLE does to it. Console users count in
 * sys_login_attempt; another kind of account (the CMS's members) passes a table of the same columns
 * of its own, so the two kinds never lock each other's names.
 */
export interface AttemptSpace {
  table: typeof sysLoginAttempt;
  /** the account behind this name is disabled (strategy DISABLE, limit reached) */
  disable(db: DbOrTx, userName: string): Promise<void>;
}

/** The console users' space. */
export const CONSOLE_ATTEMPTS: AttemptSpace = {
  table: sysLoginAttempt,
  async disable(db, userName) {
    await db.update(sysUser).set({ status: '1' }).where(sameUserName(userName));
  },
};

export const retryLimitOf = (policy: SecuritySettings) =>
  policy.passwordRetryStrategy === 'NONE' || policy.passwordRetryLimit <= 0 ? 0 : policy.passwordRetryLimit;

/**
 * Counts one guess at `userName`'s password. The guess that reaches the limit locks the name at
 * once (for the lock time, or under DISABLE for a short hold while its password is checked), so
 * nothing races past it; a right password lifts that lock again (`clearAttempts`).
 */
export async function reserveAttempt(db: DbOrTx, userName: string, policy: SecuritySettings, now = new Date(), space = CONSOLE_ATTEMPTS): Promise<Reservation> {
  const limit = retryLimitOf(policy);
  // Without a limit nothing is counted, but a lock set while there was one runs its course.
  if (limit === 0) return (await isLocked(db, userName, now, space)) ? { kind: 'locked' } : { kind: 'unlimited' };
  const holdSeconds = policy.passwordRetryStrategy === 'DISABLE' ? DISABLE_HOLD_SECONDS : Math.max(1, policy.passwordRetryLockSeconds);
  const lockEnd = new Date(now.getTime() + holdSeconds * 1000);
  const t = space.table;
  // After a lock has run out the count starts again from one.
  const next = sql`case when ${t.lockEndTime} is not null then 1 else ${t.failCount} + 1 end`;
  const [row] = await db
    .insert(t)
    .values({ nameKey: nameKey(userName), failCount: 1, lockEndTime: limit <= 1 ? lockEnd : null, lastFailTime: now })
    .onConflictDoUpdate({
      target: t.nameKey,
      set: { failCount: next, lockEndTime: sql`case when ${next} >= ${limit}::int then ${lockEnd.toISOString()}::timestamptz else null end`, lastFailTime: now },
      // A running lock refuses the guess: no row comes back.
      setWhere: or(isNull(t.lockEndTime), lte(t.lockEndTime, now)),
    })
    .returning({ count: t.failCount });
  return row ? { kind: 'reserved', count: row.count, limit } : { kind: 'locked' };
}

/** Did this guess use up the last attempt (so a wrong password locks or disables the account)? */
export const reachedLimit = (reserved: Reservation) => reserved.kind === 'reserved' && reserved.count >= reserved.limit;

/** The right password: the name's count and any lock its last guess set are gone. */
export async function clearAttempts(db: DbOrTx, userName: string, space = CONSOLE_ATTEMPTS): Promise<void> {
  await db.delete(space.table).where(eq(space.table.nameKey, nameKey(userName)));
}

/**
 * A wrong password after `reserved`: the error to reply with. The guess that reached the limit
 * keeps its lock (LOCK) or disables the account (DISABLE; for a name without an account the same
 * reply, so the two cannot be told apart). `failed` is the reply while guesses remain unlimited.
 */
export async function attemptFailed(db: DbOrTx, userName: string, policy: SecuritySettings, reserved: Reservation, failed: AppError, retriesKey: string, space = CONSOLE_ATTEMPTS): Promise<AppError> {
  if (reserved.kind === 'locked') return fail('login.locked');
  if (reserved.kind === 'unlimited') return failed;
  const { count, limit } = reserved;
  if (!reachedLimit(reserved)) return fail(retriesKey, { left: limit - count });
  const key = nameKey(userName);
  const t = space.table;
  if (policy.passwordRetryStrategy === 'DISABLE') {
    await space.disable(db, userName);
    await db.delete(t).where(eq(t.nameKey, key));
    return fail('login.disabledByRetry', { limit });
  }
  // The lock set with the reservation stands; the next count starts after it.
  await db.update(t).set({ failCount: 0 }).where(eq(t.nameKey, key));
  return fail('login.lockedFor', { limit, minutes: Math.max(1, Math.ceil(policy.passwordRetryLockSeconds / 60)) });
}

/** Is the name locked right now (a lock of the retry limit)? */
export async function isLocked(db: DbOrTx, userName: string, now = new Date(), space = CONSOLE_ATTEMPTS): Promise<boolean> {
  const t = space.table;
  const [row] = await db
    .select({ n: t.nameKey })
    .from(t)
    .where(and(eq(t.nameKey, nameKey(userName)), gt(t.lockEndTime, now)));
  return Boolean(row);
}

/** How long a count is remembered without a new failure; pruned now and then. */
const FORGET_AFTER_DAYS = 30;

/** Forgets counts of names nobody has failed on for a month (unknown names must not pile up forever). */
export async function pruneAttempts(db: DbOrTx, now = new Date(), space = CONSOLE_ATTEMPTS): Promise<number> {
  const before = new Date(now.getTime() - FORGET_AFTER_DAYS * 86400_000);
  const t = space.table;
  const gone = await db
    .delete(t)
    .where(and(lt(t.lastFailTime, before), or(isNull(t.lockEndTime), lte(t.lockEndTime, now))))
    .returning({ n: t.nameKey });
  return gone.length;
}
