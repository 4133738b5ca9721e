import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { MENUS } from '../../shipped.ts';
import { cmsCatalog, cmsSite } from '../schema.ts';

// POST /cms/site/apply_default_template (issue 9 §2, the Default Template tab's "apply to
// catalogs"): the current site's default templates, per pipe, pushed onto the chosen catalogs.
const ts = useTestServer();
const H = { repeatSubmit: 'false', 'accept-language': 'en' };

async function call(method: string, path: string, siteId: number, body?: unknown, token = ts.admin) {
  return ts.api(method, path, { token, body, headers: { ...H, CurrentSite: String(siteId) } });
}
async function ok(method: string, path: string, siteId: number, body?: unknown, token = ts.admin) {
  const r = await call(method, path, siteId, body, token);
  expect(r.code, `${method} ${path}: ${r.msg}`).toBe(200);
  return r.data;
}
const catalog = async (name: string, siteId: number) =>
  (await ts.database.db.select().from(cmsCatalog).where(eq(cmsCatalog.name, name))).find((c) => c.siteId === siteId)!;
const templates = async (name: string, siteId: number) => (await catalog(name, siteId)).publishPipeProps;

describe('apply the default templates to catalogs', () => {
  let news = 0;
  let demo = 0;

  it('copies each pipe\'s templates (stored or default) onto the chosen catalogs only', async () => {
    news = (await ts.api('POST', '/cms/site', { token: ts.admin, headers: H, body: { name: 'News', path: 'news' } })).data.siteId;
    demo = (await ts.database.db.select().from(cmsSite).where(eq(cmsSite.path, 'demo')))[0]!.siteId;
    await ok('POST', '/cms/publishpipe', news, { name: 'H5', code: 'h5' });
    await ok('POST', '/cms/catalog/batchAdd', news, { parentId: 0, catalogs: 'World\nSports\nWeather' });
    await ok('POST', '/cms/site/default_template', news, {
      publishPipeProps: [{ pipeCode: 'pc', props: { defaultListTemplate: 'news/list.template.html', detailTemplate_article: 'news/article.template.html' } }],
    });
    const world = await catalog('World', news);
    const sports = await catalog('Sports', news);
    await ok('POST', '/cms/site/apply_default_template', news, { toCatalogIds: [world.catalogId, sports.catalogId] });
    expect(await templates('World', news)).toEqual({
      pc: expect.objectContaining({ listTemplate: 'news/list.template.html', detailTemplate_article: 'news/article.template.html', detailTemplate_book: 'detail_book.template.html' }),
      h5: expect.objectContaining({ listTemplate: 'list.template.html', detailTemplate_article: 'detail_article.template.html' }),
    });
    expect((await templates('Sports', news)).pc).toMatchObject({ listTemplate: 'news/list.template.html' });
    expect(await templates('Weather', news)).toEqual({});
    // The catalog's own screen reads them back.
    const detail = await ok('GET', `/cms/catalog/${world.catalogId}`, news);
    expect(JSON.stringify(detail)).toContain('news/article.template.html');
  });

  it('limits the copy to the pipes named, and keeps a catalog\'s other templates', async () => {
    const weather = await catalog('Weather', news);
    await ok('PUT', '/cms/catalog', news, { catalogId: weather.catalogId, publishPipeDatas: [{ pipeCode: 'pc', props: { indexTemplate: 'weather/index.template.html' } }] });
    await ok('POST', '/cms/site/apply_default_template', news, { toCatalogIds: [weather.catalogId], pipeCodes: ['pc'] });
    const props = await templates('Weather', news);
    expect(Object.keys(props)).toEqual(['pc']);
    expect(props.pc).toMatchObject({ indexTemplate: 'weather/index.template.html', listTemplate: 'news/list.template.html' });
  });

  it('uses the current site whatever siteId the body names, and changes nothing when one catalog is out of reach', async () => {
    await ok('POST', '/cms/catalog/batchAdd', demo, { parentId: 0, catalogs: 'Demo catalog' });
    const own = await catalog('Demo catalog', demo);
    const world = await catalog('World', news);
    // Demo's templates (its defaults) go onto demo's catalog, not News's.
    await ok('POST', '/cms/site/apply_default_template', demo, { siteId: news, toCatalogIds: [own.catalogId] });
    expect((await templates('Demo catalog', demo)).pc).toMatchObject({ listTemplate: 'list.template.html', detailTemplate_article: 'detail_article.template.html' });
    // A catalog of another site reads as not found, and the whole request is undone.
    await ok('POST', '/cms/site/default_template', demo, { publishPipeProps: [{ pipeCode: 'pc', props: { defaultListTemplate: 'changed.template.html' } }] });
    const r = await call('POST', '/cms/site/apply_default_template', demo, { toCatalogIds: [own.catalogId, world.catalogId] });
    expect(r).toMatchObject({ code: 500, msg: 'The catalog does not exist or is out of your reach' });
    expect((await templates('Demo catalog', demo)).pc).toMatchObject({ listTemplate: 'list.template.html' });
    expect((await templates('World', news)).pc).toMatchObject({ listTemplate: 'news/list.template.html' });
    // An empty choice is refused, naming the field.
    expect((await call('POST', '/cms/site/apply_default_template', demo, { toCatalogIds: [] })).code).toBe(500);
  });

  it('needs Site Edit on the current site and Catalog Edit on each catalog', async () => {
    const perms = ['cms:site:view', 'cms:site:edit', 'cms:catalog:view'];
    const roleId = (await ts.api('POST', '/system/role', { token: ts.admin, headers: H, body: { roleName: 'Templates', roleKey: 'tpl', dataScope: '5', menuIds: MENUS.filter((m) => m.perms && perms.includes(m.perms)).map((m) => m.menuId) } })).data.roleId;
    await ts.api('POST', '/system/user', { token: ts.admin, headers: H, body: { userName: 'tpl1', nickName: 'Tpl', deptId: 100, password: 'Stack4321', roleIds: [roleId] } });
    const tpl = await ts.loginReady('tpl1', 'Stack4321');
    const world = await catalog('World', news);
    const grant = (perms: Record<string, { granted: boolean }>) => ok('POST', '/cms/perms/site', news, { ownerType: 'Role', owner: roleId, perms: [{ siteId: news, perms }] });
    await grant({ View: { granted: true } });
    expect((await call('POST', '/cms/site/apply_default_template', news, { toCatalogIds: [world.catalogId] }, tpl)).code).toBe(403);
    await grant({ View: { granted: true }, Edit: { granted: true } });
    // Site Edit alone is not Catalog Edit.
    expect((await call('POST', '/cms/site/apply_default_template', news, { toCatalogIds: [world.catalogId] }, tpl)).code).not.toBe(200);
    await ok('POST', '/cms/perms/catalog', news, { ownerType: 'Role', owner: roleId, perms: [{ catalogId: world.catalogId, perms: { View: { granted: true }, Edit: { granted: true } } }] });
    await ok('POST', '/cms/site/apply_default_template', news, { toCatalogIds: [world.catalogId] }, tpl);
  });
});
