import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { multipartBody } from '../../common/test-multipart.ts';
import { cmsArticleDetail } from '../content/schema.ts';
import { cmsCatalog } from '../catalog/schema.ts';
import { cmsSite } from '../site/schema.ts';
import { png } from '../resource/test-files.ts';
import { startTestS3, type TestS3 } from '../storage/test-s3.ts';
import { writeTemplates } from '../template/test-site.ts';
import { drainQueue } from './worker.ts';

// Issue 26 item 3: an article's images are stored as internal links and published where each pipe
// finds them — its own folder, the site's resource domain, or the site's bucket — not at the
// console's API address.
const dataDir = mkdtempSync(join(tmpdir(), 'castanea-reslinks-'));
const ts = useTestServer({ config: { dataDir, port: 8090 } });
let s3: TestS3 | undefined;
afterAll(async () => {
  await s3?.close();
  rmSync(dataDir, { recursive: true, force: true });
});
const H = { repeatSubmit: 'false', 'accept-language': 'en' };
let siteId = 0;
let news = 0;

async function ok(method: string, url: string, body?: unknown) {
  const r = await ts.api(method, url, { token: ts.admin, body, headers: { ...H, CurrentSite: String(siteId) } });
  expect(r.code, `${method} ${url}: ${r.msg}`).toBe(200);
  return r.data;
}
async function upload(name: string): Promise<{ path: string; src: string }> {
  const body = multipartBody('file', name, await png(40, 30));
  const res = await ts.server.app.inject({ method: 'POST', url: '/prod-api/cms/resource/upload', payload: body.payload, headers: { ...body.headers, ...H, CurrentSite: String(siteId), authorization: `Bearer ${ts.admin}` } });
  const r = res.json();
  expect(r.code, r.msg).toBe(200);
  return r.data;
}
const TEMPLATES = {
  'index.template.html': 'home',
  'list.template.html': 'list',
  'detail_article.template.html': '<h1>{{ Content.title }}</h1><img class="logo" src="{{ Content.logoSrc }}"><img class="site" src="{{ Site.logoSrc }}"><img class="catalog" src="{{ Catalog.logoSrc }}">{% cms_article %}<div>{{ ArticleContent | raw }}</div>{% endcms_article %}',
};
/** An article as the editor saves it: the image inserted at the address the console shows (`/prod-api/<site path>/resources/…`). */
async function article(title: string, imageSrc: string, logo: string) {
  const id = (await ok('POST', '/cms/content?contentType=article', { catalogId: news, title, logo, contentHtml: `<p>Text</p><p><img src="${imageSrc}" alt="pic"></p>` })).contentId as number;
  await ok('POST', '/cms/content/publish', { contentIds: [id] });
  await drainQueue(ts.server.services);
  return id;
}
const page = (folder: string, id: number) => readFileSync(join(dataDir, 'wwwroot', folder, 'news', `${id}.shtml`), 'utf8');
const storedBody = async (id: number) => (await ts.database.db.select().from(cmsArticleDetail).where(eq(cmsArticleDetail.contentId, id)))[0]!.contentHtml;

beforeAll(async () => {
  siteId = (await ok('POST', '/cms/site', { name: 'Links', path: 'links' })).siteId;
  await ok('POST', '/cms/publishpipe', { name: 'Mobile', code: 'h5' });
  [{ catalogId: news }] = await ok('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'News' });
  await ok('PUT', '/cms/site', { siteId, publishPipeDatas: [{ pipeCode: 'pc', props: { url: 'https://www.example.com' } }, { pipeCode: 'h5', props: { url: 'https://m.example.com/' } }] });
  for (const pipe of ['pc', 'h5']) await writeTemplates(ts, { path: 'links' } as Parameters<typeof writeTemplates>[1], TEMPLATES, pipe);
  await drainQueue(ts.server.services);
});

describe('resources in published pages', () => {
  let first = 0;
  let image = { path: '', src: '' };

  it('stores the body\'s image as an internal link, and the editor loads it back at the console\'s address', async () => {
    image = await upload('photo.png');
    expect(image.src).toBe(`/links/${image.path}`);
    first = await article('First', `/prod-api/links/${image.path}`, image.src);
    expect(await storedBody(first)).toBe(`<p>Text</p><p><img src="iurl://${image.path}?sid=${siteId}&amp;storage=Local" alt="pic" /></p>`);
    const loaded = await ok('GET', `/cms/content/${first}`);
    expect(loaded.contentHtml).toBe(`<p>Text</p><p><img src="/prod-api/links/${image.path}" alt="pic" /></p>`);
    expect(loaded.logo).toBe(image.src);
    // Saving what was loaded stores the same internal link again.
    await ok('PUT', '/cms/content?contentType=article', { contentId: first, version: loaded.version, catalogId: news, title: loaded.title, logo: loaded.logo, contentHtml: loaded.contentHtml });
    expect(await storedBody(first)).toBe(`<p>Text</p><p><img src="iurl://${image.path}?sid=${siteId}&amp;storage=Local" alt="pic" /></p>`);
    expect((await ok('GET', `/cms/content/${first}`)).logo).toBe(image.src);
    await ok('POST', '/cms/content/publish', { contentIds: [first] });
    await drainQueue(ts.server.services);
  });

  it('stores the site\'s and a catalog\'s logo as internal links too, and shows their addresses', async () => {
    await ok('PUT', '/cms/site', { siteId, logo: image.src });
    const catalog = await ok('GET', `/cms/catalog/${news}`);
    await ok('PUT', '/cms/catalog', { catalogId: news, name: catalog.name, alias: catalog.alias, path: catalog.path, catalogType: 'common', logo: image.src });
    const iurl = `iurl://${image.path}?sid=${siteId}&storage=Local`;
    expect((await ts.database.db.select().from(cmsSite).where(eq(cmsSite.siteId, siteId)))[0]!.logo).toBe(iurl);
    expect((await ts.database.db.select().from(cmsCatalog).where(eq(cmsCatalog.catalogId, news)))[0]!.logo).toBe(iurl);
    expect((await ok('GET', `/cms/site/${siteId}`)).logo).toBe(image.src);
    expect((await ok('GET', `/cms/catalog/${news}`)).logo).toBe(image.src);
    await ok('POST', '/cms/content/publish', { contentIds: [first] });
    await drainQueue(ts.server.services);
  });

  it('publishes each pipe with its own prefix', () => {
    expect(page('links', first)).toContain(`<img src="https://www.example.com/${image.path}" alt="pic" />`);
    expect(page('links', first)).toContain(`<img class="logo" src="https://www.example.com/${image.path}">`);
    expect(page('links_h5', first)).toContain(`<img src="https://m.example.com/${image.path}" alt="pic" />`);
    expect(page('links_h5', first)).toContain(`<img class="site" src="https://m.example.com/${image.path}"><img class="catalog" src="https://m.example.com/${image.path}">`);
    expect(page('links_h5', first)).not.toContain('/prod-api/');
  });

  it('heals bodies stored before internal links when they are published again', async () => {
    const [row] = await ts.database.db.update(cmsArticleDetail).set({ contentHtml: `<p><img src="/prod-api/links/${image.path}" /></p>` }).where(eq(cmsArticleDetail.contentId, first)).returning();
    expect(row).toBeTruthy();
    await ok('POST', '/cms/content/publish', { contentIds: [first] });
    await drainQueue(ts.server.services);
    expect(page('links_h5', first)).toContain(`<img src="https://m.example.com/${image.path}" />`);
  });

  it('uses the site\'s resource domain when it has one', async () => {
    await ok('PUT', '/cms/site', { siteId, resourceUrl: 'https://res.example.com' });
    await ok('POST', '/cms/site/publish', { siteId });
    await drainQueue(ts.server.services);
    for (const folder of ['links', 'links_h5']) expect(page(folder, first)).toContain(`<img src="https://res.example.com/${image.path}" />`);
    await ok('PUT', '/cms/site', { siteId, resourceUrl: '' });
  });

  it('uses the bucket\'s public address for what is stored there; earlier Local files stay at the pipe\'s prefix', async () => {
    s3 = await startTestS3('media');
    const domain = `${s3.direct}/${s3.bucket}/`;
    await ok('POST', '/cms/setting/storage', {
      FileStorageType: 'MinIO', StorageEndpoint: s3.endpoint, StorageRegion: '', StorageBucket: s3.bucket,
      StorageAccessKey: 'S3RVER', StorageSecretKey: 'S3RVER', StoragePathStyle: 'Y', StorageDomain: domain,
    });
    const inBucket = await upload('bucket.png');
    expect(inBucket.src).toBe(`${domain}${inBucket.path}`);
    const second = await article('Second', inBucket.src, `/links/${image.path}`);
    expect(await storedBody(second)).toContain(`src="iurl://${inBucket.path}?sid=${siteId}&amp;storage=S3"`);
    expect((await ok('GET', `/cms/content/${second}`)).contentHtml).toContain(`<img src="${inBucket.src}"`);
    // With a bucket, pages are published into it too.
    const client = new S3Client({ endpoint: s3.direct, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    const html = await (await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: `links_h5/news/${second}.shtml` }))).Body!.transformToString();
    expect(html).toContain(`<img src="${domain}${inBucket.path}" alt="pic" />`);
    expect(html).toContain(`<img class="logo" src="https://m.example.com/${image.path}">`);
    await ok('POST', '/cms/setting/storage', { FileStorageType: 'Local' });
  });
});
