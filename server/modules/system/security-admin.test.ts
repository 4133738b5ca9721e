import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../../tests/helpers/server.ts';
import { createUser } from '../auth/test-fixtures.ts';

// Issue 4: the security config's rules are enforced by the server, not only shown by the console.
const ts = useTestServer();
const H = { repeatSubmit: 'false', 'accept-language': 'en' };

beforeAll(async () => {
  const add = await ts.api('POST', '/system/security/config', { token: ts.admin, headers: H, body: {
    passwordLenMin: 8, passwordLenMax: 16, passwordRule: 'LETTER_NUMBER', passwordSensitive: ['ACCOUNT'], weakPasswords: 'password1\nqwerty123',
    passwordRetryLimit: 3, passwordRetryStrategy: 'LOCK', passwordRetryLockSeconds: 120, forceModifyPwdAfterAdd: 'Y',
  } });
  expect(add.code, add.msg).toBe(200);
  expect((await ts.api('PUT', `/system/security/config/changeStatus/${add.data.configId}`, { token: ts.admin, headers: H })).code).toBe(200);
});

const addUser = (userName: string, password: string) =>
  ts.api('POST', '/system/user', { token: ts.admin, headers: H, body: { userName, nickName: userName, deptId: 100, password } });

describe('security config enforced', () => {
  it('refuses too short, rule-breaking, weak and name-containing passwords with their own message', async () => {
    const short = await addUser('pw_short', 'a1b2');
    const rule = await addUser('pw_rule', 'onlyletters');
    const weak = await addUser('pw_weak', 'password1');
    const named = await addUser('pw_named', 'pw_named99');
    const msgs = [short.msg, rule.msg, weak.msg, named.msg];
    expect([short.code, rule.code, weak.code, named.code]).toEqual([500, 500, 500, 500]);
    expect(new Set(msgs).size).toBe(4);
    expect(short.msg).toMatch(/8/);
    const ok = await addUser('pw_ok', 'Good2025x');
    expect(ok.code, ok.msg).toBe(200);
  });

  it('flags a user added under forceModifyPwdAfterAdd to change the password', async () => {
    const token = (await ts.api('POST', '/login', { body: { username: 'pw_ok', password: 'Good2025x' } })).data as string;
    const info = (await ts.api('GET', '/getInfo', { token })).data;
    expect(info.user.forceModifyPassword).toBe('Y');
  });

  it('locks the account after the retry limit; the login log can unlock it', async () => {
    await createUser(ts.database.db, 'guesser', { password: 'Right1234' });
    const attempt = (password: string) => ts.api('POST', '/login', { body: { username: 'guesser', password }, headers: { 'accept-language': 'en' } });
    expect((await attempt('wrong1')).msg).toBe('Wrong user name or password; attempts left: 2');
    expect((await attempt('wrong2')).msg).toBe('Wrong user name or password; attempts left: 1');
    expect((await attempt('wrong3')).msg).toBe('Too many wrong passwords in a row (limit 3); the account is locked for 2 min');
    expect((await attempt('Right1234')).msg).toBe('This account is locked, please try again later');
    expect((await ts.api('PUT', '/monitor/logininfor/unlock/guesser', { token: ts.admin, headers: H })).code).toBe(200);
    expect((await attempt('Right1234')).code).toBe(200);
  });

  it('keeps one config enabled at a time and refuses deleting the enabled one', async () => {
    const second = await ts.api('POST', '/system/security/config', { token: ts.admin, headers: H, body: { passwordLenMin: 6, passwordLenMax: 20 } });
    const list = async () => (await ts.api('GET', '/system/security/config/list', { token: ts.admin })).data.rows as { configId: number; status: string }[];
    const enabledBefore = (await list()).filter((r) => r.status === '0');
    expect(enabledBefore).toHaveLength(1);
    await ts.api('PUT', `/system/security/config/changeStatus/${second.data.configId}`, { token: ts.admin, headers: H });
    const enabled = (await list()).filter((r) => r.status === '0');
    expect(enabled.map((r) => r.configId)).toEqual([second.data.configId]);
    expect((await ts.api('DELETE', '/system/security/config', { token: ts.admin, headers: H, body: [second.data.configId] })).msg).toBe('The enabled security config cannot be deleted');
    const bad = await ts.api('POST', '/system/security/config', { token: ts.admin, headers: H, body: { passwordLenMin: 12, passwordLenMax: 8 } });
    expect(bad.msg).toBe('Minimum password length cannot be greater than Maximum password length');
    const tooLong = await ts.api('POST', '/system/security/config', { token: ts.admin, headers: H, body: { passwordExpireSeconds: 101 * 86400 } });
    expect(tooLong.code).toBe(500);
  });

  it('checks the record as stored: an edit sending only one side of a pair, and the lock duration under LOCK', async () => {
    const made = await ts.api('POST', '/system/security/config', { token: ts.admin, headers: H, body: { passwordLenMin: 6, passwordLenMax: 10 } });
    expect(made.code, made.msg).toBe(200);
    const configId = made.data.configId as number;
    const edit = (body: Record<string, unknown>) => ts.api('PUT', '/system/security/config', { token: ts.admin, headers: H, body: { configId, ...body } });
    expect((await edit({ passwordLenMin: 11 })).msg).toBe('Minimum password length cannot be greater than Maximum password length');
    expect((await edit({ passwordRetryStrategy: 'LOCK' })).msg).toBe('Lock duration must be above 0 when accounts are locked');
    expect((await edit({ passwordRetryStrategy: 'LOCK', passwordRetryLockSeconds: 600 })).code).toBe(200);
    const zh = await ts.api('PUT', '/system/security/config', { token: ts.admin, headers: { repeatSubmit: 'false' }, body: { configId, passwordLenMax: 5 } });
    expect(zh.msg).toBe('密码最小长度不能大于密码最大长度');
    const row = (await ts.api('GET', `/system/security/config/${configId}`, { token: ts.admin })).data;
    expect([row.passwordLenMin, row.passwordLenMax, row.passwordRetryLockSeconds]).toEqual([6, 10, 600]);
  });
});
