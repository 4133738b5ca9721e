import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestServer } from '../tests/helpers/server.ts';
import { createUser } from './modules/auth/test-fixtures.ts';
import { sysSecurityConfig, sysUser } from './modules/system/schema.ts';

// Issue #8: a forced or expired password is not advisory. Until it is changed the API answers only
// what the console needs to show its demand and make the change, and refuses the rest with 428.

const ts = useTestServer();
const EN = { 'accept-language': 'en' };
const FORCED = 'Change your password before going on (an administrator set it, or it is the initial one)';
const EXPIRED = 'Your password has expired; change it before going on';

/** The calls the console makes during a password demand (besides the public ones and logout). */
const DURING_CHANGE = [
  'GET /getInfo',
  'GET /getRouters',
  'GET /system/security/config/check',
  'GET /system/security/config/current',
  'GET /system/user/profile',
  'PUT /system/user/profile/updatePwd',
];

let n = 0;
/** An administrator (so no route is refused for want of a permission) whose password must change. */
async function forcedAdmin() {
  n += 1;
  const u = await createUser(ts.database.db, `forced${n}`, { password: 'Before1234', roles: ['admin'] });
  await ts.database.db.update(sysUser).set({ forceModifyPassword: 'Y' }).where(eq(sysUser.userId, u.userId));
  return { ...u, token: await ts.login(u.userName, u.password) };
}

/** Calls every signed-in route as `token`: all but DURING_CHANGE must answer 428 with `message`. */
async function expectOnlyTheChangeAnswers(token: string, message: string) {
  const refused: string[] = [];
  const answered: string[] = [];
  for (const route of ts.server.routes) {
    if (route.perm === 'public') continue;
    const url = `/prod-api${route.url.replace(/:(\w+)/g, '1').replace('*', 'x')}`;
    const res = await ts.server.app.inject({ method: route.method, url, headers: { ...EN, authorization: `Bearer ${token}` } });
    const body = res.json() as { code: number; msg: string };
    const name = `${route.method} ${route.url}`;
    if (body.code === 428) {
      expect(body.msg, name).toBe(message);
      refused.push(name);
    } else answered.push(name);
  }
  expect(answered.sort()).toEqual([...DURING_CHANGE].sort());
  expect(refused.length).toBeGreaterThan(100);
}

describe('a pending password change', () => {
  it('refuses every signed-in route with 428 except the ones declared for it', async () => {
    const { token } = await forcedAdmin();
    await expectOnlyTheChangeAnswers(token, FORCED);
  });

  it('lets the user sign out, and the change itself lifts it', async () => {
    const u = await forcedAdmin();
    const list = () => ts.api('GET', '/system/user/list', { token: u.token, headers: EN });
    expect(await list()).toEqual({ code: 428, msg: FORCED });
    const info = await ts.api('GET', '/getInfo', { token: u.token });
    expect(info.data.user.forceModifyPassword).toBe('Y');
    const changed = await ts.api('PUT', '/system/user/profile/updatePwd', { token: u.token, body: { oldPassword: u.password, newPassword: 'After12345', confirmPassword: 'After12345' } });
    expect(changed.code).toBe(200);
    expect((await list()).code).toBe(200);

    const other = await forcedAdmin();
    expect((await ts.api('POST', '/logout', { token: other.token })).code).toBe(200);
    expect((await ts.api('GET', '/getInfo', { token: other.token })).code).toBe(401);
  });

  it('also holds on every route for a password expired under the security config, with its own message', async () => {
    const db = ts.database.db;
    const u = await createUser(db, 'stale', { password: 'Stale12345', roles: ['admin'] });
    const token = await ts.login('stale', 'Stale12345');
    expect((await ts.api('GET', '/system/user/list', { token })).code).toBe(200);
    await db.update(sysSecurityConfig).set({ status: '1' });
    await db.insert(sysSecurityConfig).values({ status: '0', passwordExpireSeconds: 86400 });
    await db.update(sysUser).set({ passwordModifyTime: new Date(Date.now() - 2 * 86400_000) }).where(eq(sysUser.userId, u.userId));
    expect((await ts.api('GET', '/getInfo', { token })).data.user.isPasswordExpired).toBe(true);
    await expectOnlyTheChangeAnswers(token, EXPIRED);
    const changed = await ts.api('PUT', '/system/user/profile/updatePwd', { token, body: { oldPassword: 'Stale12345', newPassword: 'Fresh12345', confirmPassword: 'Fresh12345' } });
    expect(changed.code).toBe(200);
    expect((await ts.api('GET', '/system/user/list', { token })).code).toBe(200);
  });
});
