import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { makeTestSite, type TestSite } from '../template/test-site.ts';
import { startTestS3, type TestS3 } from '../storage/test-s3.ts';
import { staticRoot } from '../file/roots.ts';
import { cmsPublishTask } from './schema.ts';
import { closeRenderPool, drainQueue, type PublishHost } from './worker.ts';
import { readTree, writePlainTemplates } from './test-publish.ts';
import { SITE_PAGE_CSP } from './site-headers.ts';

// Issue 11 §3: the publish routes (site, catalog, a template's pages), the progress of a run,
// the published site served by the server itself (on its sites port), sitemaps, and output to the site's bucket.
const dataDir = mkdtempSync(join(tmpdir(), 'castanea-pubroutes-'));
const ts = useTestServer({ config: { dataDir, port: 8090 } });
let s3: TestS3;
afterAll(async () => {
  await s3?.close();
  rmSync(dataDir, { recursive: true, force: true });
});
const H = { repeatSubmit: 'false', 'accept-language': 'en' };
let site: TestSite;
const root = () => join(dataDir, 'wwwroot', 'web');
const call = (method: string, url: string, body?: unknown, lang = 'en') =>
  ts.api(method, url, { token: ts.admin, body, headers: { ...H, 'accept-language': lang, CurrentSite: String(site.siteId) } });
const queued = async () => (await ts.database.db.select({ type: cmsPublishTask.dataType, id: cmsPublishTask.dataId }).from(cmsPublishTask)
  .where(and(eq(cmsPublishTask.siteId, site.siteId), eq(cmsPublishTask.status, 'READY')))).map((r) => `${r.type}:${r.id}`).sort();
const page = (path: string) => ts.server.sites.inject({ method: 'GET', url: path });

beforeAll(async () => {
  site = await makeTestSite(ts, 'web');
  await writePlainTemplates(ts, site);
  await drainQueue(ts.server.services);
});

describe('publish routes', () => {
  it('publishes a whole site: every published content (a task per catalog, weighing its contents), every catalog, then the index', async () => {
    const r = await call('POST', '/cms/site/publish', { siteId: site.siteId });
    expect(r.code, r.msg).toBe(200);
    expect(await queued()).toEqual([
      `catalog:${site.cat.Books}`, `catalog:${site.cat.News}`, `catalog:${site.cat.World}`,
      `contents:${site.cat.Books}`, `contents:${site.cat.News}`, `contents:${site.cat.World}`, `site:${site.siteId}`,
    ].sort());
    // The progress counts pages to render: 4 contents, 3 catalogs, the index.
    const progress = await call('GET', '/cms/publish/progress');
    expect(progress.data).toMatchObject({ total: 8, done: 0, waiting: 8, failures: [] });
    expect((await call('GET', '/cms/publish/taskCount')).data).toBe(8);
    await drainQueue(ts.server.services);
    expect((await call('GET', '/cms/publish/progress')).data).toMatchObject({ total: 8, done: 8, failed: 0, waiting: 0 });
  });

  it('publishes the index only, refuses another site\'s id and an unknown status', async () => {
    expect((await call('POST', '/cms/site/publish', { siteId: site.siteId, publishIndex: true })).code).toBe(200);
    expect(await queued()).toEqual([`site:${site.siteId}`]);
    expect((await call('POST', '/cms/site/publish', { siteId: site.siteId + 1000 })).code).not.toBe(200);
    expect((await call('POST', '/cms/site/publish', { siteId: site.siteId, contentStatus: '99' })).code).not.toBe(200);
    await drainQueue(ts.server.services);
  });

  it('publishes a catalog with its sub-catalogs, and with its contents', async () => {
    expect((await call('POST', '/cms/catalog/publish', { catalogId: site.cat.News })).code).toBe(200);
    expect(await queued()).toEqual([`catalog:${site.cat.News}`, `site:${site.siteId}`].sort());
    expect((await call('POST', '/cms/catalog/publish', { catalogId: site.cat.News, publishChild: true, publishDetail: true })).code).toBe(200);
    expect(await queued()).toEqual([`catalog:${site.cat.News}`, `catalog:${site.cat.World}`, `contents:${site.cat.News}`, `contents:${site.cat.World}`, `site:${site.siteId}`].sort());
    expect((await call('POST', '/cms/catalog/publish', { catalogId: 999999 })).code).not.toBe(200);
    await drainQueue(ts.server.services);
  });

  it('republishes exactly the pages that use a template, includes followed', async () => {
    // The list template: every catalog; nav (included by the index): the index only.
    expect((await call('POST', '/cms/publish/template', { pipeCode: 'pc', path: 'list.template.html' })).code).toBe(200);
    expect(await queued()).toEqual([`catalog:${site.cat.Books}`, `catalog:${site.cat.News}`, `catalog:${site.cat.World}`].sort());
    await drainQueue(ts.server.services);
    expect((await call('POST', '/cms/publish/template', { pipeCode: 'pc', path: 'nav.template.html' })).code).toBe(200);
    expect(await queued()).toEqual([`site:${site.siteId}`]);
    await drainQueue(ts.server.services);
    expect((await call('POST', '/cms/publish/template', { pipeCode: 'pc', path: 'detail_article.template.html' })).code).toBe(200);
    expect(await queued()).toEqual([`content:${site.first}`, `content:${site.second}`].sort());
    await drainQueue(ts.server.services);
    for (const path of ['../x.template.html', '/etc/passwd', 'a%2e%2e/x.template.html']) {
      expect((await call('POST', '/cms/publish/template', { pipeCode: 'pc', path })).code, path).not.toBe(200);
    }
    expect((await call('POST', '/cms/publish/template', { pipeCode: 'nope', path: 'list.template.html' })).code).not.toBe(200);
  });

  it('shows each failure of the run with its template, line and message, in the reader\'s language', async () => {
    await writePlainTemplates(ts, site, { 'detail_book.template.html': '<h1>{{ Content.title }}</h1>\n\n{% cms_chapter bogus: 1 %}{% endcms_chapter %}' });
    await call('POST', '/cms/site/publish', { siteId: site.siteId });
    await drainQueue(ts.server.services);
    const progress = (await call('GET', '/cms/publish/progress')).data;
    expect(progress).toMatchObject({ total: 8, done: 8, failed: 1 });
    expect(progress.failures.length).toBeGreaterThan(0);
    expect(progress.failures[0]).toMatchObject({ dataType: 'content', dataId: site.book, template: 'detail_book.template.html', line: 3, pipeCode: 'pc' });
    expect(progress.failures[0].message).toMatch(/bogus/);
    const zh = (await call('GET', '/cms/publish/progress', undefined, 'zh-CN')).data;
    expect(zh.failures[0].message).not.toBe(progress.failures[0].message);
    await writePlainTemplates(ts, site);
  });
});

describe('the published site, served by the server', () => {
  it('serves the default pipe at /<site path>/ with index pages for folders and the right types', async () => {
    const home = await page('/web/');
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-type']).toMatch(/^text\/html/);
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(home.headers['content-security-policy']).toBe(SITE_PAGE_CSP);
    expect(home.body).toContain('<title>Site web</title>');
    expect((await page('/web')).statusCode).toBe(302);
    expect((await page('/web/news/')).body).toContain('<h1>News</h1>');
    expect((await page('/web/news')).headers.location).toBe('/web/news/');
    expect((await page(`/web/news/world/${site.first}.shtml`)).body).toContain('Part one');
  });

  it('copies the pipe\'s static files into the output and serves them cached', async () => {
    const statics = staticRoot(dataDir, 'web', 'pc');
    mkdirSync(join(statics, 'css'), { recursive: true });
    writeFileSync(join(statics, 'css', 'site.css'), 'body{color:red}');
    await call('POST', '/cms/site/publish', { siteId: site.siteId, publishIndex: true });
    await drainQueue(ts.server.services);
    const css = await page('/web/css/site.css');
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(css.headers['cache-control']).toBe('public, max-age=3600');
    expect(css.body).toBe('body{color:red}');
  });

  it('never serves anything outside the pipe\'s folder', async () => {
    writeFileSync(join(dataDir, 'secret.txt'), 'TOP-SECRET-BYTES');
    const outside = mkdtempSync(join(tmpdir(), 'castanea-out-'));
    writeFileSync(join(outside, 'x.shtml'), 'OUTSIDE-BYTES');
    symlinkSync(outside, join(root(), 'link'));
    try {
      for (const path of ['/web/../secret.txt', '/web/%2e%2e/%2e%2e/secret.txt', '/web/..%2f..%2fsecret.txt', '/web/link/x.shtml', '/web/.hidden', '/nosuch/', '/web_nopipe/', '/web/news/%00.shtml']) {
        const r = await page(path);
        expect(r.statusCode, path).not.toBe(200);
        expect(r.body, path).not.toMatch(/SECRET-BYTES|OUTSIDE-BYTES/);
      }
    } finally {
      rmSync(join(root(), 'link'));
      rmSync(outside, { recursive: true, force: true });
    }
    // The sites port answers no API path.
    expect((await page('/prod-api/nowhere')).statusCode).toBe(404);
    // Resources keep their own route.
    expect((await page('/web/resources/image/2024/01/01/1.png')).statusCode).toBe(404);
  });
});

describe('sitemaps and buckets', () => {
  it('writes sitemaps of the pipe when the site enables them', async () => {
    const r = await ts.api('PUT', '/cms/site', { token: ts.admin, headers: H, body: { siteId: site.siteId, publishPipeDatas: [{ pipeCode: 'pc', props: { enableSitemap: 'Y', sitemapUrlLimit: 3 } }] } });
    expect(r.code, r.msg).toBe(200);
    await call('POST', '/cms/site/publish', { siteId: site.siteId, publishIndex: true });
    await drainQueue(ts.server.services);
    const tree = await readTree(root());
    expect(tree.get('sitemapindex.xml')).toContain('<loc>http://localhost:8091/web/sitemap_1.xml</loc>');
    expect(tree.get('sitemap_1.xml')).toContain('<loc>http://localhost:8091/web/</loc>');
    const all = [...tree].filter(([f]) => /^sitemap_\d+\.xml$/.test(f)).map(([, x]) => x).join('');
    expect(all).toContain(`<loc>http://localhost:8091/web/news/world/${site.first}.shtml</loc>`);
    expect(all).not.toContain(`${site.draft}.shtml`);
    expect((await page('/web/sitemapindex.xml')).headers['content-type']).toMatch(/^application\/xml/);
  });

  it('publishes into the site\'s bucket when its storage setting names one, only what changed', async () => {
    s3 = await startTestS3('pages');
    const r = await call('POST', '/cms/setting/storage', {
      FileStorageType: 'MinIO', StorageEndpoint: s3.endpoint, StorageRegion: '', StorageBucket: s3.bucket,
      StorageAccessKey: 'S3RVER', StorageSecretKey: 'S3RVER', StoragePathStyle: 'Y', StorageDomain: `${s3.direct}/${s3.bucket}/`,
    });
    expect(r.code, r.msg).toBe(200);
    await call('POST', '/cms/site/publish', { siteId: site.siteId });
    // Rendered by a render thread, whose writes go to the bucket through the main thread.
    const services = ts.server.services;
    const threaded: PublishHost = { db: services.db, i18n: services.i18n, config: { ...services.config, publishThreads: 1 } };
    const first = await drainQueue(threaded, { threadMinTasks: 0, mainLane: false }).finally(() => closeRenderPool(threaded));
    expect(first.failures).toEqual([]);
    expect(first.written).toBeGreaterThan(10);
    const keys = await s3.keys();
    expect(keys).toEqual(expect.arrayContaining(['web/index.shtml', 'web/news/index.shtml', `web/news/world/${site.first}_2.shtml`, 'web/css/site.css', 'web/sitemapindex.xml']));
    const client = new S3Client({ endpoint: s3.direct, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    const obj = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: 'web/index.shtml' }));
    expect(obj.ContentType).toMatch(/^text\/html/);
    expect(await obj.Body!.transformToString()).toContain('<title>Site web</title>');
    // The main thread alone writes the same bytes: nothing changes.
    await call('POST', '/cms/site/publish', { siteId: site.siteId });
    const again = await drainQueue(ts.server.services);
    expect(again.written).toBe(0);
    expect(again.unchanged).toBeGreaterThan(0);
    // Offline: its pages leave the bucket.
    await call('POST', '/cms/content/offline', { contentIds: [site.first] });
    await drainQueue(ts.server.services);
    expect(await s3.keys()).not.toContain(`web/news/world/${site.first}.shtml`);
    expect(await s3.keys()).not.toContain(`web/news/world/${site.first}_2.shtml`);
    await call('POST', '/cms/setting/storage', { FileStorageType: 'Local' });
  });
});
