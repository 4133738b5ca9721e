import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { v } from '../../../../shared/validators/issues.ts';
import { cmsSite } from '../site/schema.ts';
import { cmsMember } from '../member/schema.ts';
import { issueMemberToken } from '../member/session.ts';
import { publicRoute } from './route.ts';
import { servePublicApi, publicApiOf } from './serve.ts';
import { SharedThrottle } from './throttle.ts';
import { PUBLIC_LIMITS } from './limits.ts';

// Issue 31 item 1: the plumbing every reader route goes through — the site named by the request,
// members' own sessions (a console token is no member, a member token opens no console route),
// CORS per site, throttles kept in the database (shared by every process), validation naming the
// field in the reader's language, the body cap.
const ts = useTestServer({ config: { rateLimits: true } });
let app: FastifyInstance;
let siteId = 0;
let otherSiteId = 0;
let memberToken = '';

const routes = [
  publicRoute({ method: 'GET', url: '/api/test/whoami', handler: async (c) => ({ siteId: c.site?.siteId, member: c.member?.userName ?? null }) }),
  publicRoute({
    method: 'POST', url: '/api/test/say', member: 'required', limits: [{ name: 'commentPerMember', per: 'member' }], fields: 'comment',
    body: z.object({ sid: z.coerce.number(), content: z.string().max(5, v('tooLong')) }),
    handler: async (c) => ({ said: (c.body as { content: string }).content }),
  }),
];
const call = (method: 'GET' | 'POST' | 'OPTIONS', url: string, o: { token?: string; body?: unknown; origin?: string; lang?: string; headers?: Record<string, string> } = {}) =>
  app.inject({
    method, url, payload: o.body as object | undefined, remoteAddress: '203.0.113.7',
    headers: { ...(o.token ? { authorization: `Bearer ${o.token}` } : {}), ...(o.origin ? { origin: o.origin } : {}), 'accept-language': o.lang ?? 'en', ...o.headers },
  });

beforeAll(async () => {
  const db = ts.database.db;
  [{ siteId }] = await db.insert(cmsSite).values({ name: 'Reader site', path: 'readers', domain: 'www.readers.example', configProps: { PublicApiOrigins: 'https://cdn.readers.example' } }).returning({ siteId: cmsSite.siteId });
  [{ siteId: otherSiteId }] = await db.insert(cmsSite).values({ name: 'Other', path: 'otherreaders', domain: 'other.example' }).returning({ siteId: cmsSite.siteId });
  const [m] = await db.insert(cmsMember).values({ userName: 'reader1', password: 'x' }).returning({ memberId: cmsMember.memberId });
  memberToken = await issueMemberToken(db, m!.memberId, { ip: '203.0.113.7' });
  app = Fastify();
  await servePublicApi(app, ts.server.services, routes);
  await app.ready();
});
afterAll(() => app?.close());

describe('the public API plumbing', () => {
  it('answers for the site the request names, and refuses a request naming none in the reader\'s language', async () => {
    expect((await call('GET', `/api/test/whoami?sid=${siteId}`)).json()).toMatchObject({ code: 200, data: { siteId, member: null } });
    const none = await call('GET', '/api/test/whoami?sid=999999', { lang: 'zh-CN' });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ code: 500, msg: '站点不存在' });
    expect(none.headers['cache-control']).toBe('no-store');
  });

  it('knows a member by a member token only: a console token is no member, and a member token opens no console route', async () => {
    expect((await call('GET', `/api/test/whoami?sid=${siteId}`, { token: memberToken })).json().data.member).toBe('reader1');
    expect((await call('GET', `/api/test/whoami?sid=${siteId}`, { token: ts.admin })).json().data.member).toBeNull();
    const refused = await call('POST', '/api/test/say', { token: ts.admin, body: { sid: siteId, content: 'hi' } });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().msg).toBe('Please sign in first');
    const console = await ts.api('GET', '/getInfo', { token: memberToken });
    expect(console.code).toBe(401);
  });

  it('names the refused field in the reader\'s language, and refuses a body past the cap', async () => {
    const r = await call('POST', '/api/test/say', { token: memberToken, body: { sid: siteId, content: 'far too long' }, lang: 'en' });
    expect(r.statusCode).toBe(400);
    expect(r.json().data).toEqual({ field: 'content' });
    // Named by the `comment` scope's label (fields:comment.content).
    expect(r.json().msg).toMatch(/Comment cannot exceed 5 characters/);
    const big = await call('POST', '/api/test/say', { token: memberToken, body: { sid: siteId, content: 'x'.repeat(20_000) } });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 500, msg: 'The request body is larger than the server accepts' });
    // In the reader's language, and readable cross-origin by the site's page that sent it.
    const bigZh = await call('POST', '/api/test/say', { token: memberToken, body: { sid: siteId, content: 'x'.repeat(20_000) }, lang: 'zh-CN', origin: 'https://www.readers.example' });
    expect(bigZh.statusCode).toBe(413);
    expect(bigZh.json()).toMatchObject({ code: 500, msg: '请求体超过服务器允许的大小' });
    expect(bigZh.headers['access-control-allow-origin']).toBe('https://www.readers.example');
  });

  it('lets the site\'s own addresses and its listed origins read the replies, and no other site\'s', async () => {
    const origin = (o: string, sid = siteId) => call('GET', `/api/test/whoami?sid=${sid}`, { origin: o }).then((r) => r.headers['access-control-allow-origin']);
    expect(await origin('https://www.readers.example')).toBe('https://www.readers.example');
    expect(await origin('http://www.readers.example')).toBe('http://www.readers.example');
    expect(await origin('https://cdn.readers.example')).toBe('https://cdn.readers.example');
    expect(await origin('https://other.example')).toBeUndefined();
    expect(await origin('https://other.example', otherSiteId)).toBe('https://other.example');
    expect(await origin('https://evil.example')).toBeUndefined();
    // A preflight: methods and headers for a known origin; nothing for another.
    const pre = await call('OPTIONS', `/api/test/say?sid=${siteId}`, { origin: 'https://cdn.readers.example', headers: { 'access-control-request-method': 'POST' } });
    expect(pre.statusCode).toBe(204);
    expect(pre.headers).toMatchObject({ 'access-control-allow-origin': 'https://cdn.readers.example', 'access-control-allow-methods': 'POST', 'access-control-allow-headers': 'Authorization, Content-Type, Accept-Language' });
    expect(pre.headers['access-control-allow-credentials']).toBeUndefined();
    const evil = await call('OPTIONS', '/api/test/say', { origin: 'https://evil.example', headers: { 'access-control-request-method': 'POST' } });
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
    expect(evil.headers['access-control-allow-methods']).toBeUndefined();
  });

  it('answers a preflight from the site\'s own domain, and none from an origin its settings do not list', async () => {
    const preflight = (o: string, sid = siteId) => call('OPTIONS', `/api/test/say?sid=${sid}`, { origin: o, headers: { 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' } });
    const own = await preflight('https://www.readers.example');
    expect(own.statusCode).toBe(204);
    expect(own.headers).toMatchObject({ 'access-control-allow-origin': 'https://www.readers.example', 'access-control-allow-methods': 'POST' });
    // Another site's domain is some site's, but not this one's; an unknown origin is nobody's.
    for (const o of ['https://other.example', 'https://evil.example', 'https://www.readers.example.evil.example']) {
      const r = await preflight(o);
      expect(r.statusCode, o).toBe(204);
      expect(r.headers['access-control-allow-origin'], o).toBeUndefined();
      expect(r.headers['access-control-allow-headers'], o).toBeUndefined();
    }
  });

  it('counts a member\'s writes in the database: the one past the limit waits, whichever process it reaches', async () => {
    const max = PUBLIC_LIMITS.commentPerMember.max;
    const db = ts.database.db;
    const [m] = await db.insert(cmsMember).values({ userName: 'reader2', password: 'x' }).returning({ memberId: cmsMember.memberId });
    const token = await issueMemberToken(db, m!.memberId, { ip: '203.0.113.8' });
    // Half through this process's throttle, half through another one's (a second server on the same database).
    const second = new SharedThrottle(db, true);
    for (let i = 0; i < max; i++) {
      if (i % 2) await second.hit('commentPerMember', `m:${m!.memberId}`);
      else expect((await call('POST', '/api/test/say', { token, body: { sid: siteId, content: 'hi' } })).json().code).toBe(200);
    }
    const over = await call('POST', '/api/test/say', { token, body: { sid: siteId, content: 'hi' }, lang: 'zh-TW' });
    expect(over.statusCode).toBe(429);
    const wait = Number(over.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    // The envelope, in the reader's language, saying how long to wait.
    expect(over.json()).toEqual({ code: 429, msg: `請求過於頻繁，請 ${wait} 秒後再試` });
    expect((await call('POST', '/api/test/say', { token, body: { sid: siteId, content: 'hi' }, lang: 'en' })).json().msg).toMatch(/^Too many requests; please wait \d+ s and try again$/);
    // Another member is not held back by this one's count.
    expect((await call('POST', '/api/test/say', { token: memberToken, body: { sid: siteId, content: 'ok' } })).json().code).toBe(200);
  });

  it('holds a limit across the turn of a clock minute: the database counts a sliding window, not fixed minutes', async () => {
    const throttle = new SharedThrottle(ts.database.db, true);
    const { max } = PUBLIC_LIMITS.votePerIp;
    const minute = 60_000 * 29_000_000; // some whole minute since the epoch
    for (let i = 0; i < max; i++) await throttle.hit('votePerIp', 'ip:198.51.100.77', minute - 900 + i);
    const refused = await throttle.hit('votePerIp', 'ip:198.51.100.77', minute + 100).then(() => null, (e: unknown) => e);
    expect(refused).toMatchObject({ seconds: 55 });
    // Another address is counted on its own.
    await throttle.hit('votePerIp', 'ip:198.51.100.78', minute + 100);
  });

  it('keeps no member signed in once disabled', async () => {
    const db = ts.database.db;
    const [m] = await db.insert(cmsMember).values({ userName: 'reader3', password: 'x' }).returning({ memberId: cmsMember.memberId });
    const token = await issueMemberToken(db, m!.memberId, { ip: '203.0.113.9' });
    expect((await call('GET', `/api/test/whoami?sid=${siteId}`, { token })).json().data.member).toBe('reader3');
    await db.update(cmsMember).set({ status: '1' }).where(eq(cmsMember.memberId, m!.memberId));
    expect((await call('GET', `/api/test/whoami?sid=${siteId}`, { token })).json().data.member).toBeNull();
    publicApiOf(ts.server.services).origins.forget();
  });
});

describe('two servers on one database', () => {
  it('share members\' sign-ins and the readers\' throttles', async () => {
    const { startPeerServer } = await import('../../../../tests/helpers/server.ts');
    const peer = await startPeerServer(ts, { rateLimits: true });
    try {
      const db = ts.database.db;
      const [m] = await db.insert(cmsMember).values({ userName: 'reader4', password: 'x' }).returning({ memberId: cmsMember.memberId });
      // Signed in through one server, known by the other.
      const token = await issueMemberToken(db, m!.memberId, { ip: '203.0.113.10' });
      const peerApp = Fastify();
      await servePublicApi(peerApp, peer.server.services, routes);
      await peerApp.ready();
      const onPeer = (body: unknown) => peerApp.inject({ method: 'POST', url: '/api/test/say', payload: body as object, remoteAddress: '203.0.113.10', headers: { authorization: `Bearer ${token}` } });
      const onFirst = (body: unknown) => app.inject({ method: 'POST', url: '/api/test/say', payload: body as object, remoteAddress: '203.0.113.10', headers: { authorization: `Bearer ${token}` } });
      const max = PUBLIC_LIMITS.commentPerMember.max;
      // Writes alternate between the servers; the one past the member's limit is refused wherever it lands.
      const codes: number[] = [];
      for (let i = 0; i <= max; i++) codes.push((await (i % 2 ? onPeer : onFirst)({ sid: siteId, content: 'hi' })).statusCode);
      expect(codes).toEqual([...Array(max).fill(200), 429]);
      await peerApp.close();
    } finally {
      await peer.close();
    }
  });
});
