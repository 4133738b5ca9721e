import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isBlocked } from './ip-guard.ts';
import { startTestServer, type TestServer } from '../../../tests/helpers/server.ts';
import { eq } from 'drizzle-orm';
import { sysUser } from './schema.ts';
import type { InjectOptions } from 'fastify';

describe('IP rule verdicts', () => {
  const past = new Date(Date.now() - 1000);
  it('blocks a denied address and lets others in', () => {
    const rules = [{ ip: '127.0.0.1/32', type: 'DENY', expireTime: null }];
    expect(isBlocked(rules, '127.0.0.1')).toBe(true);
    expect(isBlocked(rules, '10.1.1.1')).toBe(false);
  });
  it('with allow rules, lets only matching addresses in', () => {
    const rules = [{ ip: '10.0.0.0/8', type: 'ALLOW', expireTime: null }];
    expect(isBlocked(rules, '10.2.3.4')).toBe(false);
    expect(isBlocked(rules, '192.168.1.1')).toBe(true);
  });
  it('ignores expired rules', () => {
    expect(isBlocked([{ ip: '127.0.0.1', type: 'DENY', expireTime: past }], '127.0.0.1')).toBe(false);
  });
});

describe('IP rules enforced on login and the API', () => {
  let ts: TestServer;
  let admin: string;
  // The administrator works from another address, so the rule does not shut them out.
  const asAdmin = async (method: 'POST' | 'DELETE' | 'GET', url: string, payload?: unknown) =>
    (await ts.server.app.inject({ method, url: `/prod-api${url}`, remoteAddress: '10.9.9.9', headers: { authorization: `Bearer ${admin}`, 'accept-language': 'en' }, payload: payload as InjectOptions['payload'] })).json();
  const loginFromLocalhost = async () =>
    (await ts.server.app.inject({ method: 'POST', url: '/prod-api/login', remoteAddress: '127.0.0.1', payload: { username: 'admin', password: 'admin123' } })).json();

  beforeAll(async () => {
    ts = await startTestServer();
    // The seeded admin's first-sign-in password change would refuse the rule screens.
    await ts.database.db.update(sysUser).set({ forceModifyPassword: 'N' }).where(eq(sysUser.userName, 'admin'));
    admin = (await ts.server.app.inject({ method: 'POST', url: '/prod-api/login', remoteAddress: '10.9.9.9', payload: { username: 'admin', password: 'admin123' } })).json().data;
  });
  afterAll(() => ts.close());

  it('a deny rule for 127.0.0.1/32 stops logins from there; removing it restores them', async () => {
    expect((await loginFromLocalhost()).code).toBe(200);
    const localToken = (await loginFromLocalhost()).data as string;
    const add = await asAdmin('POST', '/system/iprule', { ip: '127.0.0.1/32', type: 'DENY' });
    expect(add.code, add.msg).toBe(200);
    expect((await loginFromLocalhost()).code).toBe(403);
    // Sessions opened from there are refused too.
    const api = await ts.server.app.inject({ method: 'GET', url: '/prod-api/getInfo', remoteAddress: '127.0.0.1', headers: { authorization: `Bearer ${localToken}` } });
    expect(api.json().code).toBe(403);
    expect((await asAdmin('DELETE', '/system/iprule', [add.data.ruleId])).code).toBe(200);
    expect((await loginFromLocalhost()).code).toBe(200);
  });

  it('refuses a rule that would shut out the administrator making it', async () => {
    const r = await asAdmin('POST', '/system/iprule', { ip: '10.0.0.0/8', type: 'DENY' });
    expect(r.code).toBe(500);
    expect(r.msg).toContain('10.9.9.9');
  });

  it('names a malformed address', async () => {
    const r = await asAdmin('POST', '/system/iprule', { ip: '300.1.1.1', type: 'DENY' });
    expect(r).toEqual({ code: 500, msg: 'Enter a valid IP address or CIDR block' });
  });

  it('cover every request the server answers: console pages and uploaded files too', async () => {
    const from = (remoteAddress: string, url: string) => ts.server.app.inject({ method: 'GET', url, remoteAddress, headers: { 'accept-language': 'en' } });
    const add = await asAdmin('POST', '/system/iprule', { ip: '127.0.0.1', type: 'DENY' });
    expect(add.code, add.msg).toBe(200);
    for (const url of ['/admin/login', '/admin/_assets/app.js', '/profile/upload/2024/01/01/a.png', '/prod-api/profile/upload/2024/01/01/a.png']) {
      const blocked = await from('127.0.0.1', url);
      expect(blocked.statusCode, url).toBe(403);
      expect(blocked.body, url).toBe('Your address (127.0.0.1) is not allowed to use this system');
      expect((await from('10.9.9.9', url)).statusCode, url).not.toBe(403);
    }
    // The API keeps answering in its envelope.
    expect((await from('127.0.0.1', '/prod-api/login/config')).json()).toEqual({ code: 403, msg: 'Your address (127.0.0.1) is not allowed to use this system' });
    expect((await asAdmin('DELETE', '/system/iprule', [add.data.ruleId])).code).toBe(200);
  });

  it('keep a denied address off the published sites too, but an allow list does not shut their readers out', async () => {
    const from = (remoteAddress: string) => ts.server.sites.inject({ method: 'GET', url: '/nosuch/', remoteAddress, headers: { 'accept-language': 'en' } });
    const deny = await asAdmin('POST', '/system/iprule', { ip: '10.1.1.1', type: 'DENY' });
    const allow = await asAdmin('POST', '/system/iprule', { ip: '10.9.9.9', type: 'ALLOW' });
    expect([deny.code, allow.code], `${deny.msg} ${allow.msg}`).toEqual([200, 200]);
    try {
      expect((await from('10.1.1.1')).statusCode).toBe(403);
      expect((await from('10.1.1.1')).body).toBe('Your address (10.1.1.1) is not allowed to use this system');
      // Not on the allow list: refused by the console, still a reader of the sites (404: no such site).
      expect((await ts.server.app.inject({ method: 'GET', url: '/admin/login', remoteAddress: '10.2.2.2' })).statusCode).toBe(403);
      expect((await from('10.2.2.2')).statusCode).toBe(404);
    } finally {
      expect((await asAdmin('DELETE', '/system/iprule', [deny.data.ruleId, allow.data.ruleId])).code).toBe(200);
    }
  });
});
