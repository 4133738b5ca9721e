import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { makeTestSite, type TestSite } from '../template/test-site.ts';
import { cmsContent } from '../content/schema.ts';
import { cmsPublicRate } from '../public-api/schema.ts';
import { viewCounterOf } from './view-counter.ts';

// Issue 31 item 8 through the public API on the sites' port: a published page's beacon
// (stat/public-routes.ts). The throttles are on: the beacon's POST must not meet the shared
// writePerIp throttle (nor write its table); its own per-address cap is 5 here.
const dataDir = mkdtempSync(join(tmpdir(), 'castanea-stat-api-'));
const ts = useTestServer({ config: { dataDir, rateLimits: true, viewCounter: { flushMs: 3_600_000, perAddress: 5 } } });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
let a: TestSite;
let b: TestSite;

const viewCount = async (id: number) => (await ts.database.db.select({ n: cmsContent.viewCount }).from(cmsContent).where(eq(cmsContent.contentId, id)))[0]!.n;
let n = 0;
const address = () => `203.0.113.${(n++ % 250) + 1}`;

beforeAll(async () => {
  a = await makeTestSite(ts, 'stapia');
  b = await makeTestSite(ts, 'stapib');
}, 60_000);

/** A reader's page reporting a view on the sites' port, as the theme's beacon does (POST, no body) or a script tag (GET). */
const beacon = (method: 'GET' | 'POST', query: string, opts: { ip?: string; headers?: Record<string, string> } = {}) =>
  ts.server.sites.inject({ method, url: `/api/stat/visit?${query}`, remoteAddress: opts.ip ?? address(), headers: opts.headers });

describe('GET and POST /api/stat/visit', () => {
  it('answers 204 with no body and counts the view, by GET or by a beacon\'s POST, without a write per request', async () => {
    const before = await viewCount(b.first);
    const got = await beacon('GET', `sid=${b.siteId}&cid=${b.cat.World}&id=${b.first}`);
    expect(got.statusCode, got.body).toBe(204);
    expect(got.body).toBe('');
    expect(got.headers['cache-control']).toBe('no-store');
    for (let i = 0; i < 3; i++) {
      const posted = await beacon('POST', `sid=${b.siteId}&cid=${b.cat.World}&id=${b.first}`, { headers: { 'content-type': 'text/plain;charset=UTF-8' } });
      expect(posted.statusCode, posted.body).toBe(204);
    }
    expect(viewCounterOf(ts.server.services).unwritten).toBe(4);
    expect(await ts.database.db.select().from(cmsPublicRate)).toEqual([]);
    await viewCounterOf(ts.server.services).flush();
    expect(await viewCount(b.first)).toBe(before + 4);
  });

  it('answers a view it does not count the same 204: a draft, another site\'s content, no content, a crawler', async () => {
    for (const query of [`sid=${b.siteId}&id=${b.draft}`, `sid=${b.siteId}&id=${a.first}`, `sid=${b.siteId}&cid=${b.cat.News}`, `sid=${b.siteId}`]) {
      expect((await beacon('POST', query)).statusCode).toBe(204);
    }
    expect((await beacon('GET', `sid=${b.siteId}&id=${b.first}`, { headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' } })).statusCode).toBe(204);
    expect(viewCounterOf(ts.server.services).unwritten).toBe(0);
  });

  it('refuses a malformed id naming the field in the reader\'s language, and an unknown site', async () => {
    const en = await beacon('GET', `sid=${b.siteId}&id=abc`, { headers: { 'accept-language': 'en' } });
    expect(en.statusCode).toBe(400);
    expect(en.json().msg).toContain('Content');
    const zh = await beacon('GET', `sid=${b.siteId}&id=-3`, { headers: { 'accept-language': 'zh-CN' } });
    expect(zh.json().msg).toContain('内容');
    expect((await beacon('GET', `sid=987654&id=${b.first}`)).statusCode).toBe(404);
    expect((await beacon('POST', `id=${b.first}`)).statusCode).toBe(404);
  });

  it('refuses an address over its cap with 429 and Retry-After, counting none of the refused', async () => {
    const before = await viewCount(b.second);
    const statuses = [];
    for (let i = 0; i < 7; i++) statuses.push((await beacon('POST', `sid=${b.siteId}&id=${b.second}`, { ip: '192.0.2.200' })).statusCode);
    expect(statuses).toEqual([204, 204, 204, 204, 204, 429, 429]);
    const refused = await beacon('GET', `sid=${b.siteId}&id=${b.second}`, { ip: '192.0.2.200', headers: { 'accept-language': 'en' } });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().code).toBe(429);
    await viewCounterOf(ts.server.services).flush();
    expect(await viewCount(b.second)).toBe(before + 5);
  });
});
