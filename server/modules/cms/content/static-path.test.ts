import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { drainQueue } from '../publish/worker.ts';
import { writePlainTemplates } from '../publish/test-publish.ts';
import { makeTestSite, type TestSite } from '../template/test-site.ts';
import { cmsContent } from './schema.ts';

// Issue 26 item 13: a content's static path never takes another object's published page —
// refused on save naming the field, and a path stored before that is neither written nor removed.
const dataDir = mkdtempSync(join(tmpdir(), 'castanea-staticpath-'));
const ts = useTestServer({ config: { dataDir, port: 8090 } });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
let site: TestSite;

const call = (method: string, url: string, body?: unknown, lang = 'en') =>
  ts.api(method, url, { token: ts.admin, body, headers: { repeatSubmit: 'false', 'accept-language': lang, CurrentSite: String(site.siteId) } });
const add = (staticPath: string, type = 'article', title = `At ${staticPath} ${type}`, lang = 'en') =>
  call('POST', `/cms/content?contentType=${type}`, { catalogId: type === 'book' ? site.cat.Books : site.cat.World, title, staticPath, contentHtml: '<p>x</p>' }, lang);
const file = (name: string) => join(dataDir, 'wwwroot', 'paths', name);
const read = (name: string) => readFileSync(file(name), 'utf8');

beforeAll(async () => {
  site = await makeTestSite(ts, 'paths');
  await writePlainTemplates(ts, site);
  await call('POST', '/cms/site/publish', { siteId: site.siteId });
  await drainQueue(ts.server.services);
});

describe('static paths', () => {
  it('refuses a path that names another object\'s page, naming the field and what holds it', async () => {
    const refusals: [string, string, string?][] = [
      ['index.shtml', 'Static file path: "index.shtml" has the name of a page publishing makes'],
      [`news/world/${site.second}.shtml`, 'has the name of a page publishing makes'],
      ['news/list_2.shtml', 'has the name of a page publishing makes'],
      ['resources/image/a.shtml', 'lies where the site keeps its own files'],
      ['sitemapindex.xml', 'lies where the site keeps its own files'],
      ['news', 'Static file path: "news" is where the catalog "News" publishes its pages'],
      // A book's chapter pages go to the folder named after its page.
      ['news.shtml', 'is where the catalog "News" publishes its pages', 'book'],
    ];
    for (const [path, msg, type] of refusals) {
      const r = await add(path, type);
      expect(r.code, path).toBe(500);
      expect(r.msg, path).toContain(msg);
      expect(r.data, path).toEqual({ field: 'staticPath' });
    }
    expect((await add('index.shtml', 'article', 'zh', 'zh-CN')).msg).toMatch(/^静态文件路径：“index\.shtml”/);
  });

  it('refuses another content\'s static path and its pages, whatever the case; the content itself may keep its own', async () => {
    const first = await add('about/us.shtml');
    expect(first.code, first.msg).toBe(200);
    for (const path of ['about/us.shtml', 'About/US.shtml', 'about/us_2.shtml']) {
      const r = await add(path, 'article', `Copy at ${path}`);
      expect(r.msg, path).toContain(`is already used by the content "At about/us.shtml article"`);
      expect(r.data).toEqual({ field: 'staticPath' });
    }
    const loaded = (await call('GET', `/cms/content/${first.data.contentId}`)).data;
    const again = await call('PUT', '/cms/content?contentType=article', { contentId: loaded.contentId, version: loaded.version, catalogId: site.cat.World, title: loaded.title, staticPath: 'about/us.shtml', contentHtml: '<p>y</p>' });
    expect(again.code, again.msg).toBe(200);
    // A path of its own is fine, also beside a catalog's pages.
    expect((await add('news/world/story.shtml')).code).toBe(200);
  });

  it('refuses a catalog whose folder is a content\'s static path, or where a book\'s chapter pages go', async () => {
    expect((await add('guide')).code).toBe(200);
    expect((await add('manual.shtml', 'book', 'Manual')).code).toBe(200);
    for (const [path, title] of [['guide/', 'At guide article'], ['Manual/', 'Manual']]) {
      const r = await call('POST', '/cms/catalog', { parentId: 0, name: `Folder ${path}`, alias: path.replace('/', 'x'), path, catalogType: 'common' });
      expect(r.msg, path).toBe(`Path: "${path}" is where the content "${title}" publishes its page (its static file path)`);
      expect(r.data).toEqual({ field: 'path' });
    }
    expect((await call('POST', '/cms/catalog', { parentId: 0, name: 'Manuals', alias: 'manuals', path: 'manuals/', catalogType: 'common' })).code).toBe(200);
  });

  it('never writes nor removes another object\'s page for a path stored before saves refused it', async () => {
    const isIndex = (html: string) => html.includes('<h1>Home</h1>') && !html.includes('legacy');
    const isSecond = (html: string) => html.includes('<h1>Second story</h1>') && !html.includes('legacy');
    expect(isIndex(read('index.shtml'))).toBe(true);
    expect(isSecond(read(`news/world/${site.second}.shtml`))).toBe(true);
    // Two contents whose static paths were stored as they are (no check then).
    const legacy: number[] = [];
    for (const [title, path] of [['Takes the index', 'index.shtml'], ['Takes a page', `news/world/${site.second}.shtml`]] as const) {
      const id = (await call('POST', '/cms/content?contentType=article', { catalogId: site.cat.World, title, contentHtml: '<p>legacy</p>' })).data.contentId as number;
      await ts.database.db.update(cmsContent).set({ staticPath: path }).where(eq(cmsContent.contentId, id));
      legacy.push(id);
    }
    await call('POST', '/cms/content/publish', { contentIds: legacy });
    const out = await drainQueue(ts.server.services);
    expect(out.failures.map((f) => f.key)).toEqual(expect.arrayContaining(['template.staticPathClash']));
    expect(isIndex(read('index.shtml'))).toBe(true);
    expect(isSecond(read(`news/world/${site.second}.shtml`))).toBe(true);
    await call('POST', '/cms/content/offline', { contentIds: legacy });
    await drainQueue(ts.server.services);
    expect(isIndex(read('index.shtml'))).toBe(true);
    expect(isSecond(read(`news/world/${site.second}.shtml`))).toBe(true);
  });

  it('of two contents holding one path from before, the published one keeps its page when the other goes offline', async () => {
    const ids: number[] = [];
    for (const title of ['Holder', 'Twin']) {
      const id = (await call('POST', '/cms/content?contentType=article', { catalogId: site.cat.World, title, contentHtml: `<p>${title} body</p>` })).data.contentId as number;
      await ts.database.db.update(cmsContent).set({ staticPath: 'shared/page.shtml' }).where(eq(cmsContent.contentId, id));
      ids.push(id);
    }
    await call('POST', '/cms/content/publish', { contentIds: [ids[0]] });
    await drainQueue(ts.server.services);
    expect(read('shared/page.shtml')).toContain('Holder body');
    // The twin published too: its page is refused, the holder's stays.
    await call('POST', '/cms/content/publish', { contentIds: [ids[1]] });
    const out = await drainQueue(ts.server.services);
    expect(out.failures).toEqual([expect.objectContaining({ key: 'publish.staticPathTaken', params: { path: 'shared/page.shtml', owner: ids[0] } })]);
    expect(read('shared/page.shtml')).toContain('Holder body');
    await call('POST', '/cms/content/offline', { contentIds: [ids[1]] });
    await drainQueue(ts.server.services);
    expect(read('shared/page.shtml')).toContain('Holder body');
    // Once the holder goes offline, the page goes with it.
    await call('POST', '/cms/content/offline', { contentIds: [ids[0]] });
    await drainQueue(ts.server.services);
    expect(existsSync(file('shared/page.shtml'))).toBe(false);
  });
});
