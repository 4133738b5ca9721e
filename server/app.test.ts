import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { createServer, type CastaneaServer } from './app.ts';
import type { Database } from './db/client.ts';
import { openMigratedPglite } from '../tests/helpers/migrated-database.ts';
import { defineRoute, type AnyRoute, type ServerModule } from './core/route.ts';
import { createSession } from './modules/auth/session.ts';
import { hashPassword } from './modules/system/password.ts';
import { sysMenu, sysRole, sysRoleMenu, sysUser, sysUserRole } from './modules/system/schema.ts';
import { sysOperLog } from './modules/monitor/schema.ts';
import { requiredText } from '../shared/validators/common.ts';
import { v } from '../shared/validators/issues.ts';
import type { InjectOptions } from 'fastify';

// The pipeline every route goes through, pinned with a throwaway module.
const probe: ServerModule = {
  name: 'probe',
  routes: [
    defineRoute({ method: 'GET', url: '/probe/open', perm: 'public', handler: () => 'open' }),
    defineRoute({ method: 'GET', url: '/probe/me', perm: 'login', handler: ({ actor }) => actor?.userName }),
    defineRoute({ method: 'GET', url: '/probe/frame', perm: 'login', tokenInQuery: true, handler: ({ actor }) => actor?.userName }),
    defineRoute({ method: 'GET', url: '/probe/guarded', perm: 'probe:thing:view', handler: () => 'secret' }),
    defineRoute({
      method: 'POST',
      url: '/probe/things',
      perm: 'probe:thing:add',
      body: z.object({ nickName: requiredText(30), password: z.string().min(6, v('length', { min: 6, max: 20 })) }),
      log: { title: 'probe.thing', type: 'ADD' },
      handler: ({ body }) => ({ saved: body.nickName }),
    }),
    defineRoute({ method: 'PUT', url: '/probe/touch', perm: 'probe:thing:add', log: false, handler: () => 'touched' }),
    defineRoute({
      method: 'DELETE',
      url: '/probe/things',
      perm: 'probe:thing:add',
      body: z.array(z.number()),
      log: { title: 'probe.thing', type: 'DELETE' },
      handler: ({ body }) => ({ removed: body.length }),
    }),
  ],
};

let server: CastaneaServer;
let database: Database;
let editorToken: string;
let plainToken: string;

async function userWith(db: Database['db'], userName: string, perms: string[]) {
  const [u] = await db.insert(sysUser).values({ userName, nickName: userName, password: await hashPassword('x1234567') }).returning();
  if (perms.length) {
    const [r] = await db.insert(sysRole).values({ roleName: userName, roleKey: `${userName}_role` }).returning();
    for (const p of perms) {
      const [m] = await db.insert(sysMenu).values({ menuName: p, menuType: 'F', perms: p }).returning();
      await db.insert(sysRoleMenu).values({ roleId: r!.roleId, menuId: m!.menuId });
    }
    await db.insert(sysUserRole).values({ userId: u!.userId, roleId: r!.roleId });
  }
  return createSession(db, u!.userId, { ip: '127.0.0.1', browser: 'test', os: 'test' });
}

const call = async (method: string, url: string, token?: string, payload?: unknown, headers: Record<string, string> = {}) =>
  (await server.app.inject({ method: method as 'GET', url: `/prod-api${url}`, payload: payload as InjectOptions['payload'], headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } })).json();

beforeAll(async () => {
  database = await openMigratedPglite();
  server = await createServer({ database, modules: [probe], config: { logRequests: false, consoleDir: '/nonexistent' } });
  editorToken = await userWith(database.db, 'probe_editor', ['probe:thing:view', 'probe:thing:add']);
  plainToken = await userWith(database.db, 'probe_plain', []);
});
afterAll(async () => {
  await server.close();
  await database.close();
});

describe('request pipeline', () => {
  it('refuses to mount a route that declares no permission', async () => {
    const bad = { name: 'bad', routes: [{ method: 'GET', url: '/x', handler: () => 1 } as unknown as AnyRoute] };
    const db2 = await openMigratedPglite();
    await expect(createServer({ database: db2, modules: [bad], config: { consoleDir: '/nonexistent' } })).rejects.toThrow(/declares no permission/);
    await db2.close();
  });

  it('wraps data in the envelope and serves public routes without a token', async () => {
    expect(await call('GET', '/probe/open')).toEqual({ code: 200, msg: '操作成功', data: 'open' });
  });

  it('answers 401 without a valid session, in the request language', async () => {
    expect((await call('GET', '/probe/me')).code).toBe(401);
    const en = await call('GET', '/probe/me', 'not-a-token', undefined, { 'accept-language': 'en-US,en;q=0.9' });
    expect(en).toMatchObject({ code: 401, msg: expect.stringMatching(/^Authentication failed/) });
    expect(await call('GET', '/probe/me', plainToken)).toMatchObject({ code: 200, data: 'probe_plain' });
  });

  it('takes a token from ?Authorization= only on a route that declares it', async () => {
    const viaQuery = async (url: string) =>
      (await server.app.inject({ method: 'GET', url: `/prod-api${url}`, query: { Authorization: `Bearer ${plainToken}` } })).json();
    expect(await viaQuery('/probe/frame')).toMatchObject({ code: 200, data: 'probe_plain' });
    expect((await viaQuery('/probe/me')).code).toBe(401);
  });

  it('answers 403 without the permission key and 200 with it', async () => {
    expect(await call('GET', '/probe/guarded', plainToken)).toMatchObject({ code: 403, msg: expect.stringContaining('probe:thing:view') });
    expect(await call('GET', '/probe/guarded', editorToken)).toMatchObject({ code: 200, data: 'secret' });
  });

  it('names the bad field in a localized validation message', async () => {
    const zh = await call('POST', '/probe/things', editorToken, { nickName: '   ', password: 'abcdefg' });
    expect(zh).toEqual({ code: 500, msg: '用户昵称不能为空' });
    const tw = await call('POST', '/probe/things', editorToken, { nickName: 'ok', password: 'abc' }, { 'accept-language': 'zh-TW' });
    expect(tw).toEqual({ code: 500, msg: '密碼長度必須介於 6 和 20 之間' });
  });

  it('refuses the same write within 1000 ms with 601 unless repeatSubmit is false', async () => {
    const body = { nickName: 'twice', password: 'abcdefg' };
    expect((await call('POST', '/probe/things', editorToken, body)).code).toBe(200);
    expect((await call('POST', '/probe/things', editorToken, body)).code).toBe(601);
    expect((await call('POST', '/probe/things', editorToken, body, { repeatSubmit: 'false' })).code).toBe(200);
    expect((await call('POST', '/probe/things', editorToken, { ...body, nickName: 'other' })).code).toBe(200);
    // Spec §8 guards POST and PUT only: deleting the same ids again at once is answered.
    expect((await call('DELETE', '/probe/things', editorToken, [1, 2])).code).toBe(200);
    expect((await call('DELETE', '/probe/things', editorToken, [1, 2])).code).toBe(200);
  });

  it('takes a JSON content type with an empty body as no body, and names a malformed one in the envelope', async () => {
    const send = (payload: string) =>
      server.app.inject({ method: 'PUT', url: '/prod-api/probe/touch', headers: { authorization: `Bearer ${editorToken}`, 'content-type': 'application/json', 'accept-language': 'en', repeatSubmit: 'false' }, payload });
    expect((await send('')).json()).toEqual({ code: 200, msg: 'Success', data: 'touched' });
    expect((await send('{bad')).json()).toEqual({ code: 500, msg: 'The request body is not valid JSON' });
  });

  it('refuses a body nested too deeply in the envelope, malformed or valid, and takes one at the limit (issue 26 N10)', async () => {
    const send = (payload: string, lng = 'en') =>
      server.app.inject({ method: 'PUT', url: '/prod-api/probe/touch', headers: { authorization: `Bearer ${editorToken}`, 'content-type': 'application/json', 'accept-language': lng, repeatSubmit: 'false' }, payload });
    const tooDeep = { code: 500, msg: 'The request body is nested too deeply (at most 64 levels of lists and objects)' };
    expect((await send('['.repeat(100_000))).json()).toEqual(tooDeep);
    // Valid JSON parses, then overflowed every recursive walk over it ("internal" before).
    expect((await send('['.repeat(100_000) + ']'.repeat(100_000))).json()).toEqual(tooDeep);
    expect((await send('{"a":'.repeat(65) + '1' + '}'.repeat(65))).json()).toEqual(tooDeep);
    expect((await send('['.repeat(65) + ']'.repeat(65), 'zh-TW')).json()).toEqual({ code: 500, msg: '請求內容巢狀層數過多（清單與物件最多巢狀 64 層）' });
    expect((await send('{"a":'.repeat(64) + '"[[[["' + '}'.repeat(64))).json()).toEqual({ code: 200, msg: 'Success', data: 'touched' });
  });

  it('logs every write with the password masked', async () => {
    await call('POST', '/probe/things', editorToken, { nickName: 'logged', password: 'hunter22' });
    const rows = await database.db.select().from(sysOperLog).where(eq(sysOperLog.operName, 'probe_editor'));
    const row = rows.find((r) => r.operParam?.includes('logged'));
    expect(row).toMatchObject({ title: 'probe.thing', businessType: 'ADD', requestMethod: 'POST', status: '0', operUrl: '/prod-api/probe/things' });
    expect(row!.operParam).not.toContain('hunter22');
    expect(row!.operParam).toContain('******');
  });

  it('gives unknown API paths a localized 404 envelope', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/prod-api/nowhere', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, msg: 'Resource does not exist: /prod-api/nowhere' });
  });
});
