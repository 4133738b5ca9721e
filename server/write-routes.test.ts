import { describe, expect, it } from 'vitest';
import { useTestServer } from '../tests/helpers/server.ts';
import { MENUS } from './modules/shipped.ts';

// Issue 8, critical 1: a non-admin PUT or DELETE on users or departments froze the whole API
// (on PGlite the data-scope query ran on the outer database inside the write's transaction and
// waited for itself). Every write route, called by a department-scoped manager holding every
// permission, must answer within a time limit, and the server must keep answering afterwards.
const ts = useTestServer();
const H = { repeatSubmit: 'false' };
const ROUTE_LIMIT_MS = 5000;
const ALIVE_LIMIT_MS = 2000;

const within = <T>(ms: number, what: string, p: Promise<T>) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms))]);

describe('every write route as a scoped non-admin', () => {
  it('answers in time and leaves the server answering', async () => {
    const ok = async (method: string, path: string, body: unknown) => {
      const r = await ts.api(method, path, { token: ts.admin, body, headers: H });
      expect(r.code, `${method} ${path}: ${r.msg}`).toBe(200);
      return r.data;
    };
    const deskId = (await ok('POST', '/system/dept', { deptName: 'Desk', parentId: 100 })).deptId as number;
    const menuIds = MENUS.map((m) => m.menuId);
    const roleId = (await ok('POST', '/system/role', { roleName: 'Managers', roleKey: 'managers', dataScope: '3', menuIds })).roleId as number;
    await ok('POST', '/system/user', { userName: 'manager1', nickName: 'Manager', deptId: deskId, password: 'Manage123', roleIds: [roleId] });
    const colleagueId = (await ok('POST', '/system/user', { userName: 'colleague', nickName: 'Colleague', deptId: deskId, password: 'Desk12345' })).userId as number;
    const token = await ts.loginReady('manager1', 'Manage123');
    expect(token).toBeTruthy();
    // Added by an administrator under the seeded security config: the manager changes the password first.
    const changed = await ts.api('PUT', '/system/user/profile/updatePwd', { token, body: { oldPassword: 'Manage123', newPassword: 'Desk2024ab', confirmPassword: 'Desk2024ab' } });
    expect(changed.code, changed.msg).toBe(200);

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
        method: r.method, url, payload: payload as never,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...H },
      }));
      const code = res.json().code as number;
      expect([200, 403, 500], `${r.method} ${r.url}: ${res.body}`).toContain(code);
      const alive = await within(ALIVE_LIMIT_MS, `after ${r.method} ${r.url}, anonymous /login/config`, ts.api('GET', '/login/config'));
      expect(alive.code).toBe(200);
    }
    // The legitimate in-scope edits went through.
    const colleague = await ts.api('GET', `/system/user/${colleagueId}`, { token: ts.admin });
    expect(colleague.code).toBe(200);
    const helper = await ts.api('GET', '/system/user/list', { token: ts.admin, query: { userName: 'helper1' } });
    expect(helper.data.total).toBe(1);
  });
});
