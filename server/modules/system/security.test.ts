import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../../tests/helpers/server.ts';
import { createUser } from '../auth/test-fixtures.ts';
import { sysSecurityConfig, sysUser } from './schema.ts';
import { passwordExpired } from './security.ts';
import { RULE_PATTERNS } from '../../../shared/validators/password-policy.ts';

let ts: TestServer;
let token: string;
const NO_GUARD = { repeatSubmit: 'false' };
const db = () => ts.database.db;

beforeAll(async () => {
  ts = await startTestServer();
  await createUser(db(), 'sam', { password: 'Sam12345', nickName: 'Samwise' });
  await db().update(sysUser).set({ email: 'samwise@example.com', phoneNumber: '13912345678' }).where(eq(sysUser.userName, 'sam'));
  token = (await ts.api('POST', '/login', { body: { username: 'sam', password: 'Sam12345' } })).data;
});
afterAll(() => ts?.close());

const enable = async (values: Partial<typeof sysSecurityConfig.$inferInsert>) => {
  await db().update(sysSecurityConfig).set({ status: '1' });
  const [row] = await db().insert(sysSecurityConfig).values({ status: '0', ...values }).returning({ id: sysSecurityConfig.configId });
  return row!.id;
};
const disableAll = () => db().update(sysSecurityConfig).set({ status: '1' });

describe('seed', () => {
  it('ships one enabled config with sensible rules', async () => {
    const rows = await db().select().from(sysSecurityConfig);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: '0', passwordRetryLimit: 5, passwordRetryLockSeconds: 600, passwordExpireSeconds: 0, passwordLenMin: 8, passwordLenMax: 20, passwordRule: 'LETTER_NUMBER', passwordRetryStrategy: 'LOCK' });
    expect(rows[0]!.weakPasswords.split('\n')).toContain('admin123');
  });
});

describe('GET /system/security/config/current and /check', () => {
  it('answers the defaults with the user flags while no config is enabled', async () => {
    await disableAll();
    const r = await ts.api('GET', '/system/security/config/current', { token });
    expect(r.code).toBe(200);
    expect(r.data).toEqual({
      status: '0', passwordLenMin: 6, passwordLenMax: 20, passwordRule: 'NONE', passwordRulePattern: '', passwordSensitive: [], weakPasswords: '',
      passwordExpireSeconds: 0, passwordRetryLimit: 0, passwordRetryStrategy: 'NONE', passwordRetryLockSeconds: 0,
      forceModifyPwdAfterAdd: 'N', forceModifyPwdAfterReset: 'N', forceModifyPassword: false, isPasswordExpired: false,
    });
    expect((await ts.api('GET', '/system/security/config/check', { token })).data).toEqual({ isPasswordExpired: false, forceModifyPassword: false });
    expect((await ts.api('GET', '/system/security/config/current')).code).toBe(401);
    expect((await ts.api('GET', '/system/security/config/check')).code).toBe(401);
  });

  it('answers every field of the enabled config with its rule pattern', async () => {
    const id = await enable({ passwordLenMin: 10, passwordLenMax: 30, passwordRule: 'UPPER_LOW_LETTER_NUMBER', passwordSensitive: ['ACCOUNT'], weakPasswords: 'Password123', passwordRetryLimit: 5, passwordRetryStrategy: 'LOCK', passwordRetryLockSeconds: 60, forceModifyPwdAfterReset: 'Y' });
    const r = (await ts.api('GET', '/system/security/config/current', { token })).data;
    expect(r).toMatchObject({ configId: id, status: '0', passwordLenMin: 10, passwordLenMax: 30, passwordRule: 'UPPER_LOW_LETTER_NUMBER', passwordRulePattern: RULE_PATTERNS.UPPER_LOW_LETTER_NUMBER, passwordSensitive: ['ACCOUNT'], weakPasswords: 'Password123', passwordRetryLimit: 5, passwordRetryStrategy: 'LOCK', passwordRetryLockSeconds: 60, forceModifyPwdAfterAdd: 'N', forceModifyPwdAfterReset: 'Y', isPasswordExpired: false, forceModifyPassword: false });
    expect(r.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await disableAll();
  });

  it('reports the forced change and an expired password', async () => {
    await db().update(sysUser).set({ forceModifyPassword: 'Y' }).where(eq(sysUser.userName, 'sam'));
    expect((await ts.api('GET', '/system/security/config/check', { token })).data).toEqual({ isPasswordExpired: false, forceModifyPassword: true });
    // expiry off: an old password is fine
    await db().update(sysUser).set({ passwordModifyTime: new Date(Date.now() - 400 * 86400_000) }).where(eq(sysUser.userName, 'sam'));
    expect((await ts.api('GET', '/system/security/config/check', { token })).data.isPasswordExpired).toBe(false);
    // expiry 30 days: changed 400 days ago → expired; changed yesterday → not
    await enable({ passwordExpireSeconds: 30 * 86400 });
    expect((await ts.api('GET', '/system/security/config/check', { token })).data).toEqual({ isPasswordExpired: true, forceModifyPassword: true });
    expect((await ts.api('GET', '/system/security/config/current', { token })).data).toMatchObject({ isPasswordExpired: true, forceModifyPassword: true, passwordExpireSeconds: 2592000 });
    await db().update(sysUser).set({ passwordModifyTime: new Date(Date.now() - 86400_000), forceModifyPassword: 'N' }).where(eq(sysUser.userName, 'sam'));
    expect((await ts.api('GET', '/system/security/config/check', { token })).data).toEqual({ isPasswordExpired: false, forceModifyPassword: false });
    await disableAll();
  });

  it('counts from the account creation when the password was never changed', () => {
    const created = new Date('2024-01-01T00:00:00Z');
    expect(passwordExpired(86400, null, created, new Date('2024-01-01T23:00:00Z'))).toBe(false);
    expect(passwordExpired(86400, null, created, new Date('2024-01-02T00:00:01Z'))).toBe(true);
    expect(passwordExpired(0, null, created, new Date('2099-01-01T00:00:00Z'))).toBe(false);
  });
});

describe('PUT /system/user/profile/updatePwd applies the password policy', () => {
  const change = (newPassword: string, oldPassword = 'Sam12345', lang = 'zh-CN') =>
    ts.api('PUT', '/system/user/profile/updatePwd', { token, body: { oldPassword, newPassword, confirmPassword: newPassword }, headers: { ...NO_GUARD, 'accept-language': lang } });

  it('uses 6–20 while no config is enabled', async () => {
    await disableAll();
    expect(await change('abc')).toEqual({ code: 500, msg: '密码长度必须介于 6 和 20 之间' });
    expect((await change('a'.repeat(21))).code).toBe(500);
  });

  it('refuses each breach of the enabled config with its own message', async () => {
    await enable({ passwordLenMin: 8, passwordLenMax: 20, passwordRule: 'LETTER_NUMBER_SPECIAL', passwordSensitive: ['ACCOUNT', 'EMAIL', 'PHONE_NUMBER', 'NICK_NAME'], weakPasswords: 'Qwerty12!\nabc' });
    expect(await change('Ab1!', 'Sam12345', 'en')).toEqual({ code: 500, msg: 'The password must be between 8 and 20 characters' });
    expect((await change('abcdefgh1', 'Sam12345', 'en')).msg).toMatch(/^The password must contain letters, digits and a special character/);
    expect((await change('abc def 1!', 'Sam12345', 'en')).msg).toMatch(/^The password may contain only letters, digits and the special characters/);
    expect(await change('xxSAM123!', 'Sam12345', 'en')).toEqual({ code: 500, msg: 'The password must not contain your user name' });
    expect(await change('Samwise#9', 'Sam12345', 'en')).toEqual({ code: 500, msg: 'The password must not contain your user name' });
    expect(await change('a#13912345678')).toEqual({ code: 500, msg: '密码不能包含手机号码' });
    expect(await change('qWERTY12!')).toEqual({ code: 500, msg: '密码过于简单（在弱密码列表中），请换一个' });
    expect((await change('Good#Pass9')).code).toBe(200);
    await disableAll();
  });
});
