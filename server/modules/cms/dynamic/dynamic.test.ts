import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { makeTestSite, writeTemplates, type TestSite } from '../template/test-site.ts';
import { cmsDynamicPage } from './schema.ts';
import { SITE_PAGE_CSP } from '../publish/site-headers.ts';

// Custom dynamic pages (ChestnutCMS cms-dynamic): CRUD on ChestnutCMS's paths and the resource's,
// confined to the current site; bad input refused with a message naming the field in the reader's
// language; and the page served at /<site path>/<path>, rendered on request with Request.
const dataDir = mkdtempSync(join(tmpdir(), 'castanea-dynamic-'));
const ts = useTestServer({ config: { dataDir, port: 8090 } });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const H = { repeatSubmit: 'false' };
let site: TestSite;
let other: TestSite;

const call = (method: string, url: string, body?: unknown, opts: { lang?: string; siteId?: number } = {}) =>
  ts.api(method, url, { token: ts.admin, body, headers: { ...H, 'accept-language': opts.lang ?? 'en', CurrentSite: String(opts.siteId ?? site.siteId) } });
async function ok(method: string, url: string, body?: unknown, siteId?: number) {
  const r = await call(method, url, body, { siteId });
  expect(r.code, `${method} ${url}: ${r.msg}`).toBe(200);
  return r.data;
}
const visit = (url: string) => ts.server.sites.inject({ method: 'GET', url });
const pageRow = async (code: string, siteId = site.siteId) =>
  (await ts.database.db.select().from(cmsDynamicPage).where(eq(cmsDynamicPage.siteId, siteId))).find((p) => p.code === code);

const PAGE = '<h1>{{ Site.name }}: {{ Request.q }}</h1><p>n={{ Request.n | default: "none" }}</p>'
  + '<a id="self" href="{{ \'calc\' | customDynamicPageLink: \'n=2\' }}">again</a>'
  + '{% if Catalog %}<p id="cat">{{ Catalog.name }}</p>{% endif %}{% if Content %}<p id="content">{{ Content.title }}</p>{% endif %}';

beforeAll(async () => {
  site = await makeTestSite(ts, 'dyn');
  other = await makeTestSite(ts, 'dynother');
  await ok('POST', '/cms/publishpipe', { name: 'Mobile', code: 'h5' });
  await writeTemplates(ts, site, { 'dynamic/calc.template.html': PAGE, 'broken.template.html': '{% if %}' });
  await writeTemplates(ts, site, { 'dynamic/calc.template.html': 'Mobile {{ Request.q }}' }, 'h5');
});

describe('dynamic page routes', () => {
  let calc = 0;

  it('adds, lists, reads, edits and deletes pages on ChestnutCMS\'s paths', async () => {
    calc = (await ok('POST', '/cms/dynamic_page/add', {
      name: 'Calculator', code: 'calc', path: '/tools/calc/', initDataTypes: ['Catalog', 'Content'],
      templates: { pc: 'dynamic/calc.template.html', h5: 'dynamic/calc.template.html' },
    })).pageId;
    const list = await ok('GET', '/cms/dynamic_page/list');
    expect(list.rows.map((r: { code: string; path: string }) => [r.code, r.path])).toEqual([['calc', 'tools/calc']]);
    expect(await ok('GET', `/cms/dynamic_page/detail/${calc}`)).toMatchObject({
      name: 'Calculator', initDataTypes: ['Catalog', 'Content'], templates: { pc: 'dynamic/calc.template.html', h5: 'dynamic/calc.template.html' },
    });
    await ok('POST', '/cms/dynamic_page/update', { pageId: calc, name: 'Calc', templates: { pc: 'dynamic/calc.template.html', h5: '' } });
    expect(await pageRow('calc')).toMatchObject({ name: 'Calc', path: 'tools/calc', templates: { pc: 'dynamic/calc.template.html' }, updateBy: 'admin' });
    await ok('PUT', '/cms/dynamic_page', { pageId: calc, templates: { pc: 'dynamic/calc.template.html', h5: 'dynamic/calc.template.html' } });
    const temp = (await ok('POST', '/cms/dynamic_page', { name: 'Temp', code: 'temp', path: 'temp' })).pageId;
    await ok('POST', '/cms/dynamic_page/delete', [temp]);
    expect(await pageRow('temp')).toBeUndefined();
    expect((await ok('GET', '/cms/dynamic_page/init_data_types')).map((d: { type: string; param: string }) => `${d.type}:${d.param}`)).toEqual(['Catalog:catalogId', 'Content:contentId']);
  });

  it('keeps each site\'s pages to itself: another site\'s id is not found, a batch with one deletes nothing', async () => {
    const theirs = (await ok('POST', '/cms/dynamic_page/add', { name: 'Theirs', code: 'calc', path: 'tools/calc' }, other.siteId)).pageId;
    expect((await call('GET', `/cms/dynamic_page/detail/${theirs}`)).msg).toBe('The record does not exist or is out of your reach');
    expect((await call('POST', '/cms/dynamic_page/update', { pageId: theirs, name: 'Mine now' })).code).toBe(500);
    expect((await call('POST', '/cms/dynamic_page/delete', [calc, theirs])).code).toBe(500);
    expect(await pageRow('calc')).toBeTruthy();
    expect(await pageRow('calc', other.siteId)).toMatchObject({ name: 'Theirs' });
    // A siteId in the body is not read: the page is the current site's.
    const forged = (await ok('POST', '/cms/dynamic_page/add', { name: 'Forged', code: 'forged', path: 'forged', siteId: other.siteId })).pageId;
    expect((await ts.database.db.select().from(cmsDynamicPage).where(eq(cmsDynamicPage.pageId, forged)))[0]!.siteId).toBe(site.siteId);
  });

  it('refuses bad paths, taken codes and paths, and missing templates with a message naming the field', async () => {
    const add = (body: Record<string, unknown>, lang = 'en') => call('POST', '/cms/dynamic_page/add', { name: 'Bad', code: 'bad', path: 'bad', ...body }, { lang });
    for (const path of ['../x', 'a/../b', '%2e%2e/x', 'a.shtml', 'a\\b', 'a//b', 'a b', '']) {
      const r = await add({ path });
      expect(r.code, path).toBe(500);
      expect(r.msg, path).toMatch(/^Path /);
    }
    expect((await add({ path: '../x' }, 'zh-CN')).msg).toBe('路径只能是由字母、数字、_ 和 - 组成、以 / 分隔的目录（如 tools/calc）');
    expect((await add({ path: '../x' }, 'zh-TW')).msg).toBe('路徑只能是由英文字母、數字、_ 和 - 組成、以 / 分隔的目錄（如 tools/calc）');
    expect((await add({ path: 'resources/x' })).msg).toBe('Path cannot start with resources/: the site\'s resources are served there');
    expect((await add({ code: 'calc' })).msg).toBe('Code "calc" already exists');
    expect((await add({ code: 'calc' }, 'zh-CN')).msg).toBe('编码“calc”已存在');
    expect((await add({ path: 'tools/calc' })).msg).toBe('Path "tools/calc" already exists');
    expect((await add({ code: 'bad-code' })).msg).toBe('Code may contain only letters, digits and underscores');
    const news = (await ts.database.db.select().from(cmsDynamicPage)).length;
    expect((await add({ templates: { pc: 'missing.template.html' } })).msg).toBe('Templates: the publish pipe "pc" has no template "missing.template.html"');
    expect((await add({ templates: { pc: 'missing.template.html' } }, 'zh-TW')).msg).toBe('範本：發布通道「pc」中沒有範本「missing.template.html」');
    expect((await add({ templates: { nope: 'dynamic/calc.template.html' } })).msg).toBe('Templates: the site has no publish pipe "nope"');
    expect((await add({ templates: { pc: '../../etc/passwd' } })).code).toBe(500);
    expect((await ts.database.db.select().from(cmsDynamicPage)).length).toBe(news);
  });

  it('keeps a template a page uses from being deleted', async () => {
    const r = await call('DELETE', '/cms/template', { publishPipeCode: 'pc', paths: ['dynamic/calc.template.html'] });
    expect(r.code).toBe(500);
    expect(r.msg).toContain('dynamic page "Calc"');
  });
});

describe('a dynamic page on the published site', () => {
  it('renders its pipe\'s template on request with the query as Request, escaped', async () => {
    const res = await visit('/dyn/tools/calc?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E&n=7');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-security-policy']).toBe(SITE_PAGE_CSP);
    expect(res.body).toContain('<h1>Site dyn: &lt;script&gt;alert(1)&lt;/script&gt;</h1><p>n=7</p>');
    // customDynamicPageLink: the page's address in this pipe.
    expect(res.body).toContain('href="http://localhost:8091/dyn/tools/calc?n=2"');
    expect((await visit('/dyn/tools/calc/')).body).toContain('<p>n=none</p>');
    // Another pipe at its own address, with its own template.
    expect((await visit('/dyn_h5/tools/calc?q=hi')).body).toBe('Mobile hi');
  });

  it('loads the catalog and the published content its init data types ask for, of this site only', async () => {
    const withCat = await visit(`/dyn/tools/calc?catalogId=${site.cat.World}&contentId=${site.first}`);
    expect(withCat.body).toContain('<p id="cat">World</p>');
    expect(withCat.body).toContain('<p id="content">First &lt;story&gt;</p>');
    const foreign = await visit(`/dyn/tools/calc?catalogId=${other.cat.World}&contentId=${other.first}`);
    expect(foreign.body).not.toContain('id="cat"');
    expect(foreign.body).not.toContain('id="content"');
    expect((await visit(`/dyn/tools/calc?contentId=${site.draft}`)).body).not.toContain('id="content"');
  });

  it('answers 404 for unknown paths and pipes without a template, 500 without a stack for a broken template', async () => {
    expect((await visit('/dyn/tools/nothing')).statusCode).toBe(404);
    expect((await visit('/dynother/tools/calc')).statusCode).toBe(404);
    await ok('POST', '/cms/dynamic_page/add', { name: 'Broken', code: 'broken', path: 'broken', templates: { pc: 'broken.template.html' } });
    const broken = await visit('/dyn/broken');
    expect(broken.statusCode).toBe(500);
    expect(broken.body).toMatch(/^Error: broken\.template\.html, line 1: /);
    expect(broken.body).not.toMatch(/\bat \S+ \(/);
    // A page without a template in h5 is not served there.
    expect((await visit('/dyn_h5/broken')).statusCode).toBe(404);
  });
});
