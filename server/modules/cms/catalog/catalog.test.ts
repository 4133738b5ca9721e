import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { MENUS } from '../../shipped.ts';
import { cmsCatalog } from '../schema.ts';

// The catalog tree (issue 10 §1): add, batch add, move, sort, show/hide, delete; per-catalog grants.
const ts = useTestServer();
const H = { repeatSubmit: 'false', 'accept-language': 'en' };
let siteId = 0;

async function call(method: string, path: string, body?: unknown, token = ts.admin) {
  return ts.api(method, path, { token, body, headers: { ...H, CurrentSite: String(siteId) } });
}
async function ok(method: string, path: string, body?: unknown, token = ts.admin) {
  const r = await call(method, path, body, token);
  expect(r.code, `${method} ${path}: ${r.msg}`).toBe(200);
  return r.data;
}
interface Node { id: number; label: string; disabled: boolean; children?: Node[] }
const outline = (nodes: Node[], depth = 0): string[] => nodes.flatMap((n) => [`${'  '.repeat(depth)}${n.label}${n.disabled ? ' (x)' : ''}`, ...outline(n.children ?? [], depth + 1)]);
const tree = async (token = ts.admin) => outline((await ok('GET', '/cms/catalog/treeData', undefined, token)).rows);
const byName = async (name: string) => (await ts.database.db.select().from(cmsCatalog).where(eq(cmsCatalog.name, name)))[0]!;

describe('catalog tree', () => {
  it('builds a three-level tree by batch add, with pinyin aliases and paths', async () => {
    siteId = (await ts.api('POST', '/cms/site', { token: ts.admin, headers: H, body: { name: 'Tree', path: 'tree' } })).data.siteId;
    const made = await ok('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: '新闻\n  国际\n    亚洲\n  国内\nSports\n  Football' });
    expect(made.map((c: { alias: string; path: string }) => [c.alias, c.path])).toEqual([
      ['xinwen', 'xinwen/'], ['xinwen_guoji', 'xinwen/guoji/'], ['xinwen_guoji_yazhou', 'xinwen/guoji/yazhou/'],
      ['xinwen_guonei', 'xinwen/guonei/'], ['sports', 'sports/'], ['sports_football', 'sports/football/'],
    ]);
    expect(await tree()).toEqual(['新闻', '  国际', '    亚洲', '  国内', 'Sports', '  Football']);
    // The same names again: aliases and paths get a suffix instead of clashing.
    const again = await ok('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: '新闻' });
    expect(again[0]).toMatchObject({ alias: 'xinwen_2', path: 'xinwen_2/' });
  });

  it('proposes an alias and folder from a name as batch add makes them: the parent\'s alias and folder, the pinyin, a suffix when taken', async () => {
    const news = await byName('新闻');
    expect(await ok('POST', '/cms/catalog/spelling', { parentId: news.catalogId, name: '国际新闻' })).toEqual({ alias: 'xinwen_guojixinwen', path: 'xinwen/guojixinwen/' });
    expect(await ok('POST', '/cms/catalog/spelling', { parentId: 0, name: 'World News' })).toEqual({ alias: 'world_news', path: 'world_news/' });
    // 国际 is taken under 新闻 (xinwen_guoji, xinwen/guoji/).
    expect(await ok('POST', '/cms/catalog/spelling', { parentId: news.catalogId, name: '国际' })).toEqual({ alias: 'xinwen_guoji_2', path: 'xinwen/guoji_2/' });
    // The same question again at once is a proposal, not a repeated submit.
    expect((await call('POST', '/cms/catalog/spelling', { parentId: news.catalogId, name: '国际' })).code).toBe(200);
    expect((await call('POST', '/cms/catalog/spelling', { parentId: news.catalogId, name: '' })).msg).toBe('Catalog name cannot be empty');
  });

  it('refuses bad indentation naming its line, and creates nothing', async () => {
    const before = (await tree()).length;
    expect((await call('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'A\n   B' })).msg).toBe('Line 2: indent by two spaces per level (no tabs)');
    expect((await call('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'A\n    B' })).msg).toBe('Line 2 is more than one level deeper than the line before it');
    expect((await tree()).length).toBe(before);
  });

  it('adds one catalog with checked alias and path; traversal is refused', async () => {
    const parent = await byName('国内');
    const { catalogId } = await ok('POST', '/cms/catalog', { parentId: parent.catalogId, name: 'Beijing', alias: 'beijing', path: '/local/beijing', catalogType: 'common' });
    expect((await byName('Beijing')).path).toBe('local/beijing/');
    expect((await byName('Beijing')).ancestors).toBe(`${parent.ancestors}${catalogId}:`);
    for (const path of ['../etc', 'a/../b', '%2e%2e/x', 'a\\b', '/']) {
      expect((await call('POST', '/cms/catalog', { name: 'X', alias: 'x1', path, catalogType: 'common' })).msg, path).toMatch(/^Folder /);
    }
    expect((await call('POST', '/cms/catalog', { name: 'X', alias: 'beijing', path: 'x/', catalogType: 'common' })).msg).toBe('Alias "beijing" already exists');
    expect((await call('POST', '/cms/catalog', { name: 'L', alias: 'l1', path: 'l1/', catalogType: 'link' })).msg).toBe('Redirect URL cannot be empty');
  });

  it('moves a catalog with its subtree, and never under itself', async () => {
    const world = await byName('国际');
    const sports = await byName('Sports');
    await ok('POST', `/cms/catalog/move/${world.catalogId}/${sports.catalogId}`);
    expect(await tree()).toEqual(['新闻', '  国内', '    Beijing', 'Sports', '  Football', '  国际', '    亚洲', '新闻']);
    expect((await byName('亚洲')).ancestors).toBe(`${sports.catalogId}:${world.catalogId}:${(await byName('亚洲')).catalogId}:`);
    expect((await byName('亚洲')).treeLevel).toBe(3);
    expect((await call('POST', `/cms/catalog/move/${sports.catalogId}/${(await byName('亚洲')).catalogId}`)).msg).toBe('A catalog cannot move under itself or one of its own sub-catalogs');
    expect((await byName('Sports')).childCount).toBe(2);
    expect((await ts.database.db.select().from(cmsCatalog).where(eq(cmsCatalog.alias, 'xinwen')))[0]!.childCount).toBe(1);
  });

  it('sorts among siblings: positive moves down, negative up', async () => {
    const sports = await byName('Sports');
    await ok('POST', '/cms/catalog/sort', { catalogId: sports.catalogId, sort: -1 });
    expect((await tree()).filter((l) => !l.startsWith(' '))).toEqual(['Sports', '新闻', '新闻']);
    await ok('POST', '/cms/catalog/sort', { catalogId: sports.catalogId, sort: 5 });
    expect((await tree()).filter((l) => !l.startsWith(' '))).toEqual(['新闻', '新闻', 'Sports']);
  });

  it('deletes a catalog with its subtree', async () => {
    const sports = await byName('Sports');
    expect(await ok('DELETE', `/cms/catalog/${sports.catalogId}`)).toEqual({ removed: 4 });
    expect(await tree()).toEqual(['新闻', '  国内', '    Beijing', '新闻']);
    expect((await call('GET', `/cms/catalog/${sports.catalogId}`)).code).toBe(500);
  });
});

describe('per-catalog grants', () => {
  it('limits an editor to the granted catalog and everything below it', async () => {
    const perms = ['cms:catalog:view', 'cms:catalog:add', 'cms:catalog:edit', 'cms:catalog:remove', 'cms:catalog:move', 'cms:site:view'];
    const roleId = (await ts.api('POST', '/system/role', { token: ts.admin, headers: H, body: { roleName: 'Desk', roleKey: 'desk', dataScope: '5', menuIds: MENUS.filter((m) => m.perms && perms.includes(m.perms)).map((m) => m.menuId) } })).data.roleId;
    await ts.api('POST', '/system/user', { token: ts.admin, headers: H, body: { userName: 'desk1', nickName: 'Desk', deptId: 100, password: 'Stack4321', roleIds: [roleId] } });
    const desk = await ts.loginReady('desk1', 'Stack4321');
    await ts.api('POST', '/cms/perms/site', { token: ts.admin, headers: H, body: { ownerType: 'Role', owner: roleId, perms: [{ siteId, perms: { View: { granted: true } } }] } });
    const local = await byName('国内');
    expect((await call('POST', '/cms/perms/catalog', { ownerType: 'Role', owner: roleId, perms: [{ catalogId: local.catalogId, perms: { View: { granted: true }, Edit: { granted: true } } }] })).code).toBe(200);
    // The granted catalog and its child; the parent shows greyed, the rest not at all.
    expect(await tree(desk)).toEqual(['新闻 (x)', '  国内', '    Beijing']);
    const beijing = await byName('Beijing');
    await ok('PUT', '/cms/catalog', { catalogId: beijing.catalogId, description: 'the capital' }, desk);
    // Edit is not Delete or Move, and other catalogs are out of reach, whatever the body says.
    expect((await call('DELETE', `/cms/catalog/${beijing.catalogId}`, undefined, desk)).code).toBe(403);
    const [news] = await ts.database.db.select().from(cmsCatalog).where(eq(cmsCatalog.alias, 'xinwen'));
    expect((await call('PUT', '/cms/catalog', { catalogId: news!.catalogId, name: 'Hacked' }, desk)).msg).toBe('The catalog does not exist or is out of your reach');
    expect((await call('POST', `/cms/catalog/move/${beijing.catalogId}/0`, undefined, desk)).msg).toBe('You may not do this in this catalog (Move)');
    expect((await call('POST', '/cms/catalog', { parentId: 0, name: 'Top', alias: 'top', path: 'top/', catalogType: 'common' }, desk)).code).toBe(403);
    // The tree tells the console what each catalog allows, and the site (its root) what the top level allows.
    const reply = await ok('GET', '/cms/catalog/treeData', undefined, desk);
    expect(reply.sitePerms).toEqual(['View']);
    expect(reply.rows[0].perms).toEqual([]);
    expect(reply.rows[0].children[0].perms).toEqual(['View', 'Edit']);
    expect((await ok('GET', '/cms/catalog/treeData')).sitePerms).toContain('AddCatalog');
    // A proposal only where one may add: under a granted catalog, not under its greyed parent nor at the top.
    expect(await ok('POST', '/cms/catalog/spelling', { parentId: local.catalogId, name: '朝阳' }, desk)).toEqual({ alias: 'xinwen_guonei_chaoyang', path: 'xinwen/guonei/chaoyang/' });
    expect((await call('POST', '/cms/catalog/spelling', { parentId: news!.catalogId, name: '朝阳' }, desk)).code).not.toBe(200);
    expect((await call('POST', '/cms/catalog/spelling', { parentId: 0, name: '朝阳' }, desk)).code).toBe(403);
    const grid = await ok('GET', `/cms/perms/catalog?ownerType=Role&owner=${roleId}`);
    const row = grid.catalogPrivs.find((c: { catalogId: number }) => c.catalogId === beijing.catalogId);
    expect(row.perms.View).toEqual({ granted: false, inherited: true, editable: true });
  });
});
