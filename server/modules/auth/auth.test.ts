import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../../tests/helpers/server.ts';
import { sysConfig, sysMenu, sysRole, sysSecurityConfig, sysUser } from '../system/schema.ts';
import { sysLogininfor } from '../monitor/schema.ts';
import { sysSession } from './schema.ts';
import { createUser, ensureRole, grantPermission } from './test-fixtures.ts';
import { ADMIN_INITIAL_PASSWORD } from '../system/seed/index.ts';

let ts: TestServer;
const login = (username: string, password: string, headers: Record<string, string> = {}) =>
  ts.api('POST', '/login', { body: { username, password }, headers });
const lastLoginLog = async (userName: string) => {
  const [row] = await ts.database.db.select().from(sysLogininfor).where(eq(sysLogininfor.userName, userName)).orderBy(desc(sysLogininfor.infoId)).limit(1);
  return row;
};

beforeAll(async () => {
  ts = await startTestServer();
  // No retry limit here: attempts.test.ts is about the limit the seeded config sets.
  await ts.database.db.update(sysSecurityConfig).set({ status: '1' });
  await createUser(ts.database.db, 'alice', { password: 'Alice12345', roles: ['admin'], nickName: 'Alice' });
  await createUser(ts.database.db, 'ed', { password: 'Editor123', roles: ['editor'] });
  await createUser(ts.database.db, 'nobody', { password: 'Nobody123' });
  await createUser(ts.database.db, 'frozen', { password: 'Frozen123', status: '1' });
  await createUser(ts.database.db, 'locked', { password: 'Locked123', status: '2' });
  await createUser(ts.database.db, 'waiting', { password: 'Waiting123', lockEndTime: new Date(Date.now() + 60_000) });
});
afterAll(() => ts?.close());

describe('POST /login', () => {
  it('returns the token as data and records a successful login-log row', async () => {
    const r = await login('alice', 'Alice12345', { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0) Chrome/120.0' });
    expect(r.code).toBe(200);
    expect(typeof r.data).toBe('string');
    expect((r.data as string).length).toBeGreaterThan(20);
    const log = await lastLoginLog('alice');
    expect(log).toMatchObject({ status: '0', msg: '登录成功', browser: 'Chrome', os: 'Windows', ipaddr: '127.0.0.1' });
  });

  it('answers a wrong password with code 500 in zh-CN by default and in English on request, and logs the failure', async () => {
    const zh = await login('alice', 'wrong-password');
    expect(zh).toEqual({ code: 500, msg: '用户名或密码错误' });
    const en = await login('alice', 'wrong-password', { 'accept-language': 'en' });
    expect(en).toEqual({ code: 500, msg: 'Wrong user name or password' });
    const log = await lastLoginLog('alice');
    // The log is written in zh-CN whatever language the attempt used.
    expect(log).toMatchObject({ status: '1', msg: '用户名或密码错误' });
  });

  it('gives an unknown user the same message as a wrong password', async () => {
    expect(await login('ghost', 'whatever1')).toEqual({ code: 500, msg: '用户名或密码错误' });
    expect(await lastLoginLog('ghost')).toMatchObject({ status: '1' });
  });

  it('refuses disabled and locked accounts with their own messages', async () => {
    expect(await login('frozen', 'Frozen123')).toEqual({ code: 500, msg: '账号已被停用，请联系管理员' });
    expect(await login('locked', 'Locked123', { 'accept-language': 'en' })).toEqual({ code: 500, msg: 'This account is locked, please try again later' });
    expect((await login('waiting', 'Waiting123')).msg).toBe('账号已被锁定，请稍后再试');
    // A disabled account is only revealed to someone holding its password.
    expect((await login('frozen', 'not-it')).msg).toBe('用户名或密码错误');
    expect(await lastLoginLog('frozen')).toMatchObject({ status: '1' });
  });

  it('names the missing field when the body is incomplete', async () => {
    const r = await ts.api('POST', '/login', { body: { username: 'alice' } });
    expect(r).toEqual({ code: 500, msg: '密码不能为空' });
  });

  it('moves the previous login address and date to prev_login_* on each sign-in', async () => {
    await login('nobody', 'Nobody123');
    const [first] = await ts.database.db.select().from(sysUser).where(eq(sysUser.userName, 'nobody'));
    expect(first!.loginDate).toBeInstanceOf(Date);
    await login('nobody', 'Nobody123');
    const [second] = await ts.database.db.select().from(sysUser).where(eq(sysUser.userName, 'nobody'));
    expect(second!.prevLoginDate?.getTime()).toBe(first!.loginDate!.getTime());
    expect(second!.prevLoginIp).toBe(first!.loginIp);
    expect(second!.loginDate!.getTime()).toBeGreaterThanOrEqual(first!.loginDate!.getTime());
  });
});

describe('the seeded administrator', () => {
  it('signs in with the initial password and is told to change it', async () => {
    const token = (await login('admin', ADMIN_INITIAL_PASSWORD)).data as string;
    const info = await ts.api('GET', '/getInfo', { token });
    expect(info.data.user).toMatchObject({ userName: 'admin', forceModifyPassword: 'Y' });
    expect(info.data.permissions).toEqual(['*']);
  });
});

describe('GET /getInfo', () => {
  it('is 401 without a token or with a made-up one', async () => {
    expect((await ts.api('GET', '/getInfo')).code).toBe(401);
    expect((await ts.api('GET', '/getInfo', { token: 'not-a-token' })).code).toBe(401);
  });

  it('returns user, role keys and ["*"] for an admin, and never a password', async () => {
    const token = (await login('alice', 'Alice12345')).data as string;
    const r = await ts.api('GET', '/getInfo', { token });
    expect(r.code).toBe(200);
    expect(r.data.roles).toEqual(['admin']);
    expect(r.data.permissions).toEqual(['*']);
    expect(r.data.user).toMatchObject({ userName: 'alice', nickName: 'Alice', status: '0', sex: '2', forceModifyPassword: 'N', loginIp: '127.0.0.1' });
    expect(r.data.user.loginDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(r.data.user.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const raw = JSON.stringify(r);
    expect(raw).not.toMatch(/"password"\s*:/i);
    expect(Object.keys(r.data.user)).not.toContain('password');
    expect(raw).not.toContain('scrypt$');
  });

  it('gives a user without roles ROLE_DEFAULT and no permissions', async () => {
    const token = (await login('nobody', 'Nobody123')).data as string;
    const r = await ts.api('GET', '/getInfo', { token });
    expect(r.data.roles).toEqual(['ROLE_DEFAULT']);
    expect(r.data.permissions).toEqual([]);
  });
});

describe('permissions', () => {
  it('lets an editor read their own info but answers 403 on the login log list', async () => {
    const token = (await login('ed', 'Editor123')).data as string;
    expect((await ts.api('GET', '/getInfo', { token })).code).toBe(200);
    const denied = await ts.api('GET', '/monitor/logininfor/list', { token });
    expect(denied.code).toBe(403);
    expect(denied.msg).toContain('monitor:logininfor:view');
    expect((await ts.api('GET', '/monitor/operlog/list', { token })).code).toBe(403);
    expect((await ts.api('GET', '/monitor/logininfor/list')).code).toBe(401);
  });

  it('lets a non-admin holding exactly monitor:logininfor:view read the login log, and nothing more', async () => {
    await grantPermission(ts.database.db, 'auditor', 'monitor:logininfor:view');
    await createUser(ts.database.db, 'aud', { password: 'Auditor123', roles: ['auditor'] });
    const token = (await login('aud', 'Auditor123')).data as string;
    expect((await ts.api('GET', '/monitor/logininfor/list', { token })).code).toBe(200);
    expect((await ts.api('GET', '/monitor/operlog/list', { token })).code).toBe(403);
    expect((await ts.api('GET', '/getInfo', { token })).data.permissions).toEqual(['monitor:logininfor:view']);
  });

  it('lists login-log rows, paged and filtered, for a user holding the permission', async () => {
    const token = (await login('alice', 'Alice12345')).data as string;
    const all = await ts.api('GET', '/monitor/logininfor/list', { token, query: { pageNum: '1', pageSize: '2' } });
    expect(all.code).toBe(200);
    expect(all.data.rows).toHaveLength(2);
    expect(all.data.total).toBeGreaterThan(5);
    const failed = await ts.api('GET', '/monitor/logininfor/list', { token, query: { userName: 'fro', status: '1', pageSize: '50' } });
    expect(failed.data.rows.length).toBeGreaterThan(0);
    expect(failed.data.rows.every((r: { userName: string; status: string }) => r.userName === 'frozen' && r.status === '1')).toBe(true);
    expect(failed.data.rows[0].loginTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const future = await ts.api('GET', '/monitor/logininfor/list', { token, query: { beginTime: '2999-01-01' } });
    expect(future.data).toEqual({ rows: [], total: 0 });
  });
});

describe('POST /logout', () => {
  it('revokes the session (the token then gets 401), logs it, and is harmless when repeated', async () => {
    const token = (await login('nobody', 'Nobody123')).data as string;
    expect((await ts.api('GET', '/getInfo', { token })).code).toBe(200);
    expect(await ts.api('POST', '/logout', { token })).toMatchObject({ code: 200 });
    expect((await ts.api('GET', '/getInfo', { token })).code).toBe(401);
    expect(await lastLoginLog('nobody')).toMatchObject({ status: '0', msg: '退出成功' });
    expect((await ts.api('POST', '/logout', { token })).code).toBe(200);
    expect((await ts.api('POST', '/logout')).code).toBe(200);
    const [s] = await ts.database.db.select().from(sysSession).where(eq(sysSession.userId, (await ts.database.db.select().from(sysUser).where(eq(sysUser.userName, 'nobody')))[0]!.userId)).orderBy(desc(sysSession.loginTime)).limit(1);
    expect(s!.revokedAt).toBeInstanceOf(Date);
  });
});

describe('GET /login/config and POST /register', () => {
  it('reports captcha off and registration off by default; register is refused', async () => {
    const cfg = await ts.api('GET', '/login/config');
    expect(cfg.data).toEqual({ captcha: { enabled: false, type: 'Text' }, registerEnabled: false });
    const captcha = await ts.api('GET', '/captchaImage');
    expect(captcha).toMatchObject({ code: 200, data: { captchaEnabled: false } });
    const r = await ts.api('POST', '/register', { body: { username: 'newbie', password: 'Newbie123', confirmPassword: 'Newbie123' } });
    expect(r).toEqual({ code: 500, msg: '当前系统没有开启注册功能' });
  });

  it('registers a user with no roles when sys.account.registerUser is true, and refuses a duplicate', async () => {
    await ts.database.db
      .insert(sysConfig)
      .values({ configName: 'register', configKey: 'sys.account.registerUser', configValue: 'true' })
      .onConflictDoUpdate({ target: sysConfig.configKey, set: { configValue: 'true' } });
    expect((await ts.api('GET', '/login/config')).data.registerEnabled).toBe(true);
    const mismatch = await ts.api('POST', '/register', { body: { username: 'newbie', password: 'Newbie123', confirmPassword: 'Other123' } });
    expect(mismatch).toEqual({ code: 500, msg: '两次输入的密码不一致' });
    const ok = await ts.api('POST', '/register', { body: { username: 'newbie', password: 'Newbie123', confirmPassword: 'Newbie123' } });
    expect(ok.code).toBe(200);
    const token = (await login('newbie', 'Newbie123')).data as string;
    const info = await ts.api('GET', '/getInfo', { token });
    expect(info.data.user).toMatchObject({ userName: 'newbie', nickName: 'newbie' });
    expect(info.data.user.deptId).toBeUndefined();
    expect(info.data.roles).toEqual(['ROLE_DEFAULT']);
    const dup = await ts.api('POST', '/register', { body: { username: 'newbie', password: 'Newbie123', confirmPassword: 'Newbie123' }, headers: { 'accept-language': 'en' } });
    expect(dup).toEqual({ code: 500, msg: 'Cannot register "newbie": the account already exists' });
  });
});

describe('GET /getRouters', () => {
  it('is 401 without a token', async () => {
    expect((await ts.api('GET', '/getRouters')).code).toBe(401);
  });

  it('gives the admin the seeded top-level directories and an editor none of System or Monitor', async () => {
    const db = ts.database.db;
    const tops = await db.select().from(sysMenu).where(eq(sysMenu.parentId, 0));
    const system = tops.find((m) => m.path === 'system' && m.menuType === 'M');
    const monitor = tops.find((m) => m.path === 'monitor' && m.menuType === 'M');
    // Uses the seed's menus (System and Monitor directories) and its editor role.
    expect(system).toBeDefined();
    expect(monitor).toBeDefined();
    await ensureRole(db, 'editor');
    const admin = (await login('alice', 'Alice12345')).data as string;
    const adminTree = await ts.api('GET', '/getRouters', { token: admin });
    expect(adminTree.code).toBe(200);
    const adminPaths = adminTree.data.map((r: { path: string }) => r.path);
    expect(adminPaths).toEqual(expect.arrayContaining(['/system', '/monitor']));
    const sys = adminTree.data.find((r: { path: string }) => r.path === '/system');
    expect(sys).toMatchObject({ component: 'Layout', alwaysShow: true, redirect: 'noRedirect', hidden: false });
    expect(sys.children.length).toBeGreaterThan(0);
    expect(sys.meta.title).toBe(system!.menuName);
    const en = await ts.api('GET', '/getRouters', { token: admin, headers: { 'accept-language': 'en' } });
    expect(en.data.find((r: { path: string }) => r.path === '/system').meta.title).toBe('System');

    const editor = (await login('ed', 'Editor123')).data as string;
    const editorTree = await ts.api('GET', '/getRouters', { token: editor });
    expect(editorTree.code).toBe(200);
    const editorPaths = editorTree.data.map((r: { path: string }) => r.path);
    expect(editorPaths).not.toContain('/system');
    expect(editorPaths).not.toContain('/monitor');
    // Whatever the editor keeps, no directory comes back empty.
    expect(editorTree.data.length).toBeGreaterThan(0);
    for (const r of editorTree.data) expect(r.children?.length).toBeGreaterThan(0);
  });
});

describe('getInfo tells the console when a password has expired', () => {
  it('reports isPasswordExpired once the enabled security config says so', async () => {
    const u = await createUser(ts.database.db, 'stale_pw', { password: 'Stale1234' });
    const token = (await ts.api('POST', '/login', { body: { username: 'stale_pw', password: 'Stale1234' } })).data as string;
    expect((await ts.api('GET', '/getInfo', { token })).data.user.isPasswordExpired).toBe(false);
    await ts.database.db.insert(sysSecurityConfig).values({ status: '0', passwordExpireSeconds: 86400 });
    await ts.database.db.update(sysUser).set({ passwordModifyTime: new Date(Date.now() - 2 * 86400_000) }).where(eq(sysUser.userId, u.userId));
    expect((await ts.api('GET', '/getInfo', { token })).data.user.isPasswordExpired).toBe(true);
    await ts.database.db.delete(sysSecurityConfig).where(eq(sysSecurityConfig.status, '0'));
  });
});

// Issue #8, low items.

describe('user names ignore case', () => {
  it('signs in as the account whatever the case typed, and records its real name', async () => {
    const r = await login('ALICE', 'Alice12345');
    expect(r.code).toBe(200);
    expect((await ts.api('GET', '/getInfo', { token: r.data as string })).data.user.userName).toBe('alice');
    expect(await lastLoginLog('alice')).toMatchObject({ status: '0' });
  });

  it('refuses a new account whose name differs from an existing one only by case', async () => {
    await ts.database.db.update(sysUser).set({ forceModifyPassword: 'N' }).where(eq(sysUser.userName, 'admin'));
    const admin = (await login('admin', ADMIN_INITIAL_PASSWORD)).data as string;
    const made = await ts.api('POST', '/system/user', { token: admin, headers: { 'accept-language': 'en' }, body: { userName: 'Alice', nickName: 'Other Alice', password: 'Other12345', deptId: 100 } });
    expect(made).toEqual({ code: 500, msg: 'User name "alice" already exists' });
    await expect(createUser(ts.database.db, 'NOBODY')).rejects.toThrow();
  });
});

describe('POST /register applies the enabled security config', () => {
  it('refuses a password the config forbids, as user creation does', async () => {
    const db = ts.database.db;
    await db.insert(sysConfig).values({ configName: 'register', configKey: 'sys.account.registerUser', configValue: 'true' })
      .onConflictDoUpdate({ target: sysConfig.configKey, set: { configValue: 'true' } });
    await db.insert(sysSecurityConfig).values({ status: '0', passwordLenMin: 8, passwordRule: 'LETTER_NUMBER', weakPasswords: 'password1' });
    const reg = (username: string, password: string) =>
      ts.api('POST', '/register', { body: { username, password, confirmPassword: password }, headers: { 'accept-language': 'en' } });
    expect((await reg('weakling', 'abcdef')).msg).toMatch(/between 8 and 20/);
    expect((await reg('weakling', 'abcdefgh')).code).toBe(500);
    expect((await reg('weakling', 'password1')).code).toBe(500);
    expect((await reg('Newbie', 'Strong123')).msg).toBe('Cannot register "Newbie": the account already exists');
    expect((await reg('weakling', 'Strong123')).code).toBe(200);
    await db.delete(sysSecurityConfig).where(eq(sysSecurityConfig.status, '0'));
  });
});

describe('a token in the URL', () => {
  it('is ignored by routes that do not declare it', async () => {
    const token = (await login('alice', 'Alice12345')).data as string;
    const viaQuery = await ts.api('GET', '/getInfo', { query: { Authorization: `Bearer ${token}` } });
    expect(viaQuery.code).toBe(401);
    const viaQueryList = await ts.api('GET', '/monitor/logininfor/list', { query: { Authorization: `Bearer ${token}` } });
    expect(viaQueryList.code).toBe(401);
  });
});

describe('PUT /monitor/logininfor/unlock/:userName', () => {
  it("acts only within the actor's data scope and answers alike for a name outside it and an unknown one", async () => {
    const db = ts.database.db;
    // A department administrator: may unlock, sees only department 101.
    await grantPermission(db, 'dept_admin', 'system:user:unlock');
    await db.update(sysRole).set({ dataScope: '3' }).where(eq(sysRole.roleKey, 'dept_admin'));
    const boss = await createUser(db, 'deptboss', { password: 'Boss12345', roles: ['dept_admin'] });
    const inside = await createUser(db, 'inside', { password: 'Inside123', lockEndTime: new Date(Date.now() + 600_000) });
    await createUser(db, 'outside', { password: 'Outside123', lockEndTime: new Date(Date.now() + 600_000) });
    await db.update(sysUser).set({ deptId: 101 }).where(eq(sysUser.userId, boss.userId));
    await db.update(sysUser).set({ deptId: 101 }).where(eq(sysUser.userId, inside.userId));
    await db.update(sysUser).set({ deptId: 100 }).where(eq(sysUser.userName, 'outside'));
    const token = (await login('deptboss', 'Boss12345')).data as string;
    const unlock = (name: string) => ts.api('PUT', `/monitor/logininfor/unlock/${name}`, { token, headers: { 'accept-language': 'en', repeatSubmit: 'false' } });

    const outside = await unlock('outside');
    const unknown = await unlock('nobody_at_all');
    expect(outside).toEqual({ code: 500, msg: 'The record does not exist or is out of your reach' });
    expect(unknown).toEqual(outside);
    expect((await login('outside', 'Outside123')).msg).toBe('账号已被锁定，请稍后再试');

    expect((await unlock('INSIDE')).code).toBe(200);
    expect((await login('inside', 'Inside123')).code).toBe(200);
  });

  it('never lifts the lock of someone holding more than the actor, however the name is spelt (issue 26 N5)', async () => {
    const db = ts.database.db;
    // A user manager who sees every user, but is no administrator.
    await grantPermission(db, 'unlockers', 'system:user:unlock');
    await db.update(sysRole).set({ dataScope: '1' }).where(eq(sysRole.roleKey, 'unlockers'));
    await createUser(db, 'unlocker', { password: 'Unlock123', roles: ['unlockers'] });
    await createUser(db, 'topdog', { password: 'Topdog123', roles: ['admin'], lockEndTime: new Date(Date.now() + 600_000) });
    await createUser(db, 'peer', { password: 'Peer12345', lockEndTime: new Date(Date.now() + 600_000) });
    const token = (await login('unlocker', 'Unlock123')).data as string;
    const unlock = (name: string) => ts.api('PUT', `/monitor/logininfor/unlock/${encodeURIComponent(name)}`, { token, headers: { 'accept-language': 'en', repeatSubmit: 'false' } });

    const refusal = { code: 500, msg: 'User "topdog" holds permissions or a data scope you do not hold; you cannot change that account' };
    for (const name of ['topdog', 'TOPDOG', ' TopDog ']) expect(await unlock(name), name).toEqual(refusal);
    expect((await login('topdog', 'Topdog123')).msg).toBe('账号已被锁定，请稍后再试');
    // Someone within the actor's power is unlocked, and a name without an account has nothing to protect.
    expect((await unlock('peer')).code).toBe(200);
    expect((await login('peer', 'Peer12345')).code).toBe(200);
    expect((await unlock('no_such_account')).code).toBe(200);
  });
});
