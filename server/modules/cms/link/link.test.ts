import { beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, inArray } from 'drizzle-orm';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { MENUS } from '../../shipped.ts';
import { seed } from '../../system/seed/index.ts';
import { shippedBy } from '../../../core/shipped.ts';
import { modules } from '../../index.ts';
import { sysMenu, sysSeedState } from '../../system/schema.ts';
import { sysOperLog } from '../../monitor/schema.ts';
import { cmsSite } from '../schema.ts';
import { cmsLink, cmsLinkGroup } from './schema.ts';

// Friend links (issue 27): groups per site, built from their definitions alone. What the resource
// pattern gives every resource (paging, labels, refusals) is tested with it; here what a friend
// link's user would notice.
const ts = useTestServer();
const H = { repeatSubmit: 'false' };

async function call(method: string, path: string, siteId: number, body?: unknown, opts: { lang?: string; token?: string } = {}) {
  return ts.api(method, path, { token: opts.token ?? ts.admin, body, headers: { ...H, 'accept-language': opts.lang ?? 'en', CurrentSite: String(siteId) } });
}
async function ok(method: string, path: string, siteId: number, body?: unknown) {
  const r = await call(method, path, siteId, body);
  expect(r.code, `${method} ${path}: ${r.msg}`).toBe(200);
  return r.data;
}
const names = (rows: { name: string }[]) => rows.map((r) => r.name);
const groupsOf = (siteId: number) => ts.database.db.select().from(cmsLinkGroup).where(eq(cmsLinkGroup.siteId, siteId));

describe('friend-link groups', () => {
  let news = 0;
  let demo = 0;

  it('adds groups to the current site only, lists them by their sort and finds them by name', async () => {
    news = (await ts.api('POST', '/cms/site', { token: ts.admin, headers: H, body: { name: 'News', path: 'news' } })).data.siteId;
    demo = (await ts.database.db.select().from(cmsSite).where(eq(cmsSite.path, 'demo')))[0]!.siteId;
    await ok('POST', '/cms/link_group', news, { name: 'Partners', code: 'partners', sortFlag: 2 });
    // A siteId in the body is not read: the group is the current site's.
    await ok('POST', '/cms/link_group', news, { name: 'Friends', code: 'friends', sortFlag: 1, siteId: demo });
    expect(names((await ok('GET', '/cms/link_group/list', news)).rows)).toEqual(['Friends', 'Partners']);
    expect(names((await ok('GET', '/cms/link_group/list?query=part', news)).rows)).toEqual(['Partners']);
    expect((await ok('GET', '/cms/link_group/list', demo)).rows).toEqual([]);
  });

  it('refuses a code taken on the same site, naming the field in the reader\'s language', async () => {
    const dup = { name: 'Again', code: 'friends' };
    expect(await call('POST', '/cms/link_group', news, dup)).toMatchObject({ code: 500, msg: 'Group Code "friends" already exists' });
    expect((await call('POST', '/cms/link_group', news, dup, { lang: 'zh-CN' })).msg).toBe('分组编码“friends”已存在');
    expect((await call('POST', '/cms/link_group', news, dup, { lang: 'zh-TW' })).msg).toBe('群組代碼「friends」已存在');
    expect((await call('POST', '/cms/link_group', news, { name: '', code: 'x y' }, { lang: 'zh-CN' })).msg).toMatch(/分组名称/);
    // Another site may have its own.
    await ok('POST', '/cms/link_group', demo, dup);
  });

  it('never reads, changes or deletes a group of another site', async () => {
    const [friends] = (await groupsOf(news)).filter((g) => g.code === 'friends');
    const id = friends!.linkGroupId;
    expect((await call('GET', `/cms/link_group/${id}`, demo)).code).toBe(500);
    expect((await call('PUT', '/cms/link_group', demo, { linkGroupId: id, name: 'Taken' })).code).toBe(500);
    expect((await call('DELETE', '/cms/link_group', demo, [id])).code).toBe(500);
    expect((await groupsOf(news)).find((g) => g.linkGroupId === id)).toMatchObject({ name: 'Friends' });
  });

  it('answers on ChestnutCMS\'s paths too, and logs each change under the screen\'s title', async () => {
    const [partners] = (await groupsOf(news)).filter((g) => g.code === 'partners');
    await ok('POST', '/cms/link_group/update', news, { linkGroupId: partners!.linkGroupId, name: 'Sponsors', sortFlag: 0 });
    expect(names((await ok('GET', '/cms/link_group/list', news)).rows)).toEqual(['Sponsors', 'Friends']);
    const [log] = await ts.database.db.select().from(sysOperLog).orderBy(desc(sysOperLog.operId)).limit(1);
    expect(log).toMatchObject({ businessType: 'UPDATE', operUrl: '/prod-api/cms/link_group/update' });
    // The operation log shows the title the definition's texts give, in the reader's language.
    const titleIn = async (lang: string) => (await call('GET', `/monitor/operlog/${log!.operId}`, news, undefined, { lang })).data.title;
    expect([await titleIn('zh-CN'), await titleIn('zh-TW'), await titleIn('en')]).toEqual(['友链管理', '友站連結管理', 'Friend Link']);
    await ok('POST', '/cms/link_group/add', news, { name: 'Old', code: 'old' });
    const [old] = (await groupsOf(news)).filter((g) => g.code === 'old');
    await ok('POST', '/cms/link_group/delete', news, [{ linkGroupId: old!.linkGroupId }]);
    expect((await groupsOf(news)).map((g) => g.code).sort()).toEqual(['friends', 'partners']);
  });

  it('ships the Friend Link menu under Interactive with its buttons, and adds it to a database seeded without it', async () => {
    const rows = MENUS.filter((m) => m.menuId === 2036 || m.parentId === 2036);
    expect(rows.map((m) => [m.menuId, m.parentId, m.path, m.component, m.perms])).toEqual([
      [2036, 2035, 'link', 'cms/link/linkGroup', 'cms:friendlink:view'],
      [2074, 2036, '', null, 'cms:friendlink:add'],
      [2075, 2036, '', null, 'cms:friendlink:edit'],
      [2076, 2036, '', null, 'cms:friendlink:remove'],
    ]);
    const ids = rows.map((m) => m.menuId);
    // A database from before the definition: no rows, no step recorded. The next start adds them, once.
    await ts.database.db.delete(sysMenu).where(inArray(sysMenu.menuId, ids));
    await ts.database.db.delete(sysSeedState).where(eq(sysSeedState.step, 'menu-2036'));
    await seed(ts.database.db, shippedBy(modules));
    await seed(ts.database.db, shippedBy(modules));
    const stored = await ts.database.db.select().from(sysMenu).where(inArray(sysMenu.menuId, ids));
    expect(stored.map((m) => m.menuId).sort()).toEqual(ids.sort());
    expect(stored.find((m) => m.menuId === 2036)).toMatchObject({ menuName: '友链管理', path: 'link', perms: 'cms:friendlink:view' });
  });
});

describe('friend links', () => {
  let news = 0;
  let demo = 0;
  let partners = 0;
  let elsewhere = 0;
  const linksOf = async (groupId: number) => names((await ok('GET', `/cms/link/list?groupId=${groupId}`, news)).rows);

  beforeAll(async () => {
    news = (await ts.api('POST', '/cms/site', { token: ts.admin, headers: H, body: { name: 'Links', path: 'links' } })).data.siteId;
    demo = (await ts.database.db.select().from(cmsSite).where(eq(cmsSite.path, 'demo')))[0]!.siteId;
    partners = (await ok('POST', '/cms/link_group', news, { name: 'Partners', code: 'partners' })).linkGroupId;
    elsewhere = (await ok('POST', '/cms/link_group', demo, { name: 'Demo friends', code: 'demo_friends' })).linkGroupId;
  });

  it('adds links to a group and lists a group\'s links by their sort, searched by name', async () => {
    await ok('POST', '/cms/link', news, { groupId: partners, name: 'Chestnut', url: 'https://www.chestnut.example', sortFlag: 2, logo: '/resources/image/logo.png' });
    await ok('POST', '/cms/link', news, { groupId: partners, name: 'Acorn', url: 'http://acorn.example/home', sortFlag: 1, description: 'Old friends', siteId: demo });
    expect(await linksOf(partners)).toEqual(['Acorn', 'Chestnut']);
    expect(names((await ok('GET', `/cms/link/list?groupId=${partners}&query=chest`, news)).rows)).toEqual(['Chestnut']);
    // The body's siteId is ignored: the demo site has none.
    expect((await ok('GET', '/cms/link/list', demo)).rows).toEqual([]);
  });

  it('takes http and https addresses only, saying so in the reader\'s language', async () => {
    for (const url of ['javascript:alert(1)', 'ftp://files.example', '//evil.example', 'www.example.com', '']) {
      const r = await call('POST', '/cms/link', news, { groupId: partners, name: 'Bad', url });
      expect(r.code, url).toBe(500);
      expect(r.msg, url).toMatch(/^URL /);
    }
    const bad = { groupId: partners, name: 'Bad', url: 'javascript:alert(1)' };
    expect((await call('POST', '/cms/link', news, bad, { lang: 'zh-CN' })).msg).toMatch(/^链接地址/);
    expect((await call('POST', '/cms/link', news, bad, { lang: 'zh-TW' })).msg).toMatch(/^連結網址/);
    const [acorn] = (await ts.database.db.select().from(cmsLink).where(eq(cmsLink.name, 'Acorn')));
    expect((await call('PUT', '/cms/link', news, { linkId: acorn!.linkId, url: 'data:text/html,x' })).code).toBe(500);
    expect(await linksOf(partners)).toEqual(['Acorn', 'Chestnut']);
  });

  it('refuses a group of another site, and never touches another site\'s links', async () => {
    expect((await call('POST', '/cms/link', news, { groupId: elsewhere, name: 'Sneaky', url: 'https://x.example' })).code).toBe(500);
    const [acorn] = (await ts.database.db.select().from(cmsLink).where(eq(cmsLink.name, 'Acorn')));
    expect((await call('GET', `/cms/link/${acorn!.linkId}`, demo)).code).toBe(500);
    expect((await call('PUT', '/cms/link', demo, { linkId: acorn!.linkId, name: 'Taken' })).code).toBe(500);
    expect((await call('DELETE', '/cms/link', demo, [acorn!.linkId])).code).toBe(500);
    await ok('PUT', '/cms/link', news, { linkId: acorn!.linkId, name: 'Acorns', sortFlag: 3 });
    expect(await linksOf(partners)).toEqual(['Chestnut', 'Acorns']);
  });

  it('deletes links, on ChestnutCMS\'s path too, and a group\'s links with the group', async () => {
    const [chestnut] = (await ts.database.db.select().from(cmsLink).where(eq(cmsLink.name, 'Chestnut')));
    await ok('POST', '/cms/link/delete', news, [{ linkId: chestnut!.linkId }]);
    expect(await linksOf(partners)).toEqual(['Acorns']);
    await ok('DELETE', '/cms/link_group', news, [partners]);
    expect(await ts.database.db.select().from(cmsLink).where(eq(cmsLink.groupId, partners))).toEqual([]);
  });
});


describe('friend links for a user who is not an administrator', () => {
  let news = 0;
  let demo = 0;
  let roleId = 0;
  let token = '';
  const grant = (perms: Record<string, { granted: boolean }>) =>
    ok('POST', '/cms/perms/site', news, { ownerType: 'Role', owner: roleId, perms: [{ siteId: news, perms }] });

  beforeAll(async () => {
    news = (await ts.api('POST', '/cms/site', { token: ts.admin, headers: H, body: { name: 'Desk', path: 'desk' } })).data.siteId;
    demo = (await ts.database.db.select().from(cmsSite).where(eq(cmsSite.path, 'demo')))[0]!.siteId;
    const keys = ['cms:friendlink:view', 'cms:friendlink:add', 'cms:friendlink:edit', 'cms:friendlink:remove'];
    roleId = (await ts.api('POST', '/system/role', { token: ts.admin, headers: H, body: { roleName: 'Links', roleKey: 'links', dataScope: '5', menuIds: MENUS.filter((m) => m.perms && keys.includes(m.perms)).map((m) => m.menuId) } })).data.roleId;
    await ts.api('POST', '/system/user', { token: ts.admin, headers: H, body: { userName: 'links1', nickName: 'Links', deptId: 100, password: 'Stack4321', roleIds: [roleId] } });
    token = await ts.loginReady('links1', 'Stack4321');
    await ok('POST', '/cms/link_group', news, { name: 'Partners', code: 'partners' });
  });

  it('reads the groups with View on the site, and changes them only with Edit on it', async () => {
    await grant({ View: { granted: true } });
    expect(names((await call('GET', '/cms/link_group/list', news, undefined, { token })).data.rows)).toEqual(['Partners']);
    const add = await call('POST', '/cms/link_group', news, { name: 'Mine', code: 'mine' }, { token });
    expect(add).toMatchObject({ code: 403, msg: 'You may not do this on this site (Edit)' });
    await grant({ View: { granted: true }, Edit: { granted: true } });
    const group = await call('POST', '/cms/link_group', news, { name: 'Mine', code: 'mine' }, { token });
    expect(group.code, group.msg).toBe(200);
    const link = await call('POST', '/cms/link', news, { groupId: group.data.linkGroupId, name: 'Ours', url: 'https://ours.example/' }, { token });
    expect(link.code, link.msg).toBe(200);
  });

  it('reaches nothing on a site it holds no grant on, whatever ids the body names', async () => {
    const theirs = (await ok('POST', '/cms/link_group', demo, { name: 'Theirs', code: 'theirs' })).linkGroupId;
    expect((await call('GET', '/cms/link_group/list', demo, undefined, { token })).code).toBe(403);
    expect((await call('DELETE', '/cms/link_group', demo, [theirs], { token })).code).toBe(403);
    // On its own site, another site's group id is as good as none.
    expect((await call('PUT', '/cms/link_group', news, { linkGroupId: theirs, name: 'Taken' }, { token })).code).toBe(500);
    expect((await call('POST', '/cms/link', news, { groupId: theirs, name: 'Sneaky', url: 'https://x.example/' }, { token })).code).toBe(500);
    expect((await groupsOf(demo)).find((g) => g.linkGroupId === theirs)).toMatchObject({ name: 'Theirs' });
  });

  it('reads a group by its id with View alone: the links screen names the group it lists', async () => {
    await grant({ View: { granted: true } });
    const [partners] = (await groupsOf(news)).filter((g) => g.code === 'partners');
    const read = await call('GET', `/cms/link_group/${partners!.linkGroupId}`, news, undefined, { token });
    expect(read.code, read.msg).toBe(200);
    expect(read.data).toMatchObject({ linkGroupId: partners!.linkGroupId, name: 'Partners' });
  });
});
