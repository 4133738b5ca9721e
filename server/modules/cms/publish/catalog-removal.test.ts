import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { startTestS3, type TestS3 } from '../storage/test-s3.ts';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { makeTestSite, type TestSite } from '../template/test-site.ts';
import { cmsCatalog } from '../catalog/schema.ts';
import { cmsPublishTask } from './schema.ts';
import { drainQueue } from './worker.ts';
import { readTree, writePlainTemplates } from './test-publish.ts';

// Issue 11 §3: deleting a catalog takes its subtree's published pages off the site (its list pages
// and its contents' pages, in every pipe, in the local folder or the site's bucket) and republishes
// the lists above it and the index, through the queue; restoring a content from the recycle bin
// republishes it, as content restore always has.
const dataDir = mkdtempSync(join(tmpdir(), 'castanea-catremoval-'));
const ts = useTestServer({ config: { dataDir, port: 8090 } });
let s3: TestS3 | undefined;
afterAll(async () => {
  await s3?.close();
  rmSync(dataDir, { recursive: true, force: true });
});
const H = { repeatSubmit: 'false', 'accept-language': 'en' };
let site: TestSite;
const call = async (method: string, url: string, body?: unknown) => {
  const r = await ts.api(method, url, { token: ts.admin, body, headers: { ...H, CurrentSite: String(site.siteId) } });
  expect(r.code, `${method} ${url}: ${r.msg}`).toBe(200);
  return r.data;
};
const tree = (pipeFolder: string) => readTree(join(dataDir, 'wwwroot', pipeFolder));
/** Every page of the News list (one article a page) as one text. */
const newsLists = (files: Map<string, string>) => [...files].filter(([f]) => /^news\/index(_\d+)?\.shtml$/.test(f)).map(([, html]) => html).join('\n');
const drain = () => drainQueue(ts.server.services, { siteId: site.siteId });
// Lists name their sub-catalogs too, so a parent's list shows whether it still links a deleted child.
const LIST = '<h1>{{ Catalog.name }}</h1>{% cms_catalog level: \'Child\' %}{% for c in DataList %}<a class="sub" href="{{ c.link }}">{{ c.name }}</a>{% endfor %}{% endcms_catalog %}'
  + '{% cms_content page: true, size: 1, level: \'CurrentAndChild\' %}{% for a in DataList %}<li><a href="{{ a.link }}">{{ a.title }}</a></li>{% endfor %}{% endcms_content %}{% page_bar %}';

beforeAll(async () => {
  site = await makeTestSite(ts, 'cut');
  // A second pipe: its output must go too.
  await call('POST', '/cms/publishpipe', { name: 'Mobile', code: 'h5' });
  for (const pipe of ['pc', 'h5']) await writePlainTemplates(ts, site, { 'list.template.html': LIST }, pipe);
  await call('POST', '/cms/site/publish', { siteId: site.siteId });
  const r = await drain();
  expect(r.failures).toEqual([]);
});

describe('deleting a catalog', () => {
  it('removes the subtree\'s pages in every pipe and republishes the parent\'s lists and the index', async () => {
    const [world] = await ts.database.db.select({ path: cmsCatalog.path }).from(cmsCatalog).where(eq(cmsCatalog.catalogId, site.cat.World));
    const worldFiles = (files: Map<string, string>) => [...files.keys()].filter((f) => f.startsWith(world!.path));
    for (const folder of ['cut', 'cut_h5']) {
      const before = await tree(folder);
      // World's two list pages (one article a page) and its two articles' pages (the first has two body pages).
      expect(worldFiles(before).length, folder).toBeGreaterThanOrEqual(5);
      expect(newsLists(before)).toContain('World');
      expect(newsLists(before)).toContain('First &lt;story&gt;');
    }

    await call('DELETE', `/cms/catalog/${site.cat.World}`);
    // Queued with the delete (crash-safe): the deleted catalog, its contents, its parent and the index.
    const queued = (await ts.database.db.select({ t: cmsPublishTask.dataType, id: cmsPublishTask.dataId }).from(cmsPublishTask)
      .where(and(eq(cmsPublishTask.siteId, site.siteId), eq(cmsPublishTask.status, 'READY')))).map((r) => `${r.t}:${r.id}`).sort();
    expect(queued).toEqual([`catalog:${site.cat.News}`, `catalog:${site.cat.World}`, `content:${site.first}`, `content:${site.second}`, `site:${site.siteId}`].sort());
    const r = await drain();
    expect(r.failures).toEqual([]);

    for (const folder of ['cut', 'cut_h5']) {
      const after = await tree(folder);
      expect(worldFiles(after), folder).toEqual([]);
      // The parent's list no longer links the catalog or its contents, nor does the home page.
      expect(newsLists(after), folder).not.toContain('World');
      expect(newsLists(after), folder).not.toContain('First &lt;story&gt;');
      expect(newsLists(after), folder).toContain('Pictures');
      expect(after.get('index.shtml'), folder).not.toContain('Second story');
      // What was not deleted stays published.
      expect(after.get('index.shtml'), folder).toContain('Pictures');
      expect([...after.keys()].some((f) => f.startsWith('books/')), folder).toBe(true);
    }
    const served = await ts.server.sites.inject({ method: 'GET', url: `/cut/${world!.path}` });
    expect(served.statusCode).toBe(404);
  });

  it('restoring a content from the recycle bin publishes it again with its catalog, as content restore does', async () => {
    await call('POST', '/cms/content/restore', [site.second]);
    expect((await drain()).failures).toEqual([]);
    const after = await tree('cut');
    expect(after.get('index.shtml')).toContain('Second story');
    expect(newsLists(after)).toContain('World');
    expect(newsLists(after)).toContain('Second story');
  });

  it('removes them from the site\'s bucket alike, a book\'s chapter pages included', async () => {
    s3 = await startTestS3('catalogs');
    await call('POST', '/cms/setting/storage', {
      FileStorageType: 'MinIO', StorageEndpoint: s3.endpoint, StorageRegion: '', StorageBucket: s3.bucket,
      StorageAccessKey: 'S3RVER', StorageSecretKey: 'S3RVER', StoragePathStyle: 'Y', StorageDomain: `${s3.direct}/${s3.bucket}/`,
    });
    await call('POST', '/cms/site/publish', { siteId: site.siteId });
    expect((await drain()).failures).toEqual([]);
    const books = (keys: string[]) => keys.filter((k) => k.startsWith('cut/books/'));
    // The list, the book's page and its two published chapters.
    expect(books(await s3.keys()).length).toBeGreaterThanOrEqual(4);
    await call('DELETE', `/cms/catalog/${site.cat.Books}`);
    expect((await drain()).failures).toEqual([]);
    expect(books(await s3.keys())).toEqual([]);
    const client = new S3Client({ endpoint: s3.direct, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    const index = await (await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: 'cut/index.shtml' }))).Body!.transformToString();
    expect(index).toContain('News');
    expect(index).not.toContain('Books');
    await call('POST', '/cms/setting/storage', { FileStorageType: 'Local' });
  });
});
