import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { createUser, grantPermission } from '../../auth/test-fixtures.ts';
import { MENUS } from '../../shipped.ts';
import { inArray } from 'drizzle-orm';
import { sysMenu, sysSeedState } from '../../system/schema.ts';
import { seed } from '../../system/seed/index.ts';
import { shippedBy } from '../../../core/shipped.ts';
import { modules } from '../../index.ts';
import { verifyPassword } from '../../system/index.ts';
import { cmsMember, cmsMemberSession } from './schema.ts';
import { issueMemberToken, memberOfToken } from './session.ts';

// The console's Member screens (issue 31 item 2): Member List, Level Config, Exp Config through
// the HTTP API, as the console and ChestnutCMS clients call them.
const ts = useTestServer();
const H = { repeatSubmit: 'false', 'accept-language': 'en' };

const call = (method: string, path: string, body?: unknown, opts: { lang?: string; token?: string; query?: Record<string, string> } = {}) =>
  ts.api(method, path, { token: opts.token ?? ts.admin, body, query: opts.query, headers: { ...H, 'accept-language': opts.lang ?? 'en' } });
async function ok(method: string, path: string, body?: unknown, query?: Record<string, string>) {
  const r = await call(method, path, body, { query });
  expect(r.code, `${method} ${path}: ${r.msg}`).toBe(200);
  return r.data;
}
const stored = async (memberId: number) => (await ts.database.db.select().from(cmsMember).where(eq(cmsMember.memberId, memberId)))[0]!;

describe('Member List', () => {
  let alice = 0;

  it('adds a member with a hashed password it never shows, and finds it by name', async () => {
    alice = (await ok('POST', '/member', { userName: 'Alice_1', nickName: 'Alice', email: 'alice@example.com', password: 'Wonder123' })).memberId;
    const row = await stored(alice);
    expect(row.password).toMatch(/^scrypt\$/);
    expect(await verifyPassword('Wonder123', row.password)).toBe(true);
    expect(row.source).toBe('Admin');
    const list = await ok('GET', '/member/list', undefined, { userName: 'alice' });
    expect(list.rows.map((r: { userName: string }) => r.userName)).toEqual(['Alice_1']);
    expect(list.rows[0]).not.toHaveProperty('password');
    const detail = await ok('GET', `/member/detail/${alice}`);
    expect(detail).toMatchObject({ userName: 'Alice_1', email: 'alice@example.com', status: '0' });
    expect(JSON.stringify(detail)).not.toContain('scrypt');
    expect(await ok('GET', `/member/${alice}`)).not.toHaveProperty('password');
  });

  it('holds the spec\'s user name rules and the contact rule, in three languages', async () => {
    expect((await call('POST', '/member', { userName: '1abc', password: 'Secret123' })).msg).toBe('User Name must start with a letter and contain only letters, digits and underscores');
    expect((await call('POST', '/member', { userName: 'ab-c', password: 'Secret123' }, { lang: 'zh-CN' })).msg).toBe('用户名必须以字母开头，只能包含字母、数字和下划线');
    expect((await call('POST', '/member', { userName: 'ab c', password: 'Secret123' }, { lang: 'zh-TW' })).msg).toBe('使用者名稱必須以字母開頭，只能包含字母、數字和底線');
    expect((await call('POST', '/member', { nickName: 'Nobody', password: 'Secret123' })).msg).toBe('Enter at least one of the user name, phone number and email');
    expect((await call('POST', '/member', { userName: '', email: '', phoneNumber: '', password: 'Secret123' }, { lang: 'zh-CN' })).msg).toBe('用户名、手机号和邮箱不能同时为空');
    // A member with only a phone is fine; its empty address is no address (two such do not clash).
    await ok('POST', '/member', { phoneNumber: '13800000001', email: '', password: 'Secret123' });
    await ok('POST', '/member', { phoneNumber: '13800000002', email: '', password: 'Secret123' });
  });

  it('refuses a user name or address another member has, whatever its case', async () => {
    expect(await call('POST', '/member', { userName: 'ALICE_1', password: 'Secret123' })).toMatchObject({ code: 500, msg: 'The user name "ALICE_1" is already registered' });
    expect((await call('POST', '/member', { userName: 'Bob', email: 'Alice@Example.com', password: 'Secret123' }, { lang: 'zh-CN' })).msg).toBe('邮箱“Alice@Example.com”已被使用');
    const bob = (await ok('POST', '/member/add', { userName: 'Bob', email: 'bob@example.com', password: 'Secret123' })).memberId;
    expect((await call('POST', '/member/update', { memberId: bob, email: 'ALICE@example.com' })).msg).toBe('The email "ALICE@example.com" is already in use');
    // Its own values are no clash.
    await ok('POST', '/member/update', { memberId: bob, email: 'BOB@example.com', nickName: 'Bobby' });
    expect(await stored(bob)).toMatchObject({ email: 'BOB@example.com', nickName: 'Bobby' });
  });

  it('never takes a password from an edit', async () => {
    const before = (await stored(alice)).password;
    await ok('PUT', '/member', { memberId: alice, nickName: 'Alice A', password: 'Hacked123' });
    expect((await stored(alice)).password).toBe(before);
  });

  it('disables a member, which signs it out everywhere, and enables it again', async () => {
    const token = await issueMemberToken(ts.database.db, alice, { ip: '127.0.0.1' });
    expect(await memberOfToken(ts.database.db, token)).not.toBeNull();
    await ok('PUT', '/member/changeStatus', { memberId: alice, status: '1' });
    expect((await stored(alice)).status).toBe('1');
    expect(await memberOfToken(ts.database.db, token)).toBeNull();
    expect(await ts.database.db.select().from(cmsMemberSession).where(eq(cmsMemberSession.memberId, alice))).toEqual([]);
    await ok('PUT', '/member/changeStatus', { memberId: alice, status: '0' });
    expect((await stored(alice)).status).toBe('0');
  });

  it('resets a password after the security rules, ending the member\'s sessions', async () => {
    const token = await issueMemberToken(ts.database.db, alice, { ip: '127.0.0.1' });
    expect((await call('POST', '/member/resetPassword', { memberId: alice, password: '123' })).msg).toMatch(/^The password must be between \d+ and \d+ characters$/);
    await ok('POST', '/member/resetPassword', { memberId: alice, password: 'NewPass123' });
    expect(await verifyPassword('NewPass123', (await stored(alice)).password)).toBe(true);
    expect(await memberOfToken(ts.database.db, token)).toBeNull();
    expect((await call('POST', '/member/resetPassword', { memberId: 999999, password: 'NewPass123' })).code).toBe(500);
  });

  it('exports the list as a spreadsheet', async () => {
    const res = await ts.server.app.inject({ method: 'POST', url: '/prod-api/member/list', headers: { authorization: `Bearer ${ts.admin}`, 'cc-export': 'true', ...H }, payload: {} });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
  });

  it('deletes members', async () => {
    const gone = (await ok('POST', '/member', { userName: 'Gone', password: 'Secret123' })).memberId;
    await ok('POST', '/member/delete', [gone]);
    expect((await call('GET', `/member/${gone}`)).code).toBe(500);
  });
});

describe('Level Config and Exp Config', () => {
  it('keeps one row per level and per operation, and members follow a change of levels', async () => {
    await ok('POST', '/member/levelConfig/add', { levelType: 'exp', level: 1, name: 'Newcomer', nextNeedExp: 10 });
    await ok('POST', '/member/levelConfig', { level: 2, name: 'Regular', nextNeedExp: 50 });
    expect((await call('POST', '/member/levelConfig', { level: 2, name: 'Again' })).msg).toBe('Level "2" already exists');
    const levels = await ok('GET', '/member/levelConfig/list');
    expect(levels.rows.map((r: { name: string }) => r.name)).toEqual(['Newcomer', 'Regular']);
    await ok('POST', '/member/expConfig/add', { opType: 'comment', exp: 3, dayLimit: 2 });
    expect((await call('POST', '/member/expConfig', { opType: 'comment', exp: 1 }, { lang: 'zh-CN' })).msg).toBe('操作类型“comment”已存在');
    expect((await call('POST', '/member/expConfig', { opType: 'hack', exp: 1 })).code).toBe(500);
    expect((await ok('GET', '/member/expConfig/types')).map((x: { id: string }) => x.id)).toContain('signIn');
    expect(await ok('GET', '/member/levelConfig/types')).toEqual([{ id: 'exp', name: 'Experience level' }]);
    // A member with 12 exp is at level 2 once the levels exist.
    const m = (await ok('POST', '/member', { userName: 'Leveller', password: 'Secret123' })).memberId;
    await ts.database.db.update(cmsMember).set({ exp: 12 }).where(eq(cmsMember.memberId, m));
    await ok('POST', '/member/levelConfig', { level: 3, name: 'Veteran', nextNeedExp: 0 });
    expect((await stored(m)).level).toBe(2);
  });
});

describe('access', () => {
  let nobody = '';
  let viewer = '';
  beforeAll(async () => {
    await createUser(ts.database.db, 'memnobody');
    await grantPermission(ts.database.db, 'member_viewer', 'member:list:view');
    await createUser(ts.database.db, 'memviewer', { roles: ['member_viewer'] });
    nobody = await ts.login('memnobody', 'Secret123');
    viewer = await ts.login('memviewer', 'Secret123');
  });

  it('refuses a user without the member keys, and lets a viewer only read', async () => {
    for (const [m, p, body] of [['GET', '/member/list'], ['GET', '/member/levelConfig/list'], ['GET', '/member/expConfig/list'], ['POST', '/member', { userName: 'X1', password: 'Secret123' }], ['POST', '/member/resetPassword', { memberId: 1, password: 'Secret123' }]] as const) {
      expect((await call(m, p, body, { token: nobody })).code, `${m} ${p}`).toBe(403);
    }
    expect((await call('GET', '/member/list', undefined, { token: viewer })).code).toBe(200);
    expect((await call('POST', '/member', { userName: 'X2', password: 'Secret123' }, { token: viewer })).code).toBe(403);
    expect((await call('PUT', '/member/changeStatus', { memberId: 1, status: '1' }, { token: viewer })).code).toBe(403);
    expect((await call('POST', '/member/resetPassword', { memberId: 1, password: 'Secret123' }, { token: viewer })).code).toBe(403);
  });

  it('ships the menus under ChestnutCMS\'s ids and keys', async () => {
    const rows = await ts.database.db.select({ id: sysMenu.menuId, perms: sysMenu.perms, parent: sysMenu.parentId }).from(sysMenu);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(2063)).toMatchObject({ perms: 'member:list:view', parent: 2060 });
    expect(byId.get(2062)).toMatchObject({ perms: 'member:level:view', parent: 2060 });
    expect(byId.get(2061)).toMatchObject({ perms: 'member:exp:view', parent: 2060 });
    expect(byId.get(3403)?.perms).toBe('member:list:resetPwd');
    expect(byId.get(3404)?.perms).toBe('member:list:export');
    expect(MENUS.filter((m) => m.perms?.startsWith('member:member'))).toEqual([]);
  });

  it('moves an older database\'s member:member keys to member:list once', async () => {
    const db = ts.database.db;
    const ids = [2063, 3400, 3401, 3402, 3403];
    for (const [id, action] of [[2063, 'view'], [3400, 'add'], [3401, 'edit'], [3402, 'remove'], [3403, 'resetPwd']] as const) {
      await db.update(sysMenu).set({ perms: `member:member:${action}` }).where(eq(sysMenu.menuId, id));
    }
    await db.delete(sysSeedState).where(eq(sysSeedState.step, 'member-menu-keys'));
    await seed(db, shippedBy(modules));
    const rows = await db.select({ perms: sysMenu.perms }).from(sysMenu).where(inArray(sysMenu.menuId, ids));
    expect(rows.map((r) => r.perms).sort()).toEqual(['member:list:add', 'member:list:edit', 'member:list:remove', 'member:list:resetPwd', 'member:list:view']);
  });
});
