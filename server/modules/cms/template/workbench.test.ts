import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { createUser, grantPermission } from '../../auth/test-fixtures.ts';
import { sysOperLog } from '../../monitor/schema.ts';
import { cmsGrant, cmsTemplateVersion } from '../schema.ts';
import { templateRoot } from './store.ts';
import { TEMPLATE_VERSIONS_KEPT } from './versions.ts';

// Issue 11 §2, the workbench's server side: every save keeps a version (bounded per template),
// versions are listed, read and restored on the current site only; the live preview renders the
// unsaved text on a page the caller may see and writes nothing; dynamic page types are listed.
const dataDir = mkdtempSync(join(tmpdir(), 'castanea-workbench-'));
const ts = useTestServer({ config: { dataDir } });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const H = { repeatSubmit: 'false', 'accept-language': 'en' };
let siteId = 0;
let otherSiteId = 0;
let catalogId = 0;
let contentId = 0;
const PC = { publishPipeCode: 'pc' };

async function call(method: string, path: string, o: { body?: unknown; query?: Record<string, string>; token?: string; site?: number } = {}) {
  return ts.api(method, path, { token: o.token ?? ts.admin, body: o.body, query: o.query, headers: { ...H, CurrentSite: String(o.site ?? siteId) } });
}
async function ok(method: string, path: string, o: Parameters<typeof call>[2] = {}) {
  const r = await call(method, path, o);
  expect(r.code, `${method} ${path}: ${r.msg}`).toBe(200);
  return r.data;
}
const versions = async (path: string) => (await ok('GET', '/cms/template/versions', { query: { ...PC, path } })).rows as { versionId: number; createBy: string; size: number }[];

/** Every file below the data folder with its size and time: what "writes nothing" is checked against. */
function snapshot(dir = dataDir): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())
    .map((e) => { const p = join(e.parentPath, e.name); const s = statSync(p); return `${p}:${s.size}:${s.mtimeMs}`; }).sort();
}

beforeAll(async () => {
  siteId = (await ts.api('POST', '/cms/site', { token: ts.admin, headers: H, body: { name: 'Bench', path: 'benchsite' } })).data.siteId;
  otherSiteId = (await ts.api('POST', '/cms/site', { token: ts.admin, headers: H, body: { name: 'Other', path: 'othersite' } })).data.siteId;
  catalogId = (await ok('POST', '/cms/catalog/batchAdd', { body: { parentId: 0, catalogs: 'News' } }))[0].catalogId;
  // A new site starts with the default theme; these tests start from an empty template folder.
  rmSync(templateRoot(dataDir, 'benchsite', 'pc'), { recursive: true, force: true });
  contentId = (await ok('POST', '/cms/content', { body: { catalogId, title: 'Hello world' }, query: { contentType: 'article' } })).contentId;
  await ok('POST', '/cms/template', { body: { ...PC, path: 'index.template.html', content: '<h1>{{ Site.name }}</h1>' } });
  await ok('POST', '/cms/template', { body: { ...PC, path: 'list.template.html', content: '<h2>{{ Catalog.name }}</h2>' } });
  await ok('POST', '/cms/template', { body: { ...PC, path: 'detail_article.template.html', content: '<h3>{{ Content.title }}</h3>' } });
});

describe('template versions', () => {
  it('keeps a version on every save, lists them newest first, reads and restores one', async () => {
    const path = 'index.template.html';
    await ok('PUT', '/cms/template', { body: { ...PC, path, content: '<h1>Two</h1>' } });
    await ok('PUT', '/cms/template', { body: { ...PC, path, content: '<h1>Two</h1>' } }); // unchanged: no new version
    await ok('PUT', '/cms/template', { body: { ...PC, path, content: '<h1>Three {% if %}</h1>' } }); // a syntax error is saved and kept too
    const list = await versions(path);
    expect(list).toHaveLength(3);
    expect(list[0]).toMatchObject({ createBy: 'admin', size: 23 });
    const first = await ok('GET', '/cms/template/version', { query: { versionId: String(list[2]!.versionId) } });
    expect(first).toMatchObject({ publishPipeCode: 'pc', path, content: '<h1>{{ Site.name }}</h1>' });

    const restored = await ok('POST', '/cms/template/version/restore', { body: { versionId: list[2]!.versionId } });
    expect(restored).toMatchObject({ path, content: '<h1>{{ Site.name }}</h1>', problems: [] });
    expect(readFileSync(join(templateRoot(dataDir, 'benchsite', 'pc'), path), 'utf8')).toBe('<h1>{{ Site.name }}</h1>');
    expect(await versions(path)).toHaveLength(4);
  });

  it(`keeps at most ${TEMPLATE_VERSIONS_KEPT} versions of a template, the newest`, async () => {
    const path = 'many.template.html';
    await ok('POST', '/cms/template', { body: { ...PC, path, content: 'v0' } });
    for (let i = 1; i <= TEMPLATE_VERSIONS_KEPT + 4; i++) await ok('PUT', '/cms/template', { body: { ...PC, path, content: `v${i}` } });
    const list = await versions(path);
    expect(list).toHaveLength(TEMPLATE_VERSIONS_KEPT);
    expect((await ok('GET', '/cms/template/version', { query: { versionId: String(list.at(-1)!.versionId) } })).content).toBe('v5');
  });

  it('follows a rename and goes with a delete', async () => {
    await ok('POST', '/cms/template', { body: { ...PC, path: 'old_name.template.html', content: 'a' } });
    await ok('PUT', '/cms/template', { body: { ...PC, path: 'old_name.template.html', content: 'b' } });
    await ok('POST', '/cms/template/rename', { body: { ...PC, path: 'old_name.template.html', newPath: 'new_name.template.html' } });
    expect(await versions('new_name.template.html')).toHaveLength(2);
    expect(await versions('old_name.template.html')).toHaveLength(0);
    await ok('DELETE', '/cms/template', { body: { ...PC, paths: ['new_name.template.html'] } });
    const [{ n }] = await ts.database.db.select({ n: count() }).from(cmsTemplateVersion).where(eq(cmsTemplateVersion.path, 'new_name.template.html')) as [{ n: number }];
    expect(n).toBe(0);
  });

  it('never reads or restores another site\'s version', async () => {
    await ok('POST', '/cms/template', { site: otherSiteId, body: { ...PC, path: 'secret.template.html', content: 'other site secret' } });
    const [theirs] = (await ok('GET', '/cms/template/versions', { site: otherSiteId, query: { ...PC, path: 'secret.template.html' } })).rows;
    const read = await call('GET', '/cms/template/version', { query: { versionId: String(theirs.versionId) } });
    expect(read.msg).toBe(`Template version ${theirs.versionId} does not exist`);
    expect(JSON.stringify(read)).not.toContain('secret');
    expect((await call('POST', '/cms/template/version/restore', { body: { versionId: theirs.versionId } })).msg).toBe(`Template version ${theirs.versionId} does not exist`);
    expect(readdirSync(templateRoot(dataDir, 'benchsite', 'pc'))).not.toContain('secret.template.html');
  });
});

describe('the live preview', () => {
  /** The live preview's reply, with the page its frame shows from the sites' port (`html`). */
  const preview = async (body: Record<string, unknown>, token?: string) => {
    const r = await call('POST', '/cms/template/preview', { body: { ...PC, ...body }, token });
    if (r.code === 200 && r.data.ok) {
      if (String(body.content).length > 8) expect(r.data.frameUrl).not.toContain(encodeURIComponent(String(body.content)).slice(0, 20));
      r.data.html = (await ts.server.sites.inject({ method: 'GET', url: new URL(r.data.frameUrl).pathname })).body;
    }
    return r;
  };

  it('renders the unsaved text on the home page, a catalog\'s list and a content\'s page, and writes nothing', async () => {
    const before = snapshot();
    const [{ n: logsBefore }] = await ts.database.db.select({ n: count() }).from(sysOperLog) as [{ n: number }];
    const [{ n: versionsBefore }] = await ts.database.db.select({ n: count() }).from(cmsTemplateVersion) as [{ n: number }];

    const home = (await preview({ path: 'index.template.html', content: '<h1>Unsaved {{ Site.name }}</h1>' })).data;
    expect(home).toMatchObject({ ok: true, html: '<h1>Unsaved Bench</h1>', usesTemplate: true, template: 'index.template.html' });
    const list = (await preview({ path: 'list.template.html', content: '<h2>List of {{ Catalog.name }}</h2>', catalogId })).data;
    expect(list).toMatchObject({ ok: true, html: '<h2>List of News</h2>', usesTemplate: true });
    const detail = (await preview({ path: 'detail_article.template.html', content: '<p>{{ Content.title | upcase }}</p>', contentId })).data;
    expect(detail).toMatchObject({ ok: true, html: '<p>HELLO WORLD</p>' });
    // The page shown does not use the template being edited: said so, and rendered from the files.
    const other = (await preview({ path: 'list.template.html', content: 'x', contentId })).data;
    expect(other).toMatchObject({ ok: true, html: '<h3>Hello world</h3>', usesTemplate: false });

    expect(snapshot()).toEqual(before);
    expect(readFileSync(join(templateRoot(dataDir, 'benchsite', 'pc'), 'list.template.html'), 'utf8')).toBe('<h2>{{ Catalog.name }}</h2>');
    const [{ n: logsAfter }] = await ts.database.db.select({ n: count() }).from(sysOperLog) as [{ n: number }];
    const [{ n: versionsAfter }] = await ts.database.db.select({ n: count() }).from(cmsTemplateVersion) as [{ n: number }];
    expect([logsAfter, versionsAfter]).toEqual([logsBefore, versionsBefore]);
  });

  it('answers a template problem with its line and column instead of failing', async () => {
    const r = await preview({ path: 'index.template.html', content: 'a\n{% cms_catalog bogus: 1 %}{% endcms_catalog %}' });
    expect(r.data).toEqual({ ok: false, problem: { template: 'index.template.html', line: 2, col: 16, message: 'unknown attribute "bogus" of cms_catalog; it takes page, size, id, alias, level' } });
  });

  it('refuses bad names, another site\'s objects and both a catalog and a content', async () => {
    for (const path of ['../x.template.html', '..\\x.template.html', '%2e%2e/x.template.html', '/etc/x.template.html', 'a/../../b.template.html', 'x\u0000.template.html']) {
      const r = await preview({ path, content: 'x' });
      expect(r.code, path).not.toBe(200);
    }
    const theirCatalog = (await ok('POST', '/cms/catalog/batchAdd', { site: otherSiteId, body: { parentId: 0, catalogs: 'Theirs' } }))[0].catalogId;
    expect((await preview({ path: 'list.template.html', content: 'x', catalogId: theirCatalog })).code).not.toBe(200);
    expect((await preview({ path: 'list.template.html', content: 'x', catalogId, contentId })).msg).toBe('Choose either a catalog or a content to preview, not both');
    expect((await preview({ publishPipeCode: 'nope', path: 'list.template.html', content: 'x' })).msg).toBe('The site has no publish pipe "nope"');
  });

  it('needs the template view key and the View right on the catalog shown', async () => {
    await createUser(ts.database.db, 'viewer', { password: 'View1234', roles: ['viewer-role'] });
    const token = await ts.loginReady('viewer', 'View1234');
    expect((await preview({ path: 'index.template.html', content: 'x' }, token)).code).toBe(403);
    await grantPermission(ts.database.db, 'viewer-role', 'cms:template:view');
    const user = (await ts.api('GET', '/getInfo', { token })).data.user.userId as number;
    await ts.database.db.insert(cmsGrant).values({ ownerType: 'User', ownerId: user, objectType: 'Site', objectId: siteId, bits: 1 });
    expect((await preview({ path: 'index.template.html', content: 'home' }, token)).data).toMatchObject({ ok: true, html: 'home' });
    const noCatalog = await preview({ path: 'list.template.html', content: 'x', catalogId }, token);
    expect(noCatalog.code).not.toBe(200);
    expect((await preview({ path: 'detail_article.template.html', content: 'x', contentId }, token)).code).not.toBe(200);
    await ts.database.db.insert(cmsGrant).values({ ownerType: 'User', ownerId: user, objectType: 'Catalog', objectId: catalogId, bits: 1 });
    expect((await preview({ path: 'list.template.html', content: 'list', catalogId }, token)).data).toMatchObject({ ok: true, html: 'list' });
    // Viewing is not changing: no restore without the edit key.
    const [v] = await versions('index.template.html');
    expect((await call('POST', '/cms/template/version/restore', { token, body: { versionId: v!.versionId } })).code).toBe(403);
  });
});

describe('dynamic page types', () => {
  it('lists the types with their template key and arguments, in the reader\'s language', async () => {
    const types = await ok('GET', '/cms/dynamicPageTypes');
    expect(types[0]).toMatchObject({ type: 'Search', name: 'Search', requestPath: '_search', publishPipeKey: 'searchTemplate', defaultTemplate: 'search.template.html' });
    expect(types[0].requestArgs.map((a: { name: string }) => a.name)).toEqual(['sid', 'pp', 'preview', 'q', 'cid', 'ot', 'ct', 'page']);
    const zh = (await ts.api('GET', '/cms/dynamicPageTypes', { token: ts.admin, headers: { ...H, 'accept-language': 'zh-TW' } })).data;
    expect(zh.find((t: { type: string }) => t.type === 'Login').name).toBe('會員登入');
  });
});
