import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../../tests/helpers/server.ts';
import { createServer } from '../../app.ts';
import { sysOperLog } from '../monitor/schema.ts';
import { sysConfig, sysDictData, sysI18nDict, sysUser } from './schema.ts';
import { createUser } from '../auth/test-fixtures.ts';
import { reloadDbTexts } from './services.ts';

let ts: TestServer;
let token: string;
const NO_GUARD = { repeatSubmit: 'false' };
const lastOperLog = async () => (await ts.database.db.select().from(sysOperLog).orderBy(desc(sysOperLog.operId)).limit(1))[0];

beforeAll(async () => {
  ts = await startTestServer();
  await createUser(ts.database.db, 'dana', { password: 'Dana12345', roles: ['admin'] });
  token = (await ts.api('POST', '/login', { body: { username: 'dana', password: 'Dana12345' } })).data;
});
afterAll(() => ts?.close());

describe('GET/PUT /system/user/profile', () => {
  it('returns the own record with role names and no password', async () => {
    const r = await ts.api('GET', '/system/user/profile', { token });
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ userName: 'dana', nickName: 'dana', roleGroup: expect.any(String), postGroup: '' });
    expect(Object.keys(r.data)).not.toContain('password');
    expect((await ts.api('GET', '/system/user/profile')).code).toBe(401);
  });

  it('saves nickname, email, phone and gender; the change survives a server restart', async () => {
    const body = { nickName: 'Dana S.', email: 'dana@example.com', phoneNumber: '13800138000', sex: '1' };
    expect((await ts.api('PUT', '/system/user/profile', { token, body })).code).toBe(200);
    const restarted = await createServer({ database: ts.database, config: { captchaEnabled: false, logRequests: false } });
    try {
      const res = await restarted.app.inject({ method: 'GET', url: '/prod-api/getInfo', headers: { authorization: `Bearer ${token}` } });
      const info = res.json();
      expect(info.code).toBe(200);
      expect(info.data.user).toMatchObject(body);
    } finally {
      await restarted.close();
    }
  });

  it('refuses the same PUT twice within a second with 601, unless the repeatSubmit header is false', async () => {
    const body = { nickName: 'Twice' };
    expect((await ts.api('PUT', '/system/user/profile', { token, body })).code).toBe(200);
    const again = await ts.api('PUT', '/system/user/profile', { token, body });
    expect(again).toEqual({ code: 601, msg: '数据正在处理，请勿重复提交' });
    expect((await ts.api('PUT', '/system/user/profile', { token, body, headers: NO_GUARD })).code).toBe(200);
  });

  it('names the field of a bad email or phone number, in the request language', async () => {
    const zh = await ts.api('PUT', '/system/user/profile', { token, body: { nickName: 'X', email: 'not-an-email' } });
    expect(zh.code).toBe(500);
    expect(zh.msg).toContain('邮箱');
    const en = await ts.api('PUT', '/system/user/profile', { token, body: { nickName: 'X', email: 'still-not' }, headers: { 'accept-language': 'en' } });
    expect(en.code).toBe(500);
    expect(en.msg.toLowerCase()).toContain('email');
    const phone = await ts.api('PUT', '/system/user/profile', { token, body: { nickName: 'X', phoneNumber: '12345' } });
    expect(phone).toEqual({ code: 500, msg: '请输入正确的手机号码' });
    const blank = await ts.api('PUT', '/system/user/profile', { token, body: { nickName: '   ' } });
    expect(blank).toEqual({ code: 500, msg: '用户昵称不能为空' });
  });

  it('clears email and phone when sent empty, and refuses ones another account uses', async () => {
    await createUser(ts.database.db, 'erin', { password: 'Erin12345' });
    await ts.database.db.update(sysUser).set({ email: 'erin@example.com' }).where(eq(sysUser.userName, 'erin'));
    const taken = await ts.api('PUT', '/system/user/profile', { token, body: { nickName: 'D', email: 'erin@example.com' }, headers: NO_GUARD });
    expect(taken).toEqual({ code: 500, msg: '修改个人信息失败，邮箱“erin@example.com”已被其他账号使用' });
    expect((await ts.api('PUT', '/system/user/profile', { token, body: { nickName: 'D', email: '', phoneNumber: '' }, headers: NO_GUARD })).code).toBe(200);
    const [u] = await ts.database.db.select().from(sysUser).where(eq(sysUser.userName, 'dana'));
    expect(u).toMatchObject({ nickName: 'D', email: null, phoneNumber: null, updateBy: 'dana' });
  });

  it('writes an operation-log row for each profile PUT, success and failure', async () => {
    await ts.api('PUT', '/system/user/profile', { token, body: { nickName: 'Logged' }, headers: NO_GUARD });
    expect(await lastOperLog()).toMatchObject({ title: 'oplog.profile', businessType: 'UPDATE', requestMethod: 'PUT', operName: 'dana', operUrl: '/prod-api/system/user/profile', status: '0' });
    await ts.api('PUT', '/system/user/profile', { token, body: { nickName: 'Logged', email: 'bad' }, headers: NO_GUARD });
    expect(await lastOperLog()).toMatchObject({ status: '1', errorMsg: '请输入正确的邮箱地址' });
  });
});

describe('PUT /system/user/profile/updatePwd', () => {
  it('checks the old password, redacts passwords in the operation log, ends the forced change and other sessions', async () => {
    const db = ts.database.db;
    await createUser(db, 'fay', { password: 'FayOld123' });
    await db.update(sysUser).set({ forceModifyPassword: 'Y' }).where(eq(sysUser.userName, 'fay'));
    const login = (password: string) => ts.api('POST', '/login', { body: { username: 'fay', password } });
    const other = (await login('FayOld123')).data as string;
    const mine = (await login('FayOld123')).data as string;
    expect((await ts.api('GET', '/getInfo', { token: mine })).data.user.forceModifyPassword).toBe('Y');

    const wrong = await ts.api('PUT', '/system/user/profile/updatePwd', { token: mine, body: { oldPassword: 'nope', newPassword: 'Sunrise123', confirmPassword: 'Sunrise123' } });
    // A wrong old password counts against the seeded config's retry limit.
    expect(wrong).toEqual({ code: 500, msg: '修改密码失败，旧密码错误，还可以尝试 4 次' });
    const mismatch = await ts.api('PUT', '/system/user/profile/updatePwd', { token: mine, body: { oldPassword: 'FayOld123', newPassword: 'Sunrise123', confirmPassword: 'Sunrise124' } });
    expect(mismatch).toEqual({ code: 500, msg: '两次输入的密码不一致' });

    const ok = await ts.api('PUT', '/system/user/profile/updatePwd', { token: mine, body: { oldPassword: 'FayOld123', newPassword: 'Sunrise123', confirmPassword: 'Sunrise123' } });
    expect(ok.code).toBe(200);
    const log = await lastOperLog();
    expect(log).toMatchObject({ title: 'oplog.password', operName: 'fay', status: '0' });
    expect(log!.operParam).not.toContain('FayOld123');
    expect(log!.operParam).not.toContain('Sunrise123');
    expect(JSON.parse(log!.operParam!)).toEqual({ oldPassword: '******', newPassword: '******', confirmPassword: '******' });

    const info = await ts.api('GET', '/getInfo', { token: mine });
    expect(info.code).toBe(200);
    expect(info.data.user.forceModifyPassword).toBe('N');
    expect(info.data.user.passwordModifyTime).toMatch(/^\d{4}-\d{2}-\d{2} /);
    expect((await ts.api('GET', '/getInfo', { token: other })).code).toBe(401);
    expect((await login('FayOld123')).code).toBe(500);
    expect((await login('Sunrise123')).code).toBe(200);
  });
});

describe('GET /system/config/configKey/:configKey', () => {
  it('sends the value in data and msg, and an empty string for a missing key', async () => {
    await ts.database.db.insert(sysConfig).values({ configName: 'Test', configKey: 'test.value', configValue: 'hello' });
    expect(await ts.api('GET', '/system/config/configKey/test.value', { token })).toEqual({ code: 200, msg: 'hello', data: 'hello' });
    expect(await ts.api('GET', '/system/config/configKey/no.such.key', { token })).toEqual({ code: 200, msg: '', data: '' });
    // Without the config permission, only the public keys (config-keys.ts).
    await createUser(ts.database.db, 'plainreader', { password: 'Plain12345' });
    const plain = (await ts.api('POST', '/login', { body: { username: 'plainreader', password: 'Plain12345' } })).data;
    expect((await ts.api('GET', '/system/config/configKey/test.value', { token: plain })).code).toBe(403);
    expect((await ts.api('GET', '/system/config/configKey/CMSModuleEnable', { token: plain })).code).toBe(200);
    expect((await ts.api('GET', '/system/config/configKey/test.value')).code).toBe(401);
  });
});

describe('GET /system/dict/data/type/:dictType', () => {
  it('lists enabled values by dict_sort with labels in the request language', async () => {
    const db = ts.database.db;
    await db.insert(sysDictData).values([
      { dictType: 'TestColour', dictValue: 'b', dictLabel: '蓝', dictSort: 2, listClass: 'primary' },
      { dictType: 'TestColour', dictValue: 'r', dictLabel: '红', dictSort: 1, isDefault: 'Y' },
      { dictType: 'TestColour', dictValue: 'x', dictLabel: '停用', dictSort: 0, status: '1' },
    ]);
    await db.insert(sysI18nDict).values([
      { langTag: 'en', langKey: 'DICT.TestColour.r', langValue: 'Red' },
      { langTag: 'en', langKey: 'DICT.TestColour.b', langValue: 'Blue' },
    ]);
    await reloadDbTexts(ts.server.services);
    const zh = await ts.api('GET', '/system/dict/data/type/TestColour', { token });
    expect(zh.data.map((d: { dictLabel: string }) => d.dictLabel)).toEqual(['红', '蓝']);
    expect(zh.data[0]).toEqual({ dictCode: expect.any(Number), dictSort: 1, dictLabel: '红', dictValue: 'r', dictType: 'TestColour', isDefault: 'Y', status: '0' });
    expect(zh.data[1].listClass).toBe('primary');
    const en = await ts.api('GET', '/system/dict/data/type/TestColour', { token, headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect(en.data.map((d: { dictLabel: string }) => d.dictLabel)).toEqual(['Red', 'Blue']);
    expect((await ts.api('GET', '/system/dict/data/type/Nothing', { token })).data).toEqual([]);
  });
});

describe('GET /monitor/operlog/list', () => {
  it('pages the operation log with titles in the request language', async () => {
    const r = await ts.api('GET', '/monitor/operlog/list', { token, query: { title: 'oplog.profile', status: '0', pageSize: '1' }, headers: { 'accept-language': 'en' } });
    expect(r.code).toBe(200);
    expect(r.data.total).toBeGreaterThan(1);
    expect(r.data.rows).toHaveLength(1);
    expect(r.data.rows[0]).toMatchObject({ title: 'Personal info', status: '0', operName: 'dana' });
    expect(r.data.rows[0].operTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });
});
