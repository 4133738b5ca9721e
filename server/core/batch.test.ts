import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../tests/helpers/server.ts';
import { batchCallsOf, mountBatch, sharedInBatch } from './batch.ts';
import { BATCH_MAX_CALLS, batchUrl } from '../../shared/batch-calls.ts';

const ts = useTestServer();
const EN = { 'accept-language': 'en' };

const batch = async (calls: string[], headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') => {
  const url = `/prod-api${batchUrl(calls)}`;
  const res = await ts.server.app.inject({ method: 'GET', url, headers: { ...EN, ...headers }, remoteAddress });
  return { res, body: res.json() as { code: number; msg: string; data?: Record<string, { status: number; body: any }> } };
};

describe('batch of GET calls', () => {
  it('answers each call as it would be answered alone, in one round trip', async () => {
    const calls = ['/getInfo', '/getRouters', '/system/config/configKey/sys.index.skinName', '/cms/site/getCurrentSite'];
    const { res, body } = await batch(calls, { authorization: `Bearer ${ts.admin}` });
    expect(body.code, body.msg).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(Object.keys(body.data!)).toEqual(calls);
    for (const call of calls) {
      const alone = await ts.api('GET', call, { token: ts.admin, headers: EN });
      expect(body.data![call]!.status).toBe(200);
      expect(body.data![call]!.body, call).toEqual(alone);
    }
    expect(body.data!['/getInfo']!.body.data.user.userName).toBe('admin');
  });

  it('gives no call more than its caller may have: no session, no rights, no data', async () => {
    const anonymous = await batch(['/getInfo', '/system/user/list']);
    expect(anonymous.body.code).toBe(200);
    expect(anonymous.body.data!['/getInfo']!.body.code).toBe(401);
    expect(anonymous.body.data!['/system/user/list']!.body.code).toBe(401);

    await ts.api('POST', '/system/user', { token: ts.admin, headers: EN, body: { userName: 'batcher', nickName: 'Batcher', deptId: 100, password: 'Batch12345' } });
    const token = await ts.loginReady('batcher', 'Batch12345');
    const limited = await batch(['/getInfo', '/system/user/list'], { authorization: `Bearer ${token}` });
    expect(limited.body.data!['/getInfo']!.body.data.user.userName).toBe('batcher');
    const users = limited.body.data!['/system/user/list']!.body;
    expect(users.code).toBe(403);
    expect(users.rows).toBeUndefined();
  });

  it('refuses what is not a short list of GET calls below the API, naming the parameter', async () => {
    const refused = [
      [],
      Array.from({ length: BATCH_MAX_CALLS + 1 }, (_, i) => `/system/config/configKey/k${i}`),
      ['//evil.example.com/x'],
      ['https://evil.example.com/'],
      ['getInfo'],
      ['/../admin/index'],
      ['/system/%2e%2e/%2e%2e/admin'],
      ['/batch?get=/getInfo'],
    ];
    for (const calls of refused) {
      const { body } = await batch(calls, { authorization: `Bearer ${ts.admin}` });
      expect(body.code, JSON.stringify(calls)).toBe(500);
      expect(body.msg).toContain('get');
      expect(body.data).toBeUndefined();
    }
  });

  it('reads one or many calls and drops repeats', () => {
    expect(batchCallsOf({ get: '/getInfo' })).toEqual(['/getInfo']);
    expect(batchCallsOf({ get: ['/getInfo', '/getRouters', '/getInfo'] })).toEqual(['/getInfo', '/getRouters']);
    expect(batchCallsOf({ get: '/system/dict/data/type/sys_normal_disable?x=1' })).toEqual(['/system/dict/data/type/sys_normal_disable?x=1']);
    expect(batchCallsOf({})).toBeNull();
  });

  it('is refused whole from a blocked address', async () => {
    const add = await ts.api('POST', '/system/iprule', { token: ts.admin, headers: EN, body: { ip: '10.7.7.7/32', type: 'DENY' } });
    expect(add.code, add.msg).toBe(200);
    try {
      const { body } = await batch(['/getInfo'], { authorization: `Bearer ${ts.admin}` }, '10.7.7.7');
      expect(body.code).toBe(403);
      const fine = await batch(['/getInfo'], { authorization: `Bearer ${ts.admin}` }, '10.8.8.8');
      expect(fine.body.data!['/getInfo']!.body.code).toBe(200);
    } finally {
      await ts.api('DELETE', '/system/iprule', { token: ts.admin, headers: EN, body: [add.data.ruleId] });
    }
  });
});

describe('what the calls of one batch share', () => {
  it('works out a shared value once per batch, through the replayed calls, and never outside one', async () => {
    const { default: Fastify } = await import('fastify');
    const app = Fastify();
    let lookups = 0;
    await app.register(async (api) => {
      api.get('/who/:n', async () => ({ code: 200, data: await sharedInBatch('session', async () => ++lookups) }));
      mountBatch(api, app, '/api', () => 'bad get');
    }, { prefix: '/api' });
    const res = await app.inject({ method: 'GET', url: `/api${batchUrl(['/who/1', '/who/2', '/who/3'])}` });
    const answers = Object.values((res.json() as { data: Record<string, { body: { data: number } }> }).data).map((a) => a.body.data);
    expect(answers).toEqual([1, 1, 1]);
    // A second batch looks up again; so does every call on its own.
    await app.inject({ method: 'GET', url: `/api${batchUrl(['/who/1', '/who/2'])}` });
    expect(lookups).toBe(2);
    const alone = await Promise.all([1, 2].map((n) => app.inject({ method: 'GET', url: `/api/who/${n}` })));
    expect(alone.map((r) => (r.json() as { data: number }).data)).toEqual([3, 4]);
    await app.close();
  });
});
