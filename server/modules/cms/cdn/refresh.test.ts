import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { makeTestSite, type TestSite } from '../template/test-site.ts';
import { drainQueue } from '../publish/worker.ts';
import { dispatchAll, receiver } from '../seo/test-receiver.ts';

// Issue 29 §6: ChestnutCMS's CDN refreshes and Baidu push by hand — the pages' addresses in every
// pipe, queued and sent as the publishes' are, checked on a receiver started here.
const dataDir = mkdtempSync(join(tmpdir(), 'castanea-cdn-'));
const ts = useTestServer({ config: { dataDir } });
const H = { repeatSubmit: 'false', 'accept-language': 'en' };
const call = (method: string, url: string, siteId: number, body?: unknown) =>
  ts.api(method, url, { token: ts.admin, body, headers: { ...H, CurrentSite: String(siteId) } });
async function ok(method: string, url: string, siteId: number, body?: unknown) {
  const r = await call(method, url, siteId, body);
  expect(r.code, `${method} ${url}: ${r.msg}`).toBe(200);
  return r.data;
}

let site: TestSite;
let other: TestSite;
let rx: Awaited<ReturnType<typeof receiver>>;
const P = 'http://localhost:8091/purgeweb/';
/** Every URL the receiver got in purge bodies since the last call. */
async function purged() {
  rx.got.length = 0;
  await dispatchAll(ts.database.db);
  return rx.got.filter((r) => r.path === '/purge').flatMap((r) => (JSON.parse(r.body) as { urls: string[] }).urls).sort();
}

beforeAll(async () => {
  rx = await receiver();
  site = await makeTestSite(ts, 'purgeweb');
  other = await makeTestSite(ts, 'purgeother');
  await drainQueue(ts.server.services);
  await ok('POST', '/cms/setting/cdn', site.siteId, { CdnProvider: 'HTTP', CdnPurgeUrl: `${rx.url}/purge` });
});
afterAll(async () => {
  await rx?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('CDN refresh by hand', () => {
  it('purges a published content\'s page', async () => {
    expect(await ok('POST', '/cms/cdn/refresh/content', site.siteId, { contentId: site.first })).toEqual({ queued: 1 });
    expect(await purged()).toEqual([`${P}news/world/${site.first}.shtml`]);
  });

  it('purges a catalog\'s folder and pages, with refreshAll its published contents too (never a draft)', async () => {
    await ok('POST', '/cms/cdn/refresh/catalog', site.siteId, { catalogId: site.cat.World });
    expect(await purged()).toEqual([`${P}news/world/`, `${P}news/world/index.shtml`, `${P}news/world/list.shtml`]);
    await ok('POST', '/cms/cdn/refresh/catalog', site.siteId, { catalogId: site.cat.World, refreshAll: true });
    const all = await purged();
    expect(all).toEqual(expect.arrayContaining([`${P}news/world/`, `${P}news/world/${site.first}.shtml`, `${P}news/world/${site.second}.shtml`]));
    expect(all.join()).not.toContain(`${site.draft}.shtml`);
  });

  it('purges the home page, with refreshAll every catalog\'s folder', async () => {
    await ok('POST', '/cms/cdn/refresh/site', site.siteId, { siteId: site.siteId });
    expect(await purged()).toEqual([P, `${P}index.shtml`]);
    await ok('POST', '/cms/cdn/refresh/site', site.siteId, { siteId: site.siteId, refreshAll: true });
    expect(await purged()).toEqual(expect.arrayContaining([P, `${P}news/`, `${P}news/world/`, `${P}books/`]));
  });

  it('refuses another site\'s content, catalog or site, and a site without a CDN, naming what to set', async () => {
    expect((await call('POST', '/cms/cdn/refresh/content', site.siteId, { contentId: other.first })).code).not.toBe(200);
    expect((await call('POST', '/cms/cdn/refresh/catalog', site.siteId, { catalogId: other.cat.World })).code).not.toBe(200);
    expect((await call('POST', '/cms/cdn/refresh/site', site.siteId, { siteId: other.siteId })).code).not.toBe(200);
    const off = await call('POST', '/cms/cdn/refresh/content', other.siteId, { contentId: other.first });
    expect(off.msg).toBe('This site has no CDN to purge: choose the HTTP purge endpoint in Settings → CDN');
    expect(await purged()).toEqual([]);
  });
});

describe('Baidu push by hand', () => {
  it('is refused while off, then pushes the chosen published contents', async () => {
    const off = await call('POST', '/cms/seo/baidu_push', site.siteId, [site.first]);
    expect(off.msg).toBe('Baidu push is off for this site: switch it on in Settings → SEO');
    await ok('POST', '/cms/setting/seo', site.siteId, { BaiduPushEnabled: 'Y', BaiduPushSite: 'www.example.com', BaiduPushToken: 'tok-123', BaiduPushEndpoint: `${rx.url}/urls` });
    await ok('POST', '/cms/seo/baidu_push', site.siteId, [site.first, site.second, site.draft]);
    rx.got.length = 0;
    await dispatchAll(ts.database.db);
    const [push] = rx.got.filter((r) => r.path.startsWith('/urls'));
    expect(push!.path).toBe('/urls?site=www.example.com&token=tok-123');
    expect(push!.body.split('\n').sort()).toEqual([`${P}news/world/${site.first}.shtml`, `${P}news/world/${site.second}.shtml`]);
    expect((await call('POST', '/cms/seo/baidu_push', site.siteId, [other.first])).code).not.toBe(200);
  });
});
