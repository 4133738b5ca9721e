import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../../tests/helpers/server.ts';
import { menuSubtree } from './seed/index.ts';
import { MENUS } from '../shipped.ts';
import { satisfies, type Actor } from '../../core/access.ts';
import { resolveActor } from '../auth/session.ts';

// Issue 4's first acceptance path, through the API: an admin sets up an editor confined to
// Content and to their own department; the server enforces both.
const ts = useTestServer();
const H = { repeatSubmit: 'false' };

const ok = async (method: string, path: string, body: unknown) => {
  const r = await ts.api(method, path, { token: ts.admin, body, headers: H });
  expect(r.code, `${method} ${path}: ${r.msg}`).toBe(200);
  return r.data;
};

describe('roles, departments, users and data scope', () => {
  let writerToken = '';
  let deptId = 0;

  // A Content-only role scoped to its department and a user holding it.
  beforeAll(async () => {
    deptId = (await ok('POST', '/system/dept', { deptName: 'Newsroom', parentId: 100 })).deptId;
    const postId = (await ok('POST', '/system/post', { postCode: 'writer', postName: 'Writer' })).postId;
    const cms = MENUS.find((m) => m.parentId === 0 && m.path === 'configs')!;
    const menuIds = menuSubtree(cms.menuId, MENUS).map((m) => m.menuId);
    const roleId = (await ok('POST', '/system/role', { roleName: 'Writers', roleKey: 'writers', dataScope: '3', menuIds })).roleId;
    await ok('POST', '/system/user', { userName: 'writer1', nickName: 'Writer One', deptId, password: 'Write123', roleIds: [roleId], postIds: [postId] });
    // A colleague elsewhere, outside the writer's scope.
    await ok('POST', '/system/user', { userName: 'outsider', nickName: 'Outsider', deptId: 101, password: 'Outside123' });
    const login = await ts.api('POST', '/login', { body: { username: 'writer1', password: 'Write123' } });
    expect(login.code, login.msg).toBe(200);
    writerToken = login.data as string;
    // Added by an administrator under the seeded security config: the writer changes the password first.
    const changed = await ts.api('PUT', '/system/user/profile/updatePwd', { token: writerToken, body: { oldPassword: 'Write123', newPassword: 'Newsroom2024', confirmPassword: 'Newsroom2024' } });
    expect(changed.code, changed.msg).toBe(200);
  });

  it('gives the new user a sidebar of Content only', async () => {
    const routers = (await ts.api('GET', '/getRouters', { token: writerToken })).data as { path: string }[];
    expect(routers.map((r) => r.path)).toEqual(['/configs']);
  });

  it('answers 403 on every registered route whose key the user lacks', async () => {
    const actor = (await resolveActor(ts.database.db, writerToken)) as Actor;
    const refused = ts.server.routes.filter((r) => !satisfies(actor, r.perm));
    expect(refused.length).toBeGreaterThan(20);
    for (const r of refused) {
      const url = r.url.replace(/:[A-Za-z]+/g, '1');
      const res = await ts.server.app.inject({ method: r.method, url: `/prod-api${url}`, headers: { authorization: `Bearer ${writerToken}`, 'content-type': 'application/json' }, payload: r.method === 'GET' ? undefined : '{}' });
      expect(res.json().code, `${r.method} ${r.url}`).toBe(403);
    }
  });

  it('limits an own-department role to its department', async () => {
    // Give the writers role user:view so the list is reachable; the scope still applies.
    const role = (await ts.api('GET', '/system/role/list', { token: ts.admin, query: { roleKey: 'writers' } })).data.rows[0];
    const grants = (await ts.api('GET', `/system/role/grants/${role.roleId}`, { token: ts.admin })).data;
    const userMenu = MENUS.find((m) => m.perms === 'system:user:view')!;
    await ok('PUT', '/system/role', { roleId: role.roleId, menuIds: [...grants.menuIds, userMenu.menuId] });
    const list = await ts.api('GET', '/system/user/list', { token: writerToken });
    expect(list.code).toBe(200);
    expect(list.data.rows.map((u: { userName: string }) => u.userName)).toEqual(['writer1']);
    const all = await ts.api('GET', '/system/user/list', { token: ts.admin, query: { pageSize: '50' } });
    expect(all.data.rows.map((u: { userName: string }) => u.userName)).toEqual(expect.arrayContaining(['admin', 'writer1', 'outsider']));
    expect(JSON.stringify(all.data)).not.toMatch(/scrypt|"password"/);
  });

  it('lets a role editor grant roles only within their data scope, and never the admin role', async () => {
    const role = (await ts.api('GET', '/system/role/list', { token: ts.admin, query: { roleKey: 'writers' } })).data.rows[0];
    const grants = (await ts.api('GET', `/system/role/grants/${role.roleId}`, { token: ts.admin })).data;
    const roleEdit = MENUS.find((m) => m.perms === 'system:role:edit')!;
    await ok('PUT', '/system/role', { roleId: role.roleId, menuIds: [...grants.menuIds, roleEdit.menuId] });
    const users = (await ts.api('GET', '/system/user/list', { token: ts.admin, query: { pageSize: '50' } })).data.rows as { userId: number; userName: string }[];
    const writer = users.find((u) => u.userName === 'writer1')!;
    const outsider = users.find((u) => u.userName === 'outsider')!;
    const adminRole = (await ts.api('GET', '/system/role/list', { token: ts.admin, query: { roleKey: 'admin' } })).data.rows.find((r: { roleKey: string }) => r.roleKey === 'admin');
    const asWriter = (path: string, body: unknown) => ts.api('PUT', path, { token: writerToken, body, headers: { ...H, 'accept-language': 'en' } });
    const escalate = await asWriter('/system/role/authUser/selectAll', { roleId: adminRole.roleId, userIds: [writer.userId] });
    expect(escalate).toEqual({ code: 500, msg: 'Only an administrator can grant the administrator role' });
    const outOfScope = await asWriter('/system/role/authUser/selectAll', { roleId: role.roleId, userIds: [outsider.userId] });
    expect(outOfScope.code).toBe(500);
    const holders = (await ts.api('GET', '/system/role/authUser/allocatedList', { token: ts.admin, query: { roleId: String(role.roleId) } })).data.rows as { userName: string }[];
    expect(holders.map((u) => u.userName)).toEqual(['writer1']);
    const adminHolders = (await ts.api('GET', '/system/role/authUser/allocatedList', { token: ts.admin, query: { roleId: String(adminRole.roleId) } })).data.rows as { userName: string }[];
    expect(adminHolders.map((u) => u.userName)).not.toContain('writer1');
    expect((await asWriter('/system/role/authUser/cancelAll', { roleId: adminRole.roleId, userIds: [1] })).code).toBe(500);
  });

  it('filters users by a department and the departments below it', async () => {
    const sub = (await ok('POST', '/system/dept', { deptName: 'Desk', parentId: deptId })).deptId;
    await ok('POST', '/system/user', { userName: 'deskhand', nickName: 'Desk Hand', deptId: sub, password: 'Desk12345' });
    const r = await ts.api('GET', '/system/user/list', { token: ts.admin, query: { deptId: String(deptId) } });
    expect(r.data.rows.map((u: { userName: string }) => u.userName).sort()).toEqual(['deskhand', 'writer1']);
  });

  it('disabling a user ends their sessions', async () => {
    const u = (await ts.api('GET', '/system/user/list', { token: ts.admin, query: { userName: 'deskhand' } })).data.rows[0];
    const token = (await ts.api('POST', '/login', { body: { username: 'deskhand', password: 'Desk12345' } })).data as string;
    await ok('PUT', '/system/user/changeStatus', { userId: u.userId, status: '1' });
    expect((await ts.api('GET', '/getInfo', { token })).code).toBe(401);
  });

  it('protects the built-in administrator and the admin role', async () => {
    expect((await ts.api('PUT', '/system/user/changeStatus', { token: ts.admin, body: { userId: 1, status: '1' }, headers: H })).code).toBe(500);
    expect((await ts.api('DELETE', '/system/user', { token: ts.admin, body: [1], headers: H })).code).toBe(500);
    const adminRole = (await ts.api('GET', '/system/role/list', { token: ts.admin, query: { roleKey: 'admin' } })).data.rows.find((r: { roleKey: string }) => r.roleKey === 'admin');
    expect((await ts.api('DELETE', '/system/role', { token: ts.admin, body: [adminRole.roleId], headers: H })).code).toBe(500);
  });

  it('resets a password under the security policy and signs the user out', async () => {
    const u = (await ts.api('GET', '/system/user/list', { token: ts.admin, query: { userName: 'outsider' } })).data.rows[0];
    const token = (await ts.api('POST', '/login', { body: { username: 'outsider', password: 'Outside123' } })).data as string;
    await ok('PUT', '/system/user/resetPwd', { userId: u.userId, password: 'Fresh12345' });
    expect((await ts.api('GET', '/getInfo', { token })).code).toBe(401);
    expect((await ts.api('POST', '/login', { body: { username: 'outsider', password: 'Fresh12345' } })).code).toBe(200);
  });
});
