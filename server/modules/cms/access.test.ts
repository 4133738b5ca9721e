import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { useTestServer } from '../../../tests/helpers/server.ts';
import { MENUS } from '../shipped.ts';
import { cmsGrant } from './schema.ts';

// Issue 9: an editor granted only site A. Site B is not in their picker, and every call that works
// on a site refuses B, whatever the body says; rights on A are exactly what was granted.
const ts = useTestServer();
const H = { repeatSubmit: 'false', 'accept-language': 'en' };

async function ok(method: string, path: string, body?: unknown, token = ts.admin, site?: number) {
  const r = await ts.api(method, path, { token, body, headers: { ...H, ...(site ? { CurrentSite: String(site) } : {}) } });
  expect(r.code, `${method} ${path}: ${r.msg}`).toBe(200);
  return r.data;
}

const menuIds = (...perms: string[]) => MENUS.filter((m) => m.perms && perms.includes(m.perms)).map((m) => m.menuId);
const grant = (ownerType: 'Role' | 'User', owner: number, siteId: number, perms: string[], token = ts.admin) =>
  ts.api('POST', '/cms/perms/site', { token, headers: H, body: { ownerType, owner, perms: [{ siteId, perms: Object.fromEntries(perms.map((p) => [p, { granted: true }])) }] } });

describe('site grants', () => {
  let siteA = 0;
  let siteB = 0;
  let editorRole = 0;
  let editor = '';

  // Two sites and an editor granted View on A only.
  beforeAll(async () => {
    siteA = (await ok('POST', '/cms/site', { name: 'Alpha', path: 'alpha' })).siteId;
    siteB = (await ok('POST', '/cms/site', { name: 'Beta', path: 'beta' })).siteId;
    editorRole = (await ok('POST', '/system/role', {
      roleName: 'Site editors', roleKey: 'site_editors', dataScope: '5',
      menuIds: menuIds('cms:site:view', 'cms:site:edit', 'cms:publishpipe:view', 'cms:publishpipe:add', 'cms:publishpipe:edit', 'cms:publishpipe:remove', 'cms:site:publish'),
    })).roleId;
    await ok('POST', '/system/user', { userName: 'siteeditor', nickName: 'Editor', deptId: 100, password: 'Editor123', roleIds: [editorRole] });
    editor = await ts.loginReady('siteeditor', 'Editor123');
    expect((await grant('Role', editorRole, siteA, ['View'])).code).toBe(200);
  });

  it('lists and picks only site A', async () => {
    expect((await ok('GET', '/cms/site/list', undefined, editor)).rows.map((r: { name: string }) => r.name)).toEqual(['Alpha']);
    expect(await ok('GET', '/cms/site/getCurrentSite', undefined, editor)).toEqual({ siteId: siteA, siteName: 'Alpha' });
    expect(await ts.api('POST', `/cms/site/setCurrentSite/${siteB}`, { token: editor, headers: H })).toEqual({ code: 403, msg: 'The site does not exist or you have no permission on it' });
    expect((await ts.api('GET', `/cms/site/${siteB}`, { token: editor, headers: H })).code).toBe(403);
    expect((await ts.api('GET', '/cms/site/getCurrentSite', { token: editor, headers: { CurrentSite: String(siteB) } })).data.siteId).toBe(siteA);
  });

  it('refuses site B on every route that works on the current site', async () => {
    const siteRoutes = ts.server.routes.filter((r) => r.site);
    expect(siteRoutes.length).toBeGreaterThan(8);
    for (const r of siteRoutes) {
      const res = await ts.server.app.inject({
        method: r.method,
        url: `/prod-api${r.url.replace(/:[A-Za-z]+/g, '1')}`,
        headers: { authorization: `Bearer ${editor}`, CurrentSite: String(siteB), 'content-type': 'application/json', ...H },
        payload: r.method === 'GET' ? undefined : '{}',
      });
      expect(res.json(), `${r.method} ${r.url}`).toMatchObject({ code: 403 });
    }
  });

  it('lets View read but not change site A; Edit then lets the same calls through', async () => {
    expect((await ok('GET', '/cms/publishpipe/list', undefined, editor, siteA)).rows.map((p: { code: string }) => p.code)).toEqual(['pc']);
    const denied = await ts.api('POST', '/cms/publishpipe', { token: editor, headers: { ...H, CurrentSite: String(siteA) }, body: { name: 'H5', code: 'h5' } });
    expect(denied).toEqual({ code: 403, msg: 'You may not do this on this site (Edit)' });
    expect(await ts.api('PUT', '/cms/site', { token: editor, headers: H, body: { siteId: siteA, name: 'Renamed' } })).toEqual({ code: 403, msg: 'The site does not exist or you have no permission on it' });
    expect((await ts.api('DELETE', '/cms/publish/clear', { token: editor, headers: { ...H, CurrentSite: String(siteA) } })).msg).toBe('You may not do this on this site (Publish)');
    await grant('Role', editorRole, siteA, ['View', 'Edit']);
    await ok('POST', '/cms/publishpipe', { name: 'H5', code: 'h5', siteId: siteB }, editor, siteA);
    const pipesOfB = await ok('GET', '/cms/publishpipe/list', undefined, ts.admin, siteB);
    expect(pipesOfB.rows.map((p: { code: string }) => p.code)).toEqual(['pc']);
    await ok('PUT', '/cms/site', { siteId: siteA, name: 'Alpha News' }, editor);
    // Edit is not Delete.
    expect((await ts.api('DELETE', `/cms/site/${siteA}`, { token: editor, headers: H })).code).toBe(403);
  });

  it('tells on each listed site what the reader may do there; the grants dialog\'s Publish is what a site publish needs', async () => {
    const rowOf = async (token: string) => (await ok('GET', '/cms/site/list', undefined, token)).rows.find((r: { siteId: number }) => r.siteId === siteA);
    expect((await rowOf(editor)).perms).toEqual(['View', 'Edit']);
    expect((await rowOf(ts.admin)).perms).toEqual(['View', 'Edit', 'Delete', 'Publish', 'AddPageWidget', 'AddCatalog']);
    const publish = () => ts.api('POST', '/cms/site/publish', { token: editor, headers: { ...H, CurrentSite: String(siteA) }, body: { siteId: siteA, publishIndex: true } });
    expect(await publish()).toEqual({ code: 403, msg: 'You may not do this on this site (Publish)' });
    // The role dialog saves its site grid through this call: its Publish column is the bit the publish checks.
    await grant('Role', editorRole, siteA, ['View', 'Edit', 'Publish']);
    expect((await rowOf(editor)).perms).toEqual(['View', 'Edit', 'Publish']);
    expect((await publish()).code).toBe(200);
    await grant('Role', editorRole, siteA, ['View', 'Edit']);
  });

  it('lets a granter give or take only rights they hold themselves, on sites they hold', async () => {
    const managerRole = (await ok('POST', '/system/role', { roleName: 'Managers', roleKey: 'cms_managers', dataScope: '1', menuIds: menuIds('system:role:edit', 'system:role:grant', 'system:role:view', 'cms:site:view', 'cms:site:edit', 'cms:publishpipe:view', 'cms:publishpipe:add', 'cms:publishpipe:edit', 'cms:publishpipe:remove', 'cms:site:publish') })).roleId;
    // (The granter holds every key of the editors' role: the power rule lets nobody touch a role carrying more than they hold.)
    await ok('POST', '/system/user', { userName: 'granter', nickName: 'Granter', deptId: 100, password: 'Gives2grant', roleIds: [managerRole] });
    const granter = await ts.loginReady('granter', 'Gives2grant');
    await grant('Role', managerRole, siteA, ['View', 'Publish']);
    const grid = await ok('GET', `/cms/perms/site?ownerType=Role&owner=${editorRole}`, undefined, granter);
    expect(grid.sitePrivs).toEqual([{ siteId: siteA, name: 'Alpha News', perms: expect.objectContaining({
      View: { granted: true, inherited: false, editable: true },
      Edit: { granted: true, inherited: false, editable: false },
      Publish: { granted: false, inherited: false, editable: true },
    }) }]);
    // Asks for Delete (not theirs) and Publish (theirs), and drops Edit (not theirs): only Publish changes.
    expect((await grant('Role', editorRole, siteA, ['View', 'Delete', 'Publish'], granter)).code).toBe(200);
    const [row] = await ts.database.db.select().from(cmsGrant).where(and(eq(cmsGrant.ownerType, 'Role'), eq(cmsGrant.ownerId, editorRole), eq(cmsGrant.objectId, siteA)));
    expect(row!.bits).toBe(0b1011);
    expect((await grant('Role', editorRole, siteB, ['View'], granter)).code).toBe(500);
    // Not on the administrator role, and not on their own role to reach what they lack.
    const adminRole = (await ok('GET', '/system/role/list?roleKey=admin')).rows[0].roleId;
    expect((await grant('Role', adminRole, siteA, ['View'], granter)).code).toBe(500);
    await grant('Role', managerRole, siteA, ['View', 'Publish', 'Delete', 'Edit'], granter);
    const [own] = await ts.database.db.select().from(cmsGrant).where(and(eq(cmsGrant.ownerType, 'Role'), eq(cmsGrant.ownerId, managerRole), eq(cmsGrant.objectId, siteA)));
    expect(own!.bits).toBe(0b1001);
    // Without role edit, no grants at all.
    expect((await grant('Role', managerRole, siteA, ['View'], editor)).code).toBe(403);
  });
});
