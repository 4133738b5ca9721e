import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { cmsPublishTask } from '../publish/schema.ts';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { makeTestSite, type TestSite } from '../template/test-site.ts';
import { writePlainTemplates } from '../publish/test-publish.ts';
import { drainQueue } from '../publish/worker.ts';
import { cmsPushJob } from './schema.ts';
import { MAX_PUSH_ATTEMPTS } from './dispatch.ts';
import { dispatchAll, receiver } from './test-receiver.ts';

// Issue 29 §6: what a publish sends after it — IndexNow and Baidu pushes of its new and changed
// pages, a CDN purge — to receivers started here (node:http), each site with its own settings.
const dataDir = mkdtempSync(join(tmpdir(), 'castanea-seo-'));
const ts = useTestServer({ config: { dataDir, port: 8094 } });
const H = { repeatSubmit: 'false', 'accept-language': 'en' };

let site: TestSite;
let other: TestSite;
let rx: Awaited<ReturnType<typeof receiver>>;
let otherRx: Awaited<ReturnType<typeof receiver>>;
const call = (method: string, url: string, siteId: number, body?: unknown) =>
  ts.api(method, url, { token: ts.admin, body, headers: { ...H, CurrentSite: String(siteId) } });
async function ok(method: string, url: string, siteId: number, body?: unknown) {
  const r = await call(method, url, siteId, body);
  expect(r.code, `${method} ${url}: ${r.msg}`).toBe(200);
  return r.data;
}
const jobsOf = (siteId: number) => ts.database.db.select().from(cmsPushJob).where(eq(cmsPushJob.siteId, siteId)).orderBy(cmsPushJob.jobId);
async function publishSite(siteId: number) {
  await ok('POST', '/cms/site/publish', siteId, { siteId });
  expect((await drainQueue(ts.server.services)).failures).toEqual([]);
}
const KEY = 'a1b2c3d4e5f6a7b8';
/** The published sites' port: the pipes' addresses (http://localhost:<port>/<site path>/). */
const SP = 8091;
const SECRET = 'cdn-secret-value-42';

beforeAll(async () => {
  rx = await receiver();
  otherRx = await receiver();
  site = await makeTestSite(ts, 'seoweb');
  other = await makeTestSite(ts, 'seoother');
  await writePlainTemplates(ts, site);
  await writePlainTemplates(ts, other);
  await drainQueue(ts.server.services);
  await dispatchAll(ts.database.db);
});
afterAll(async () => {
  await rx?.close();
  await otherRx?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('settings', () => {
  it('refuses a push switched on without its key, a non-http endpoint, a bad key and bad header lines, naming the field', async () => {
    const refused = async (group: string, body: Record<string, string>, msg: string) => {
      const r = await call('POST', `/cms/setting/${group}`, site.siteId, body);
      expect(r.code).not.toBe(200);
      expect(r.msg).toContain(msg);
    };
    await refused('seo', { IndexNowEnabled: 'Y' }, 'IndexNow key');
    await refused('seo', { IndexNowKey: 'short' }, 'IndexNow key: 8 to 128 letters, digits or hyphens');
    await refused('seo', { IndexNowEndpoint: 'ftp://example.com/indexnow' }, 'IndexNow endpoint must be an http:// or https:// address');
    await refused('seo', { BaiduPushEnabled: 'Y' }, 'Baidu push site');
    await refused('cdn', { CdnProvider: 'HTTP' }, 'Purge endpoint');
    await refused('cdn', { CdnProvider: 'HTTP', CdnPurgeUrl: 'file:///etc/passwd' }, 'Purge endpoint must be an http:// or https:// address');
    await refused('cdn', { CdnPurgeHeaders: 'no colon here' }, 'Purge headers: one "Name: value" per line');
    const zh = await ts.api('POST', '/cms/setting/cdn', { token: ts.admin, body: { CdnPurgeUrl: 'javascript:alert(1)' }, headers: { ...H, 'accept-language': 'zh-CN', CurrentSite: String(site.siteId) } });
    expect(zh.msg).toContain('刷新接口地址');
  });

  it('keeps the CDN credential and the Baidu token write-only: never replied, a flag says one is stored, an empty save keeps it', async () => {
    await ok('POST', '/cms/setting/seo', site.siteId, {
      IndexNowEnabled: 'Y', IndexNowKey: KEY, IndexNowEndpoint: `${rx.url}/indexnow`,
      BaiduPushEnabled: 'Y', BaiduPushSite: 'www.example.com', BaiduPushToken: 'baidu-token-1', BaiduPushEndpoint: `${rx.url}/baidu/urls`,
    });
    await ok('POST', '/cms/setting/cdn', site.siteId, {
      CdnProvider: 'HTTP', CdnPurgeUrl: `${rx.url}/purge`, CdnPurgeMethod: 'POST',
      CdnPurgeHeaders: 'Content-Type: application/json\nX-Secret: {{secret}}', CdnPurgeBody: '{"files": {{urls}}}', CdnSecret: SECRET,
    });
    await ok('POST', '/cms/setting/cdn', site.siteId, { CdnSecret: '' });
    const cdn = await ok('GET', '/cms/setting/cdn', site.siteId);
    expect(cdn).toMatchObject({ CdnProvider: 'HTTP', CdnSecret: '', hasCdnSecret: true });
    const seo = await ok('GET', '/cms/setting/seo', site.siteId);
    expect(seo).toMatchObject({ BaiduPushToken: '', hasBaiduPushToken: true, IndexNowKey: KEY });
    // Switching IndexNow on queued the site's index task, which publishes the key file.
    const [waiting] = await ts.database.db.select().from(cmsPublishTask).where(and(eq(cmsPublishTask.siteId, site.siteId), eq(cmsPublishTask.status, 'READY')));
    expect(waiting).toMatchObject({ dataType: 'site', dataId: site.siteId });
    await drainQueue(ts.server.services);
    expect(readFileSync(join(dataDir, 'wwwroot', 'seoweb', `${KEY}.txt`), 'utf8')).toBe(KEY);
    expect(JSON.stringify([cdn, seo])).not.toContain(SECRET);
    expect(JSON.stringify([cdn, seo])).not.toContain('baidu-token-1');
    // The other site sends elsewhere, with its own key.
    await ok('POST', '/cms/setting/seo', other.siteId, { IndexNowEnabled: 'Y', IndexNowKey: 'otherkey-9999', IndexNowEndpoint: `${otherRx.url}/indexnow` });
  });
});

describe('after a publish', () => {
  it('publishes the IndexNow key file, sitemap.xml and a robots.txt naming it', async () => {
    await ok('PUT', '/cms/site', site.siteId, { siteId: site.siteId, publishPipeDatas: [{ pipeCode: 'pc', props: { enableSitemap: 'Y' } }] });
    // The pages were published before the pushes were switched on: a new detail template changes them.
    await writePlainTemplates(ts, site, { 'detail_article.template.html': '<h1>New look: {{ Content.title }}</h1>' });
    await publishSite(site.siteId);
    const root = join(dataDir, 'wwwroot', 'seoweb');
    expect(readFileSync(join(root, `${KEY}.txt`), 'utf8')).toBe(KEY);
    expect(readFileSync(join(root, 'robots.txt'), 'utf8')).toContain(`Sitemap: http://localhost:${SP}/seoweb/sitemap.xml`);
    const sitemap = readFileSync(join(root, 'sitemap.xml'), 'utf8');
    expect(sitemap).toContain('<urlset');
    expect(sitemap).toMatch(new RegExp(`<loc>http://localhost:${SP}/seoweb/news/world/${site.first}\\.shtml</loc><lastmod>\\d{4}-\\d\\d-\\d\\d</lastmod>`));
    expect(sitemap).not.toContain(`${site.draft}.shtml`);
    // Served at the pipe's root, as the protocol asks.
    expect((await ts.server.sites.inject({ method: 'GET', url: `/seoweb/${KEY}.txt` })).body).toBe(KEY);
  });

  it('a sitemap index past the per-file limit, the files split', async () => {
    await ok('PUT', '/cms/site', site.siteId, { siteId: site.siteId, publishPipeDatas: [{ pipeCode: 'pc', props: { enableSitemap: 'Y', sitemapUrlLimit: 2 } }] });
    await publishSite(site.siteId);
    const root = join(dataDir, 'wwwroot', 'seoweb');
    const index = readFileSync(join(root, 'sitemap.xml'), 'utf8');
    expect(index).toContain('<sitemapindex');
    expect(index).toContain(`<loc>http://localhost:${SP}/seoweb/sitemap_2.xml</loc>`);
    expect(readFileSync(join(root, 'sitemap_2.xml'), 'utf8').match(/<url>/g)).toHaveLength(2);
  });

  it('pushes the new and changed pages to IndexNow and Baidu and purges them from the CDN, each logged', async () => {
    rx.got.length = 0;
    await dispatchAll(ts.database.db);
    const indexnow = rx.got.filter((r) => r.path === '/indexnow');
    expect(indexnow.length).toBeGreaterThan(0);
    const sent = JSON.parse(indexnow[0]!.body) as { host: string; key: string; keyLocation: string; urlList: string[] };
    expect(sent).toMatchObject({ host: `localhost:${SP}`, key: KEY, keyLocation: `http://localhost:${SP}/seoweb/${KEY}.txt` });
    const all = indexnow.flatMap((r) => (JSON.parse(r.body) as { urlList: string[] }).urlList);
    expect(all).toContain(`http://localhost:${SP}/seoweb/news/world/${site.first}.shtml`);
    expect(all).not.toContain(`http://localhost:${SP}/seoweb/news/world/${site.draft}.shtml`);

    const baidu = rx.got.find((r) => r.path.startsWith('/baidu/urls'))!;
    expect(baidu.path).toBe('/baidu/urls?site=www.example.com&token=baidu-token-1');
    expect(baidu.body.split('\n')).toContain(`http://localhost:${SP}/seoweb/news/world/${site.first}.shtml`);

    const purge = rx.got.find((r) => r.path === '/purge')!;
    expect(purge.method).toBe('POST');
    expect(purge.headers['x-secret']).toBe(SECRET);
    expect(purge.headers['content-type']).toBe('application/json');
    expect((JSON.parse(purge.body) as { files: string[] }).files).toContain(`http://localhost:${SP}/seoweb/news/world/${site.first}.shtml`);

    const log = await ok('GET', '/cms/seo/logs?pageSize=50', site.siteId);
    expect(log.total).toBeGreaterThanOrEqual(3);
    expect(new Set(log.rows.map((r: { target: string }) => r.target))).toEqual(new Set(['indexnow', 'baidu', 'cdn']));
    expect(log.rows.every((r: { status: string; httpStatus: number }) => r.status === 'SUCCESS' && r.httpStatus === 200)).toBe(true);
    // Its times read as every other list's (yyyy-MM-dd HH:mm:ss).
    const stamp = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
    expect(log.rows.every((r: { createTime: string; endTime: string }) => stamp.test(r.createTime) && stamp.test(r.endTime))).toBe(true);
    // The log never shows the secrets: the token in Baidu's address is masked.
    expect(JSON.stringify(log)).not.toContain('baidu-token-1');
    expect(JSON.stringify(log)).not.toContain(SECRET);
  });

  it('another site\'s settings are never used: its own receiver gets its own pages and key, the first gets none of them', async () => {
    rx.got.length = 0;
    otherRx.got.length = 0;
    await writePlainTemplates(ts, other, { 'detail_article.template.html': '<h1>Other look: {{ Content.title }}</h1>' });
    await publishSite(other.siteId);
    await dispatchAll(ts.database.db);
    expect(rx.got).toEqual([]);
    expect(otherRx.got.length).toBeGreaterThan(0);
    for (const r of otherRx.got) {
      const body = JSON.parse(r.body) as { key: string; urlList: string[] };
      expect(body.key).toBe('otherkey-9999');
      expect(body.urlList.every((u) => u.startsWith(`http://localhost:${SP}/seoother/`))).toBe(true);
    }
    // Nor does the log of one site show the other's pushes.
    const log = await ok('GET', '/cms/seo/logs?pageSize=100', site.siteId);
    expect(JSON.stringify(log)).not.toContain('/seoother/');
  });

  it('a publish that changes nothing pushes nothing', async () => {
    const before = (await jobsOf(site.siteId)).length;
    await publishSite(site.siteId);
    expect((await jobsOf(site.siteId)).length).toBe(before);
  });

  it('a site publish run again after a run that stopped before recording its pushes pushes its pages, unchanged as they are', async () => {
    const before = (await jobsOf(site.siteId)).length;
    // As a crashed run leaves it: the pages on disk, the task claimed once already (its lease since run out).
    await ok('POST', '/cms/site/publish', site.siteId, { siteId: site.siteId });
    await ts.database.db.update(cmsPublishTask).set({ attempts: 1 }).where(and(eq(cmsPublishTask.siteId, site.siteId), eq(cmsPublishTask.status, 'READY')));
    expect((await drainQueue(ts.server.services)).failures).toEqual([]);
    const urls = (await jobsOf(site.siteId)).slice(before).flatMap((j) => j.urls);
    expect(urls).toContain(`http://localhost:${SP}/seoweb/news/world/${site.first}.shtml`);
  });

  it('a failing receiver is logged and retried a bounded number of times, its answer kept with the secret masked', async () => {
    const failing = await receiver(() => 503);
    try {
      await ok('POST', '/cms/setting/cdn', site.siteId, { CdnPurgeUrl: `${failing.url}/purge` });
      await ok('POST', '/cms/setting/seo', site.siteId, { IndexNowEnabled: 'N', BaiduPushEnabled: 'N' });
      await ok('POST', '/cms/catalog/publish', site.siteId, { catalogId: site.cat.News, publishDetail: true });
      // A changed page: the list's template differs.
      await writePlainTemplates(ts, site, { 'list.template.html': '<h1>Changed {{ Catalog.name }}</h1>' });
      await ok('POST', '/cms/catalog/publish', site.siteId, { catalogId: site.cat.News });
      expect((await drainQueue(ts.server.services)).failures).toEqual([]);
      await dispatchAll(ts.database.db);
      expect(failing.got.length).toBeGreaterThan(0);
      // Every job gave up after its attempts: the receiver saw each one MAX_PUSH_ATTEMPTS times, no more.
      const jobs = (await jobsOf(site.siteId)).filter((j) => j.response?.includes(failing.url));
      expect(jobs.length).toBeGreaterThan(0);
      for (const j of jobs) expect(j).toMatchObject({ status: 'FAILED', attempts: MAX_PUSH_ATTEMPTS, httpStatus: 503 });
      expect(failing.got.length).toBe(jobs.length * MAX_PUSH_ATTEMPTS);
      expect(jobs.every((j) => !j.response!.includes(SECRET) && j.response!.includes('***'))).toBe(true);
      // Sent again on demand, once more to the end of its attempts; another site cannot ask it.
      const jobId = jobs[0]!.jobId;
      expect((await call('POST', `/cms/seo/logs/${jobId}/retry`, other.siteId)).code).not.toBe(200);
      await ok('POST', `/cms/seo/logs/${jobId}/retry`, site.siteId);
      failing.got.length = 0;
      await dispatchAll(ts.database.db);
      expect(failing.got.length).toBe(MAX_PUSH_ATTEMPTS);
    } finally {
      await failing.close();
    }
  });

  it('an internal address is refused unless the operator lists it: nothing sent, failed at once, the reason logged', async () => {
    const inside = await receiver();
    try {
      await ok('POST', '/cms/setting/cdn', site.siteId, { CdnPurgeUrl: `${inside.url}/purge` });
      await writePlainTemplates(ts, site, { 'list.template.html': '<h1>Inside {{ Catalog.name }}</h1>' });
      await ok('POST', '/cms/catalog/publish', site.siteId, { catalogId: site.cat.News });
      expect((await drainQueue(ts.server.services)).failures).toEqual([]);
      // As a server runs it, with no PUSH_ALLOWED_HOSTS: 127.0.0.1 is loopback.
      await dispatchAll(ts.database.db, []);
      expect(inside.got).toEqual([]);
      const [last] = (await jobsOf(site.siteId)).slice(-1);
      expect(last).toMatchObject({ target: 'cdn', status: 'FAILED', attempts: 1, httpStatus: null });
      expect(last!.response).toContain('is an internal address');
    } finally {
      await inside.close();
    }
  });

  it('a receiver that does not answer is a logged failure, not a hung publish', async () => {
    await ok('POST', '/cms/setting/cdn', site.siteId, { CdnPurgeUrl: 'http://127.0.0.1:9/purge' });
    await writePlainTemplates(ts, site, { 'list.template.html': '<h1>Again {{ Catalog.name }}</h1>' });
    await ok('POST', '/cms/catalog/publish', site.siteId, { catalogId: site.cat.News });
    expect((await drainQueue(ts.server.services)).failures).toEqual([]);
    await dispatchAll(ts.database.db);
    const [last] = (await jobsOf(site.siteId)).slice(-1);
    expect(last).toMatchObject({ target: 'cdn', status: 'FAILED', httpStatus: null, attempts: MAX_PUSH_ATTEMPTS });
    expect(last!.response).toContain('http://127.0.0.1:9/purge');
  });
});

describe('access', () => {
  it('the log needs the settings\' view permission and a site the user may view', async () => {
    const anon = await ts.api('GET', '/cms/seo/logs', { headers: { ...H, CurrentSite: String(site.siteId) } });
    expect(anon.code).toBe(401);
  });
});

describe('the log', () => {
  it('forgets finished pushes after 30 days, keeps newer ones and those still to send', async () => {
    const { prunePushLog } = await import('./dispatch.ts');
    const now = new Date();
    const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);
    const rows = await ts.database.db.insert(cmsPushJob).values([
      { siteId: site.siteId, target: 'cdn', pipeCode: 'pc', base: 'http://x/', urls: ['http://x/old'], status: 'SUCCESS', endTime: daysAgo(31) },
      { siteId: site.siteId, target: 'cdn', pipeCode: 'pc', base: 'http://x/', urls: ['http://x/new'], status: 'FAILED', endTime: daysAgo(29) },
      { siteId: site.siteId, target: 'cdn', pipeCode: 'pc', base: 'http://x/', urls: ['http://x/wait'], status: 'PENDING', nextTime: daysAgo(-1), createTime: daysAgo(40) },
    ]).returning({ id: cmsPushJob.jobId });
    expect(await prunePushLog(ts.database.db, 30, now)).toBe(1);
    const left = (await jobsOf(site.siteId)).map((j) => j.jobId);
    expect(left).not.toContain(rows[0]!.id);
    expect(left).toEqual(expect.arrayContaining([rows[1]!.id, rows[2]!.id]));
  });
});
