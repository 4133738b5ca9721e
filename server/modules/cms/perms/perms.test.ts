import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { MENUS } from '../../shipped.ts';
import { bitsOf, type GrantObject } from '../../../../shared/cms/perms.ts';
import { cmsCatalog } from '../catalog/schema.ts';
import { cmsGrant } from './schema.ts';

// The grants editor's API (issue 9 §2, issue 10 §3) as a role editor who is not an administrator
// meets it: they give only rights they hold, on objects of the site they name in CurrentSite, to
// owners no more powerful than themselves, and never to the administrator role; a batch is checked
// id by id and refused whole.
const ts = useTestServer();
const H = { repeatSubmit: 'false', 'accept-language': 'en' };

const menuIds = (...perms: string[]) => MENUS.filter((m) => m.perms && perms.includes(m.perms)).map((m) => m.menuId);
const cells = (perms: string[]) => Object.fromEntries(perms.map((p) => [p, { granted: true }]));
type Entry = { id: number; perms: string[] };

const ids = { siteA: 0, siteB: 0, news: 0, world: 0, sports: 0, other: 0, granterRole: 0, editorsRole: 0, adminRole: 0, ed: 0, boss: 0, admin2: 0 };
let granter = '';

function call(method: string, path: string, o: { token?: string; body?: unknown; site?: number } = {}) {
  return ts.api(method, path, { token: o.token ?? ts.admin, body: o.body, headers: { ...H, ...(o.site ? { CurrentSite: String(o.site) } : {}) } });
}
async function ok(method: string, path: string, o: { token?: string; body?: unknown; site?: number } = {}) {
  const r = await call(method, path, o);
  expect(r.code, `${method} ${path}: ${r.msg}`).toBe(200);
  return r.data;
}
/** POST /cms/perms/<key> for one owner, one entry per object. */
const save = (key: 'site' | 'catalog', ownerType: 'Role' | 'User', owner: number, entries: Entry[], token = ts.admin, site?: number) =>
  call('POST', `/cms/perms/${key}`, { token, site, body: { ownerType, owner, perms: entries.map((e) => ({ [`${key}Id`]: e.id, perms: cells(e.perms) })) } });
/** The stored bits of one owner on one object (0 when there is no row). */
async function stored(ownerType: 'Role' | 'User', ownerId: number, objectType: GrantObject, objectId: number) {
  const [row] = await ts.database.db.select({ bits: cmsGrant.bits }).from(cmsGrant)
    .where(and(eq(cmsGrant.ownerType, ownerType), eq(cmsGrant.ownerId, ownerId), eq(cmsGrant.objectType, objectType), eq(cmsGrant.objectId, objectId)));
  return row?.bits ?? 0;
}
const catalogId = async (siteId: number, name: string) =>
  (await ts.database.db.select().from(cmsCatalog).where(and(eq(cmsCatalog.siteId, siteId), eq(cmsCatalog.name, name))))[0]!.catalogId;

const GRANTER_KEYS = ['system:role:view', 'system:role:edit', 'system:role:grant', 'system:user:view', 'system:user:edit', 'system:user:grant', 'cms:site:view', 'cms:catalog:view'];

beforeAll(async () => {
  ids.siteA = (await ok('POST', '/cms/site', { body: { name: 'Alpha', path: 'alpha' } })).siteId;
  ids.siteB = (await ok('POST', '/cms/site', { body: { name: 'Beta', path: 'beta' } })).siteId;
  await ok('POST', '/cms/catalog/batchAdd', { site: ids.siteA, body: { parentId: 0, catalogs: 'News\n  World\nSports' } });
  await ok('POST', '/cms/catalog/batchAdd', { site: ids.siteB, body: { parentId: 0, catalogs: 'Other' } });
  ids.news = await catalogId(ids.siteA, 'News');
  ids.world = await catalogId(ids.siteA, 'World');
  ids.sports = await catalogId(ids.siteA, 'Sports');
  ids.other = await catalogId(ids.siteB, 'Other');
  const role = async (roleName: string, roleKey: string, keys: string[], dataScope = '1') =>
    (await ok('POST', '/system/role', { body: { roleName, roleKey, dataScope, menuIds: menuIds(...keys) } })).roleId as number;
  ids.granterRole = await role('Granters', 'granters', GRANTER_KEYS);
  ids.editorsRole = await role('Editors', 'editors_x', ['cms:site:view', 'cms:catalog:view'], '5');
  const bossRole = await role('Bosses', 'bosses', [...GRANTER_KEYS, 'system:menu:view', 'system:menu:edit']);
  ids.adminRole = (await ok('GET', '/system/role/list?roleKey=admin')).rows[0].roleId;
  const user = async (userName: string, roleIds: number[]) => {
    await ok('POST', '/system/user', { body: { userName, nickName: userName, deptId: 100, password: 'Grants123', roleIds } });
    return (await ok('GET', `/system/user/list?userName=${userName}`)).rows[0].userId as number;
  };
  await user('granter', [ids.granterRole]);
  ids.ed = await user('ed', [ids.editorsRole]);
  ids.boss = await user('boss', [bossRole]);
  ids.admin2 = await user('admin2', [ids.adminRole]);
  granter = await ts.loginReady('granter', 'Grants123');
  // The granter holds View and Edit on site A and on News (so on World too), nothing on B or Sports.
  expect((await save('site', 'Role', ids.granterRole, [{ id: ids.siteA, perms: ['View', 'Edit'] }])).code).toBe(200);
  expect((await save('catalog', 'Role', ids.granterRole, [{ id: ids.news, perms: ['View', 'Edit'] }], ts.admin, ids.siteA)).code).toBe(200);
});

describe('granting without holding', () => {
  it('shows the granter only what they hold, and which rights they may change', async () => {
    const grid = await ok('GET', `/cms/perms/catalog?ownerType=Role&owner=${ids.editorsRole}`, { token: granter, site: ids.siteA });
    expect(grid.catalogPrivs.map((c: { name: string }) => c.name)).toEqual(['News', 'World']);
    const world = grid.catalogPrivs[1];
    expect(world).toMatchObject({ catalogId: ids.world, parentId: ids.news });
    expect(world.perms.Edit).toEqual({ granted: false, inherited: false, editable: true });
    expect(world.perms.Delete).toEqual({ granted: false, inherited: false, editable: false });
    expect(grid.catalogPrivItems.map((i: { id: string }) => i.id)).toContain('AddContent');
  });

  it('gives a catalog right the granter holds and leaves one they lack ungiven', async () => {
    expect((await save('catalog', 'Role', ids.editorsRole, [{ id: ids.news, perms: ['View', 'Delete', 'Publish'] }], granter, ids.siteA)).code).toBe(200);
    expect(await stored('Role', ids.editorsRole, 'Catalog', ids.news)).toBe(bitsOf('Catalog', ['View']));
    // …and one the administrator gave stays when the granter saves the row without it.
    expect((await save('catalog', 'Role', ids.editorsRole, [{ id: ids.news, perms: ['View', 'Publish'] }], ts.admin, ids.siteA)).code).toBe(200);
    await save('catalog', 'Role', ids.editorsRole, [{ id: ids.news, perms: ['Edit'] }], granter, ids.siteA);
    expect(await stored('Role', ids.editorsRole, 'Catalog', ids.news)).toBe(bitsOf('Catalog', ['Edit', 'Publish']));
  });

  it('refuses a batch naming a catalog of another site, or one the granter holds nothing on, and writes none of it', async () => {
    const before = await stored('Role', ids.editorsRole, 'Catalog', ids.world);
    for (const forged of [ids.other, ids.sports]) {
      const r = await save('catalog', 'Role', ids.editorsRole, [{ id: ids.world, perms: ['View', 'Edit'] }, { id: forged, perms: ['View'] }], granter, ids.siteA);
      expect(r, `catalog ${forged}`).toEqual({ code: 500, msg: 'The record does not exist or is out of your reach' });
      expect(await stored('Role', ids.editorsRole, 'Catalog', forged)).toBe(0);
    }
    expect(await stored('Role', ids.editorsRole, 'Catalog', ids.world)).toBe(before);
    // Even the administrator cannot reach site B's catalog from site A.
    expect((await save('catalog', 'Role', ids.editorsRole, [{ id: ids.other, perms: ['View'] }], ts.admin, ids.siteA)).code).toBe(500);
    expect(await stored('Role', ids.editorsRole, 'Catalog', ids.other)).toBe(0);
  });

  it('ignores a siteId in the body: the site is the checked CurrentSite', async () => {
    const r = await call('POST', '/cms/perms/catalog', {
      token: granter,
      site: ids.siteA,
      body: { ownerType: 'Role', owner: ids.editorsRole, siteId: ids.siteB, perms: [{ catalogId: ids.world, perms: cells(['View']) }] },
    });
    expect(r.code).toBe(200);
    expect(await stored('Role', ids.editorsRole, 'Catalog', ids.world)).toBe(bitsOf('Catalog', ['View']));
    // Naming site B in the header is refused outright: the granter holds nothing there.
    expect(await call('GET', `/cms/perms/catalog?ownerType=Role&owner=${ids.editorsRole}`, { token: granter, site: ids.siteB })).toEqual({ code: 403, msg: 'The site does not exist or you have no permission on it' });
    expect((await save('catalog', 'Role', ids.editorsRole, [{ id: ids.other, perms: ['View'] }], granter, ids.siteB)).code).toBe(403);
  });

  it('refuses a site batch with one site the granter holds nothing on, and writes none of it', async () => {
    const r = await save('site', 'Role', ids.editorsRole, [{ id: ids.siteA, perms: ['View', 'Edit'] }, { id: ids.siteB, perms: ['View'] }], granter);
    expect(r.code).toBe(500);
    expect(await stored('Role', ids.editorsRole, 'Site', ids.siteA)).toBe(0);
    expect(await stored('Role', ids.editorsRole, 'Site', ids.siteB)).toBe(0);
    expect((await save('site', 'Role', ids.editorsRole, [{ id: ids.siteA, perms: ['View', 'Edit', 'Delete'] }], granter)).code).toBe(200);
    expect(await stored('Role', ids.editorsRole, 'Site', ids.siteA)).toBe(bitsOf('Site', ['View', 'Edit']));
  });
});

describe('whose grants may be edited', () => {
  it('lets nobody, not even an administrator, edit the administrator role\'s grants', async () => {
    const refusal = { code: 500, msg: 'Administrators hold every right; there is nothing to grant' };
    expect(await save('site', 'Role', ids.adminRole, [{ id: ids.siteA, perms: ['View'] }])).toEqual(refusal);
    expect(await save('site', 'Role', ids.adminRole, [{ id: ids.siteA, perms: ['View'] }], granter)).toEqual(refusal);
    expect(await call('GET', `/cms/perms/catalog?ownerType=Role&owner=${ids.adminRole}`, { site: ids.siteA })).toEqual(refusal);
    expect(await stored('Role', ids.adminRole, 'Site', ids.siteA)).toBe(0);
  });

  it('refuses the users of the administrator role and users more powerful than the granter', async () => {
    // The administrator is told why; to anyone else an administrator is out of reach.
    expect((await call('GET', `/cms/perms/site?ownerType=User&owner=${ids.admin2}`)).msg).toBe('Administrators hold every right; there is nothing to grant');
    expect(await save('site', 'User', ids.admin2, [{ id: ids.siteA, perms: ['View'] }], granter)).toEqual({ code: 500, msg: 'The record does not exist or is out of your reach' });
    const above = await save('site', 'User', ids.boss, [{ id: ids.siteA, perms: ['View'] }], granter);
    expect(above).toEqual({ code: 500, msg: 'User "boss" holds permissions or a data scope you do not hold; you cannot change that account' });
    expect((await call('GET', `/cms/perms/catalog?ownerType=User&owner=${ids.boss}`, { token: granter, site: ids.siteA })).code).toBe(500);
    expect(await stored('User', ids.boss, 'Site', ids.siteA)).toBe(0);
  });

  it('lets a role editor without user edit grant nothing to users', async () => {
    const roleOnly = (await ok('POST', '/system/role', { body: { roleName: 'Role desk', roleKey: 'role_desk', dataScope: '1', menuIds: menuIds('system:role:view', 'system:role:edit', 'system:role:grant', 'cms:site:view') } })).roleId;
    await ok('POST', '/system/user', { body: { userName: 'roledesk', nickName: 'roledesk', deptId: 100, password: 'Grants123', roleIds: [roleOnly] } });
    await save('site', 'Role', roleOnly, [{ id: ids.siteA, perms: ['View'] }]);
    const token = await ts.loginReady('roledesk', 'Grants123');
    expect((await save('site', 'User', ids.ed, [{ id: ids.siteA, perms: ['View'] }], token)).code).toBe(403);
    expect((await call('GET', `/cms/perms/site?ownerType=User&owner=${ids.ed}`, { token })).code).toBe(403);
  });

  it('shows a user what reaches them from their roles as inherited from outside the grid', async () => {
    // The Editors role holds Edit and Publish on News and View on World; the user gets Delete on News as their own.
    expect((await save('catalog', 'User', ids.ed, [{ id: ids.news, perms: ['Delete'] }], ts.admin, ids.siteA)).code).toBe(200);
    const grid = await ok('GET', `/cms/perms/catalog?ownerType=User&owner=${ids.ed}`, { site: ids.siteA });
    const byName = (name: string) => grid.catalogPrivs.find((c: { name: string }) => c.name === name);
    expect(byName('News').perms.Delete).toEqual({ granted: true, inherited: false, editable: true });
    expect(byName('News').perms.Publish).toEqual({ granted: false, inherited: true, editable: true, external: true });
    expect(byName('World').perms.View).toEqual({ granted: false, inherited: true, editable: true, external: true });
    expect(byName('World').perms.Edit).toEqual({ granted: false, inherited: true, editable: true, external: true });
    // Delete reaches World only through the user's own grant on News, which the grid shows: not external,
    // so a console unticking it on News shows it gone from World too.
    expect(byName('World').perms.Delete).toEqual({ granted: false, inherited: true, editable: true });
    expect(byName('Sports').perms.View).toEqual({ granted: false, inherited: false, editable: true });
  });
});
