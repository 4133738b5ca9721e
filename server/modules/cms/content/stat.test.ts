import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { MENUS } from '../../shipped.ts';
import { cmsResource } from '../schema.ts';

// Home's dashboard counts for the current site (issue 10 §2): contents by status and type,
// catalogs and resources, each within what the user may see.
const ts = useTestServer();
const H = { repeatSubmit: 'false', 'accept-language': 'en' };
const sites: Record<string, number> = {};
const cat: Record<string, number> = {};

async function ok(method: string, path: string, body?: unknown, token = ts.admin, site = sites.A!) {
  const r = await ts.api(method, path, { token, body, headers: { ...H, CurrentSite: String(site) } });
  expect(r.code, `${method} ${path}: ${r.msg}`).toBe(200);
  return r.data;
}
const resource = (siteId: number, name: string) => ({ siteId, resourceType: 'image', storageType: 'Local', name, path: `resources/image/2026/01/01/${name}.png`, fileName: `${name}.png`, suffix: 'png', fileSize: 10 });

/** An editor whose role holds these menu keys, granted View on site A and the rights given on catalog News. */
async function editor(name: string, keys: string[]) {
  const menuIds = MENUS.filter((m) => m.perms && keys.includes(m.perms)).map((m) => m.menuId);
  const roleId = (await ts.api('POST', '/system/role', { token: ts.admin, headers: H, body: { roleName: name, roleKey: name, dataScope: '5', menuIds } })).data.roleId;
  await ts.api('POST', '/system/user', { token: ts.admin, headers: H, body: { userName: name, nickName: name, deptId: 100, password: 'Counts4321', roleIds: [roleId] } });
  await ts.api('POST', '/cms/perms/site', { token: ts.admin, headers: H, body: { ownerType: 'Role', owner: roleId, perms: [{ siteId: sites.A, perms: { View: { granted: true } } }] } });
  await ok('POST', '/cms/perms/catalog', { ownerType: 'Role', owner: roleId, perms: [{ catalogId: cat.News, perms: { View: { granted: true } } }] });
  return ts.loginReady(name, 'Counts4321');
}

describe('dashboard counts', () => {
  it('counts the current site\'s contents, catalogs and resources', async () => {
    sites.A = (await ts.api('POST', '/cms/site', { token: ts.admin, headers: H, body: { name: 'Alpha', path: 'alpha' } })).data.siteId;
    sites.B = (await ts.api('POST', '/cms/site', { token: ts.admin, headers: H, body: { name: 'Beta', path: 'beta' } })).data.siteId;
    for (const c of await ok('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'News\n  World\nBooks' })) cat[c.name] = c.catalogId;
    await ok('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'Elsewhere' }, ts.admin, sites.B);
    const a = (await ok('POST', '/cms/content?contentType=article', { catalogId: cat.World, title: 'One' })).contentId;
    await ok('POST', '/cms/content?contentType=article', { catalogId: cat.News, title: 'Two' });
    await ok('POST', '/cms/content?contentType=book', { catalogId: cat.Books, title: 'Three' });
    await ok('POST', '/cms/content/publish', [a]);
    await ts.database.db.insert(cmsResource).values([resource(sites.A, 'a1'), resource(sites.A, 'a2'), resource(sites.B, 'b1')]);

    expect(await ok('GET', '/cms/content/stat')).toEqual({
      siteId: sites.A, siteName: 'Alpha', byStatus: { 0: 2, 30: 1 }, byType: { article: 2, book: 1 }, catalogs: 3, resources: 2,
    });
    expect((await ok('GET', '/cms/content/stat', undefined, ts.admin, sites.B)).resources).toBe(1);
  });

  it('counts for an editor only the catalogs granted to them, and resources only for those who may open the library', async () => {
    const writer = await editor('counter', ['cms:content:view']);
    expect(await ok('GET', '/cms/content/stat', undefined, writer)).toMatchObject({ byStatus: { 0: 1, 30: 1 }, byType: { article: 2 }, catalogs: 2, resources: null });
    const librarian = await editor('librarian', ['cms:content:view', 'cms:resource:view']);
    expect((await ok('GET', '/cms/content/stat', undefined, librarian)).resources).toBe(2);
  });
});
