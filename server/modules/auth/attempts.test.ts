import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestServer } from '../../../tests/helpers/server.ts';
import { sysSecurityConfig, sysUser } from '../system/schema.ts';
import { createUser } from './test-fixtures.ts';

// Issue #8: the security config's retry limit holds under parallel guessing, answers a name
// without an account exactly like one with an account, and also counts old-password guesses.

const ts = useTestServer();
const EN = { 'accept-language': 'en' };
const login = (username: string, password: string) => ts.api('POST', '/login', { body: { username, password }, headers: EN });

/** Only this config enabled: limit 5, then LOCK for 10 minutes (or DISABLE). */
async function policy(strategy: 'LOCK' | 'DISABLE' = 'LOCK') {
  const db = ts.database.db;
  await db.update(sysSecurityConfig).set({ status: '1' });
  await db.insert(sysSecurityConfig).values({ status: '0', passwordRetryLimit: 5, passwordRetryStrategy: strategy, passwordRetryLockSeconds: 600 });
}

let n = 0;
/** A fresh account (so one test's lock does not leak into the next). */
async function account() {
  n += 1;
  return createUser(ts.database.db, `guess${n}`, { password: 'Right12345' });
}

beforeEach(() => policy());

const LEFT = (left: number) => `Wrong user name or password; attempts left: ${left}`;
const LOCKED_FOR = 'Too many wrong passwords in a row (limit 5); the account is locked for 10 min';
const LOCKED = 'This account is locked, please try again later';

describe('retry limit under parallel guessing', () => {
  it('checks no more than the limit of twenty wrong passwords sent at once; the rest are refused as locked', async () => {
    const u = await account();
    const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => login(u.userName, `wrong-${i}`)));
    const msgs = replies.map((r) => r.msg);
    expect(replies.every((r) => r.code === 500)).toBe(true);
    // Five guesses were checked: four were told how many remain, the fifth locked the account.
    expect(msgs.filter((m) => m.startsWith('Wrong user name or password')).sort()).toEqual([LEFT(1), LEFT(2), LEFT(3), LEFT(4)]);
    expect(msgs.filter((m) => m === LOCKED_FOR)).toHaveLength(1);
    expect(msgs.filter((m) => m === LOCKED)).toHaveLength(15);
    // Locked: even the right password is not looked at.
    expect((await login(u.userName, u.password)).msg).toBe(LOCKED);
  });

  it('forgets the count after a right password', async () => {
    const u = await account();
    for (const left of [4, 3, 2]) expect((await login(u.userName, 'nope')).msg).toBe(LEFT(left));
    expect((await login(u.userName, u.password)).code).toBe(200);
    expect((await login(u.userName, 'nope')).msg).toBe(LEFT(4));
  });
});

describe('a name without an account is answered like one with an account', () => {
  const sequence = async (userName: string) => {
    const out: string[] = [];
    for (let i = 0; i < 6; i++) out.push((await login(userName, `guess-${i}`)).msg);
    return out;
  };

  it('counts down, locks and stays locked the same way (LOCK)', async () => {
    const real = await account();
    const expected = [LEFT(4), LEFT(3), LEFT(2), LEFT(1), LOCKED_FOR, LOCKED];
    expect(await sequence(real.userName)).toEqual(expected);
    expect(await sequence('no_such_user')).toEqual(expected);
  });

  it('reports the account disabled the same way (DISABLE), and disables only a real one', async () => {
    await policy('DISABLE');
    const real = await account();
    const disabled = 'Too many wrong passwords in a row (limit 5); the account has been disabled, please contact the administrator';
    const realReplies = await sequence(real.userName);
    const ghostReplies = await sequence('no_such_user2');
    expect(realReplies.slice(0, 5)).toEqual([LEFT(4), LEFT(3), LEFT(2), LEFT(1), disabled]);
    expect(ghostReplies).toEqual(realReplies);
    const [row] = await ts.database.db.select({ status: sysUser.status }).from(sysUser).where(eq(sysUser.userId, real.userId));
    expect(row!.status).toBe('1');
  });

  it('checks a password hash for an unknown name too (same time class as a wrong password)', async () => {
    const real = await account();
    const time = async (userName: string) => {
      const started = performance.now();
      await login(userName, 'not-the-password');
      return performance.now() - started;
    };
    // Warm up, then compare medians: an unknown name must not answer in a fraction of the time.
    await time(real.userName);
    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    for (let i = 0; i < 3; i++) {
      knownTimes.push(await time(real.userName));
      unknownTimes.push(await time(`ghost_${i}`));
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[1]!;
    expect(median(unknownTimes)).toBeGreaterThan(median(knownTimes) * 0.5);
  });
});

describe('old-password guesses on PUT /system/user/profile/updatePwd', () => {
  it('count against the same limit: the fifth wrong one locks the account and ends its sessions', async () => {
    const u = await account();
    const token = await ts.login(u.userName, u.password);
    const change = (oldPassword: string) =>
      ts.api('PUT', '/system/user/profile/updatePwd', { token, headers: { ...EN, repeatSubmit: 'false' }, body: { oldPassword, newPassword: 'Brand1234new', confirmPassword: 'Brand1234new' } });
    for (const left of [4, 3, 2, 1]) expect((await change(`wrong-${left}`)).msg).toBe(`Cannot change the password: the old password is wrong; attempts left: ${left}`);
    expect((await change('wrong-last')).msg).toBe(LOCKED_FOR);
    // The session that guessed is over, and sign-in waits for the lock to run out.
    expect((await ts.api('GET', '/getInfo', { token })).code).toBe(401);
    expect((await login(u.userName, u.password)).msg).toBe(LOCKED);
  });
});
