import { readdirSync } from 'node:fs';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestServer } from '../tests/helpers/server.ts';
import { MENUS } from './modules/shipped.ts';
import { GUARD_CHANNEL } from './db/guard.ts';
import type { ResourceDef } from '../shared/resources/define.ts';
import type { InjectOptions } from 'fastify';

// Issue 8, critical 1: a non-admin PUT or DELETE on users or departments froze the whole API
// (on PGlite the data-scope query ran on the outer database inside the write's transaction and
// waited for itself). The database guard now turns such a query into an error instead of a hang,
// so "it answered in time" is no longer enough: a department-scoped manager's legitimate writes
// must succeed and stick, and no reply of the sweep over every write route may come from the
// guard (it publishes each error it raises on GUARD_CHANNEL) or from any other unexpected error.
const ts = useTestServer();
const H = { repeatSubmit: 'false' };
const ROUTE_LIMIT_MS = 5000;
const ALIVE_LIMIT_MS = 2000;

const within = <T>(ms: number, what: string, p: Promise<T>) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms))]);

/** What the guard raised (an outer-database query inside a transaction, a wait or a transaction over its limit). */
const guardErrors: Error[] = [];
const onGuard = (err: unknown) => void guardErrors.push(err as Error);
beforeAll(() => subscribe(GUARD_CHANNEL, onGuard));
afterAll(() => void unsubscribe(GUARD_CHANNEL, onGuard));
beforeEach(() => void (guardErrors.length = 0));
const expectNoGuardError = () => expect(guardErrors.map((e) => `${e.name}: ${e.message}`), 'the database guard refused a query').toEqual([]);

let deskId: number;
let roleId: number;
let managerId: number;
let colleagueId: number;
let manager: string;

/** As the administrator, expecting success. */
const asAdmin = async (method: string, path: string, opts: { body?: unknown; query?: Record<string, string> } = {}) => {
  const r = await ts.api(method, path, { token: ts.admin, headers: H, ...opts });
  expect(r.code, `admin ${method} ${path}: ${r.msg}`).toBe(200);
  return r.data;
};
/** As the manager, within the time limit, expecting success (any refusal names itself in the failure). */
const asManager = async (method: string, path: string, body?: unknown) => {
  const r = await within(ROUTE_LIMIT_MS, `${method} ${path}`, ts.api(method, path, { token: manager, body, headers: H }));
  expect(r.code, `manager ${method} ${path} ${JSON.stringify(body)}: ${r.msg}`).toBe(200);
  return r.data;
};

beforeAll(async () => {
  // A manager holding every menu of the console, over the department "Desk" and below.
  deskId = (await asAdmin('POST', '/system/dept', { body: { deptName: 'Desk', parentId: 100 } })).deptId;
  const menuIds = MENUS.map((m) => m.menuId);
  roleId = (await asAdmin('POST', '/system/role', { body: { roleName: 'Managers', roleKey: 'managers', dataScope: '4', menuIds } })).roleId;
  managerId = (await asAdmin('POST', '/system/user', { body: { userName: 'manager1', nickName: 'Manager', deptId: deskId, password: 'Manage123', roleIds: [roleId] } })).userId;
  colleagueId = (await asAdmin('POST', '/system/user', { body: { userName: 'colleague', nickName: 'Colleague', deptId: deskId, password: 'Desk12345' } })).userId;
  const token = await ts.loginReady('manager1', 'Manage123');
  expect(token).toBeTruthy();
  manager = token;
});

describe('a department-scoped manager', () => {
  it('edits, resets, switches off and deletes users of the department, and it sticks', async () => {
    await asManager('PUT', '/system/user', { userId: colleagueId, nickName: 'Colleague B', email: 'colleague@example.com' });
    const edited = await asAdmin('GET', `/system/user/${colleagueId}`);
    expect(edited).toMatchObject({ nickName: 'Colleague B', email: 'colleague@example.com', updateBy: 'manager1' });

    await asManager('PUT', '/system/user/resetPwd', { userId: colleagueId, password: 'Fresh2024xy' });
    expect(await ts.login('colleague', 'Desk12345')).toBeFalsy();
    expect(await ts.login('colleague', 'Fresh2024xy')).toBeTruthy();

    await asManager('PUT', '/system/user/changeStatus', { userId: colleagueId, status: '1' });
    expect((await asAdmin('GET', `/system/user/${colleagueId}`)).status).toBe('1');
    await asManager('PUT', '/system/user/changeStatus', { userId: colleagueId, status: '0' });
    expect((await asAdmin('GET', `/system/user/${colleagueId}`)).status).toBe('0');

    const tempId = (await asManager('POST', '/system/user', { userName: 'temp1', nickName: 'Temp', deptId: deskId, password: 'Temp2024xy' })).userId;
    expect((await asAdmin('GET', `/system/user/${tempId}`)).userName).toBe('temp1');
    await asManager('DELETE', '/system/user', [tempId]);
    expect((await ts.api('GET', `/system/user/${tempId}`, { token: ts.admin })).code).toBe(500);
    expect((await asAdmin('GET', '/system/user/list', { query: { userName: 'temp1' } })).total).toBe(0);
    expectNoGuardError();
  });

  it('adds, edits and deletes departments of its subtree, and it sticks', async () => {
    const subId = (await asManager('POST', '/system/dept', { deptName: 'Sub desk', parentId: deskId })).deptId;
    await asManager('PUT', '/system/dept', { deptId: subId, deptName: 'Back desk', orderNum: 3, leader: 'Lee' });
    expect(await asAdmin('GET', `/system/dept/${subId}`)).toMatchObject({ deptName: 'Back desk', orderNum: 3, leader: 'Lee', updateBy: 'manager1' });
    // Its own department too.
    await asManager('PUT', '/system/dept', { deptId: deskId, orderNum: 7 });
    expect(await asAdmin('GET', `/system/dept/${deskId}`)).toMatchObject({ deptName: 'Desk', orderNum: 7, updateBy: 'manager1' });

    await asManager('DELETE', '/system/dept', [subId]);
    expect((await ts.api('GET', `/system/dept/${subId}`, { token: ts.admin })).code).toBe(500);
    expectNoGuardError();
  });

  it('grants and takes back its own role for users of the department, and it sticks', async () => {
    const holders = async () => ((await asAdmin('GET', '/system/role/authUser/allocatedList', { query: { roleId: String(roleId) } })).rows as { userId: number }[]).map((u) => u.userId);
    await asManager('PUT', '/system/role/authUser/selectAll', { roleId, userIds: [colleagueId] });
    expect(await holders()).toEqual([managerId, colleagueId]);
    await asManager('PUT', '/system/role/authUser/cancelAll', { roleId, userIds: [colleagueId] });
    expect(await holders()).toEqual([managerId]);
    await asManager('PUT', '/system/role/dataScope', { roleId, dataScope: '4' });
    expect(await asAdmin('GET', `/system/role/${roleId}`)).toMatchObject({ dataScope: '4', updateBy: 'manager1' });
    expectNoGuardError();
  });

  it('edits and switches a row of every other resource it may edit, and it sticks', async () => {
    // Every system and monitor resource (the CMS ones need a site and are covered by their own tests):
    // the manager edits the first row it can list, sending only the id (unsent fields stay as they
    // are), and the row then names the manager as its last editor. Users, departments and roles,
    // whose rows depend on power and scope, are the cases above.
    // Resources the seed leaves empty get one row from the administrator first.
    const firstRows: Record<string, Record<string, unknown>> = {
      notice: { noticeTitle: 'Desk notice' },
      iprule: { ip: '203.0.113.0/24', type: 'DENY' },
      messaging_config: { name: 'Desk hook', platform: 'WECOM', config: { url: 'https://hook.example.com/wecom' } },
      scheduled_task: { taskType: 'demo.echo', taskTrigger: 'Periodic', period: 60 },
    };
    const covered = [];
    for (const def of await resourceDefinitions(['system', 'monitor'])) {
      if (['user', 'dept', 'role'].includes(def.name) || !def.perms.edit) continue;
      if (!ts.server.routes.some((r) => r.method === 'PUT' && r.url === def.api)) continue;
      if (firstRows[def.name]) await asAdmin('POST', def.api, { body: firstRows[def.name] });
      const listed = await asManager('GET', `${def.api}/list`);
      const rows = (Array.isArray(listed) ? listed : listed.rows) as Record<string, unknown>[];
      const row = rows[0];
      if (!row) continue;
      const id = row[def.id];
      await asManager('PUT', def.api, { [def.id]: id });
      const stored = await asAdmin('GET', `${def.api}/${id}`);
      if ('updateBy' in stored) expect(stored.updateBy, `${def.api}/${id}`).toBe('manager1');
      if (typeof row.status === 'string' && ts.server.routes.some((r) => r.method === 'PUT' && r.url === `${def.api}/changeStatus`)) {
        await asManager('PUT', `${def.api}/changeStatus`, { [def.id]: id, status: row.status });
        expect((await asAdmin('GET', `${def.api}/${id}`)).status).toBe(row.status);
      }
      covered.push(def.name);
    }
    // Seeded rows exist for these at least; a resource that loses them would silently drop out.
    expect(covered).toEqual(expect.arrayContaining(['post', 'config', 'dict_type', 'dict_data', 'i18n_dict', 'menu', 'security_config', 'job', ...Object.keys(firstRows)]));
    expectNoGuardError();
  });
});

describe('every write route as a scoped non-admin', () => {
  it('answers in time with a reasoned reply, never the database guard, and leaves the server answering', async () => {
    const unexpected = ts.server.services.i18n.translator('zh-CN')('internal');
    // One body for every route: each route's schema keeps the fields it knows. The ids point at
    // rows inside the manager's department, so the writes reach their transactions.
    const body = {
      userId: colleagueId, deptId: deskId, roleId, status: '0', password: 'Colleague123',
      userName: 'helper1', nickName: 'Helper', deptName: 'Sub desk', parentId: deskId,
      postId: 1, menuId: 1, dictId: 1, dictCode: 1, configId: 1, noticeId: 1, ruleId: 1, jobId: 1, taskId: 1,
      userIds: [colleagueId],
    };
    const routes = ts.server.routes.filter((r) => r.method !== 'GET' && !['/login', '/register', '/logout'].includes(r.url));
    expect(routes.length).toBeGreaterThan(80);
    for (const r of routes) {
      const url = `/prod-api${r.url.replace(/:[A-Za-z]+/g, '1')}`;
      // A delete of ids that do not exist froze the server as surely as a real one.
      const payload = r.method === 'DELETE' ? [999_999] : body;
      const res = await within(ROUTE_LIMIT_MS, `${r.method} ${r.url}`, ts.server.app.inject({
        method: r.method, url, payload: payload as InjectOptions['payload'],
        headers: { authorization: `Bearer ${manager}`, 'content-type': 'application/json', ...H },
      }));
      const { code, msg } = res.json() as { code: number; msg: string };
      expect([200, 403, 500], `${r.method} ${r.url}: ${res.body}`).toContain(code);
      // A refusal names its reason; "unknown system error" is an error nobody expected.
      if (code === 500) expect(msg, `${r.method} ${r.url}`).not.toBe(unexpected);
      expectNoGuardError();
      const alive = await within(ALIVE_LIMIT_MS, `after ${r.method} ${r.url}, anonymous /login/config`, ts.api('GET', '/login/config'));
      expect(alive.code).toBe(200);
    }
    const helper = await ts.api('GET', '/system/user/list', { token: ts.admin, query: { userName: 'helper1' } });
    expect(helper.data.total).toBe(1);
  });
});

/** The resource definitions of the given areas of src/lib/resources. */
async function resourceDefinitions(areas: string[]): Promise<ResourceDef[]> {
  const defs: ResourceDef[] = [];
  for (const area of areas) {
    const dir = new URL(`../shared/resources/${area}/`, import.meta.url);
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      const mod = (await import(new URL(file, dir).href)) as Record<string, unknown>;
      for (const value of Object.values(mod)) {
        const def = value as ResourceDef;
        if (def && typeof def === 'object' && typeof def.api === 'string' && typeof def.id === 'string' && def.perms && def.fields) defs.push(def);
      }
    }
  }
  return defs;
}
