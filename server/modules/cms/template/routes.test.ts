import { existsSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc } from 'drizzle-orm';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { createUser, grantPermission } from '../../auth/test-fixtures.ts';
import { sysOperLog } from '../../monitor/schema.ts';
import { cmsGrant } from '../schema.ts';
import { templateRoot } from './store.ts';

// Issue 11 §2 (the workbench's foundation): templates per site and pipe — list, add (letters,
// digits, underscores and the suffix), save, rename, delete — refusing bad names and templates in
// use, with the syntax problems of what is saved; and the template language's reference.
const dataDir = mkdtempSync(join(tmpdir(), 'castanea-template-routes-'));
const ts = useTestServer({ config: { dataDir } });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const H = { repeatSubmit: 'false', 'accept-language': 'en' };
let siteId = 0;
let catalogId = 0;

async function call(method: string, path: string, o: { body?: unknown; query?: Record<string, string>; token?: string; lang?: string } = {}) {
  return ts.api(method, path, { token: o.token ?? ts.admin, body: o.body, query: o.query, headers: { ...H, ...(o.lang ? { 'accept-language': o.lang } : {}), CurrentSite: String(siteId) } });
}
async function ok(method: string, path: string, o: Parameters<typeof call>[2] = {}) {
  const r = await call(method, path, o);
  expect(r.code, `${method} ${path}: ${r.msg}`).toBe(200);
  return r.data;
}
const root = () => templateRoot(dataDir, 'tplsite', 'pc');

beforeAll(async () => {
  siteId = (await ts.api('POST', '/cms/site', { token: ts.admin, headers: H, body: { name: 'Templates', path: 'tplsite' } })).data.siteId;
  catalogId = (await ok('POST', '/cms/catalog/batchAdd', { body: { parentId: 0, catalogs: 'News' } }))[0].catalogId;
  // A new site starts with the default theme; these tests start from an empty template folder.
  rmSync(root(), { recursive: true, force: true });
});

describe('templates', () => {
  it('adds, lists, reads, saves and renames templates, folders included', async () => {
    expect(await ok('POST', '/cms/template', { body: { publishPipeCode: 'pc', path: 'index.template.html', content: '<h1>{{ Site.name }}</h1>' } })).toMatchObject({ problems: [] });
    await ok('POST', '/cms/template', { body: { publishPipeCode: 'pc', path: 'common/header.template.html' } });
    const list = await ok('GET', '/cms/template/list', { query: { publishPipeCode: 'pc' } });
    expect(list.rows.map((r: { path: string }) => r.path)).toEqual(['common/header.template.html', 'index.template.html']);
    expect(list.rows[1]).toMatchObject({ publishPipeCode: 'pc', pipeName: 'PC', fileSize: 24, fileSizeName: '24 B' });
    expect((await ok('GET', '/cms/template/list', { query: { filename: 'HEAD' } })).rows.map((r: { path: string }) => r.path)).toEqual(['common/header.template.html']);

    const detail = await ok('GET', '/cms/template/detail', { query: { publishPipeCode: 'pc', path: 'index.template.html' } });
    expect(detail).toMatchObject({ content: '<h1>{{ Site.name }}</h1>', pageTypes: ['index'], usedBy: ["the site's indexTemplate"] });

    const saved = await ok('PUT', '/cms/template', { body: { publishPipeCode: 'pc', path: 'common/header.template.html', content: '<header>\n{% cms_content sort: \'Sooner\' %}{% endcms_content %}</header>' } });
    expect(saved.problems).toEqual([{ template: 'common/header.template.html', line: 2, col: 22, message: 'attribute "sort" of cms_content must be one of Default, Recent, Views, Likes, Comments, Favorites, not "Sooner"' }]);
    expect((await ok('GET', '/cms/template/detail', { query: { publishPipeCode: 'pc', path: 'common/header.template.html' } })).content).toContain('Sooner');

    await ok('POST', '/cms/template/rename', { body: { publishPipeCode: 'pc', path: 'common/header.template.html', newPath: 'parts/top.template.html' } });
    expect(existsSync(join(root(), 'common'))).toBe(false);
    expect((await ok('GET', '/cms/template/list')).rows.map((r: { path: string }) => r.path)).toEqual(['index.template.html', 'parts/top.template.html']);
    const [log] = await ts.database.db.select().from(sysOperLog).orderBy(desc(sysOperLog.operId)).limit(1);
    expect(log).toMatchObject({ title: 'oplog.template', businessType: 'UPDATE', status: '0' });
  });

  it('refuses bad names with a message naming the field, and writes nothing', async () => {
    for (const path of ['../x.template.html', '..\\x.template.html', '%2e%2e/x.template.html', '/etc/x.template.html', 'x.html', 'a-b.template.html', 'a/../b.template.html', 'a b.template.html']) {
      const r = await call('POST', '/cms/template', { body: { publishPipeCode: 'pc', path } });
      expect(r.msg, path).toBe('Template name must be a file name of letters, digits and underscores ending in .template.html');
    }
    expect((await call('POST', '/cms/template', { body: { publishPipeCode: 'pc', path: 'x\u0000.template.html' } })).code).toBe(500);
    expect((await call('PUT', '/cms/template', { body: { publishPipeCode: 'pc', path: 'index.template.html', content: 'x'.repeat(600 * 1024) } })).msg).toMatch(/^Template text cannot exceed/);
    expect((await call('POST', '/cms/template', { body: { publishPipeCode: 'nope', path: 'a.template.html' } })).msg).toBe('The site has no publish pipe "nope"');
    expect((await call('POST', '/cms/template', { body: { publishPipeCode: 'pc', path: 'index.template.html' } })).msg).toBe('A template named "index.template.html" already exists');
    expect((await call('PUT', '/cms/template', { body: { publishPipeCode: 'pc', path: 'none.template.html', content: '' } })).msg).toBe('Template "none.template.html" does not exist');
    expect((await ok('GET', '/cms/template/list')).total).toBe(2);
  });

  it('refuses a symbolic link planted in the template folder', async () => {
    writeFileSync(join(dataDir, 'outside.txt'), 'secret');
    symlinkSync(join(dataDir, 'outside.txt'), join(root(), 'planted.template.html'));
    expect((await call('GET', '/cms/template/detail', { query: { publishPipeCode: 'pc', path: 'planted.template.html' } })).msg).toBe('Template "planted.template.html" is refused: a symbolic link lies on its way in the template folder');
    expect((await call('PUT', '/cms/template', { body: { publishPipeCode: 'pc', path: 'planted.template.html', content: 'pwned' } })).code).toBe(500);
    expect((await ok('GET', '/cms/template/list')).rows.map((r: { path: string }) => r.path)).not.toContain('planted.template.html');
    rmSync(join(root(), 'planted.template.html'));
  });

  it('refuses to delete or rename a template in use: by the site, a catalog, another template', async () => {
    await ok('POST', '/cms/template', { body: { publishPipeCode: 'pc', path: 'news_list.template.html' } });
    await ok('PUT', '/cms/catalog', { body: { catalogId, publishPipeDatas: [{ pipeCode: 'pc', props: { listTemplate: 'news_list.template.html' } }] } });
    await ok('PUT', '/cms/template', { body: { publishPipeCode: 'pc', path: 'index.template.html', content: "{% cms_include file: 'parts/top.template.html' %}" } });
    const used = async (path: string) => (await call('DELETE', '/cms/template', { body: { publishPipeCode: 'pc', paths: [path] } })).msg;
    expect(await used('index.template.html')).toBe('Template "index.template.html" is in use by the site\'s indexTemplate; change those first');
    expect(await used('news_list.template.html')).toBe('Template "news_list.template.html" is in use by catalog "News" (listTemplate); change those first');
    expect(await used('parts/top.template.html')).toBe('Template "parts/top.template.html" is in use by template "index.template.html"; change those first');
    expect((await call('POST', '/cms/template/rename', { body: { publishPipeCode: 'pc', path: 'parts/top.template.html', newPath: 'x.template.html' } })).msg).toMatch(/is in use by template "index.template.html"/);
    const zh = await call('DELETE', '/cms/template', { body: { publishPipeCode: 'pc', paths: ['news_list.template.html'] }, lang: 'zh-CN' });
    expect(zh.msg).toBe('模板"news_list.template.html"正被 栏目"News"（listTemplate） 使用；请先修改它们');
    // Gone together, a template and the one including it are no longer in use by each other.
    await ok('POST', '/cms/template', { body: { publishPipeCode: 'pc', path: 'a.template.html', content: "{% render 'b' %}" } });
    await ok('POST', '/cms/template', { body: { publishPipeCode: 'pc', path: 'b.template.html' } });
    expect(await used('b.template.html')).toMatch(/in use by template "a.template.html"/);
    await ok('DELETE', '/cms/template', { body: { publishPipeCode: 'pc', paths: ['a.template.html', 'b.template.html'] } });
    expect((await ok('GET', '/cms/template/list')).rows.map((r: { path: string }) => r.path)).toEqual(['index.template.html', 'news_list.template.html', 'parts/top.template.html']);
  });

  it('needs the template keys to read or change, and the site\'s Edit right to change', async () => {
    await createUser(ts.database.db, 'tpl', { password: 'Tpl12345', roles: ['tpl-role'] });
    const tpl = await ts.loginReady('tpl', 'Tpl12345');
    expect((await call('GET', '/cms/template/list', { token: tpl })).code).toBe(403);
    await grantPermission(ts.database.db, 'tpl-role', 'cms:template:view');
    await grantPermission(ts.database.db, 'tpl-role', 'cms:template:edit');
    const user = (await ts.api('GET', '/getInfo', { token: tpl })).data.user.userId as number;
    await ts.database.db.insert(cmsGrant).values({ ownerType: 'User', ownerId: user, objectType: 'Site', objectId: siteId, bits: 1 });
    expect((await call('GET', '/cms/template/list', { token: tpl })).code).toBe(200);
    const refused = await call('PUT', '/cms/template', { token: tpl, body: { publishPipeCode: 'pc', path: 'index.template.html', content: 'x' } });
    expect(refused).toMatchObject({ code: 403, msg: 'You may not do this on this site (Edit)' });
    expect((await ok('GET', '/cms/template/detail', { query: { publishPipeCode: 'pc', path: 'index.template.html' } })).content).toContain('cms_include');
  });

  it('checks a text without saving it, as the editor types', async () => {
    expect(await ok('POST', '/cms/template/check', { body: { path: 'x.template.html', content: '{% cms_catalog level: \'Root\' %}{% endcms_catalog %}' } })).toEqual([]);
    const problems = await ok('POST', '/cms/template/check', { body: { path: 'x.template.html', content: 'a\nb {% cms_catalog bogus: 1 %}{% endcms_catalog %}' }, lang: 'zh-TW' });
    expect(problems).toEqual([{ template: 'x.template.html', line: 2, col: 18, message: 'cms_catalog 沒有屬性「bogus」；可用屬性：page, size, id, alias, level' }]);
  });

  it('serves the language reference from the registry, in the reader\'s language', async () => {
    const tags = await ok('GET', '/cms/staticize/tags');
    expect(tags.map((t: { name: string }) => t.name)).toEqual(expect.arrayContaining(['cms_catalog', 'cms_content', 'cms_content_closest', 'cms_content_rela', 'cms_article', 'cms_image', 'cms_audio', 'cms_video', 'cms_chapter', 'cms_include', 'cms_site', 'cms_site_property', 'page_bar']));
    const content = tags.find((t: { name: string }) => t.name === 'cms_content');
    expect(content.attrs.find((a: { name: string }) => a.name === 'sort')).toMatchObject({ type: 'enum', options: ['Default', 'Recent', 'Views', 'Likes', 'Comments', 'Favorites'], default: 'Default' });
    expect(content.fields).toContain('publishDate');
    const zh = (await call('GET', '/cms/staticize/functions', { lang: 'zh-CN' })).data;
    expect(zh.filters.find((f: { name: string }) => f.name === 'iurl')).toMatchObject({ aliases: ['internalUrl'] });
    expect(zh.omitted.map((o: { name: string }) => o.name)).toEqual(['sysConfig', 'randomInt']);
    expect(zh.filters.find((f: { name: string }) => f.name === 'dateFormat').doc).toMatch(/日期/);
    const vars = await ok('GET', '/cms/staticize/variables');
    // A custom dynamic page may load a content too (its init data types), and sees the request.
    expect(vars.find((v: { name: string }) => v.name === 'Content')).toMatchObject({ pageTypes: ['content', 'dynamic'], type: 'object' });
    expect(vars.find((v: { name: string }) => v.name === 'Request')).toMatchObject({ pageTypes: ['include', 'dynamic'] });
    expect(zh.filters.find((f: { name: string }) => f.name === 'customDynamicPageLink').doc).toBe('本站自定义动态页面在当前通道的地址（编码不存在时为空）。');
  });

  it('removes a deleted site\'s templates', async () => {
    const other = (await ts.api('POST', '/cms/site', { token: ts.admin, headers: H, body: { name: 'Gone', path: 'gonesite' } })).data.siteId;
    expect((await ts.api('POST', '/cms/template', { token: ts.admin, headers: { ...H, CurrentSite: String(other) }, body: { publishPipeCode: 'pc', path: 'mine.template.html' } })).code).toBe(200);
    expect(existsSync(templateRoot(dataDir, 'gonesite', 'pc'))).toBe(true);
    expect((await ts.api('DELETE', `/cms/site/${other}`, { token: ts.admin, headers: H })).code).toBe(200);
    expect(existsSync(join(dataDir, 'sites', 'gonesite', 'template'))).toBe(false);
  });
});
