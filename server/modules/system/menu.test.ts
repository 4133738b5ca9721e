import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestServer } from '../../../tests/helpers/server.ts';
import { createUser, grantPermission } from '../auth/test-fixtures.ts';
import { sysMenu } from './schema.ts';

const ts = useTestServer();
const H = { repeatSubmit: 'false' };
const EN = { ...H, 'accept-language': 'en' };

describe('menus', () => {
  it('adds a page with a button; the page appears in the router tree in the editor language', async () => {
    const page = await ts.api('POST', '/system/menu', { token: ts.admin, headers: EN, body: { menuName: 'Reports', parentId: 1, menuType: 'C', path: 'reports', component: 'system/reports/index', perms: 'system:report:view', icon: 'chart' } });
    expect(page.code, page.msg).toBe(200);
    const button = await ts.api('POST', '/system/menu', { token: ts.admin, headers: H, body: { menuName: '导出', parentId: page.data.menuId, menuType: 'F', perms: 'system:report:export' } });
    expect(button.code, button.msg).toBe(200);
    const routers = (await ts.api('GET', '/getRouters', { token: ts.admin, headers: EN })).data as { path: string; children?: { path: string; meta: { title: string } }[] }[];
    const system = routers.find((r) => r.path === '/system')!;
    expect(system.children!.find((c) => c.path === 'reports')!.meta.title).toBe('Reports');
  });

  it('checks what each menu type needs, naming the problem', async () => {
    const noComponent = await ts.api('POST', '/system/menu', { token: ts.admin, headers: EN, body: { menuName: 'X', parentId: 1, menuType: 'C', path: 'x' } });
    expect(noComponent).toEqual({ code: 500, msg: 'A menu needs a component path' });
    const badLink = await ts.api('POST', '/system/menu', { token: ts.admin, headers: EN, body: { menuName: 'Docs', parentId: 0, menuType: 'C', path: 'docs.example.com', isFrame: 'Y' } });
    expect(badLink.msg).toBe('An external link must start with http:// or https://');
    const badPerms = await ts.api('POST', '/system/menu', { token: ts.admin, headers: EN, body: { menuName: 'B', parentId: 100, menuType: 'F', perms: 'user add' } });
    expect(badPerms.msg).toMatch(/module:resource:action/);
  });

  it('refuses to delete a menu with children and gives the role form its tree', async () => {
    const r = await ts.api('DELETE', '/system/menu', { token: ts.admin, headers: EN, body: [1] });
    expect(r.msg).toBe('The menu has children and cannot be deleted');
    const tree = (await ts.api('GET', '/system/menu/treeselect', { token: ts.admin, headers: EN })).data as { menuId: number; menuName: string }[];
    expect(tree.find((m) => m.menuId === 1)!.menuName).toBe('System');
  });
});

// Issue 8, finding 2: a user holding only menu view and edit rewrote a menu its role holds to carry
// system:role:edit and system:user:resetPwd. A non-admin never puts a key they lack on a menu, nor
// changes or deletes a menu carrying one.
describe('menu edit by a non-admin', () => {
  it('cannot put, change or remove a permission key it does not hold', async () => {
    const db = ts.database.db;
    await grantPermission(db, 'menu_editors', 'system:menu:view');
    await grantPermission(db, 'menu_editors', 'system:menu:edit');
    await grantPermission(db, 'menu_editors', 'system:menu:remove');
    await createUser(db, 'menueditor', { roles: ['menu_editors'] });
    const token = await ts.login('menueditor', 'Secret123');
    const [own] = await db.select().from(sysMenu).where(eq(sysMenu.perms, 'system:menu:edit'));
    const as = (method: string, body: unknown) => ts.api(method, '/system/menu', { token, headers: EN, body });

    const escalate = await as('PUT', { menuId: own!.menuId, perms: 'system:role:edit,system:user:resetPwd' });
    expect(escalate).toEqual({ code: 500, msg: 'You do not hold the permission system:role:edit, so you cannot put it on a menu or change a menu carrying it' });
    const reset = (await db.select().from(sysMenu).where(eq(sysMenu.menuId, 1006)))[0]!;
    expect((await as('PUT', { menuId: reset.menuId, perms: 'system:menu:view' })).code).toBe(500);
    expect((await as('PUT', { menuId: reset.menuId, status: '1' })).code).toBe(500);
    expect((await as('DELETE', [reset.menuId])).code).toBe(500);
    expect((await db.select().from(sysMenu).where(eq(sysMenu.menuId, 1006)))[0]).toMatchObject({ perms: 'system:user:resetPwd', status: '0' });
    expect((await ts.api('GET', '/getInfo', { token })).data.permissions.sort()).toEqual(['system:menu:edit', 'system:menu:remove', 'system:menu:view']);

    // Within what it holds, the edit goes through.
    expect((await as('PUT', { menuId: own!.menuId, perms: 'system:menu:edit,system:menu:view' })).code).toBe(200);
  });
});

describe('menu add by a non-admin', () => {
  it('cannot create a menu carrying a permission key it does not hold; with keys it holds, it can', async () => {
    const db = ts.database.db;
    await grantPermission(db, 'menu_adders', 'system:menu:view');
    await grantPermission(db, 'menu_adders', 'system:menu:add');
    await grantPermission(db, 'menu_adders', 'system:post:view');
    await createUser(db, 'menuadder', { roles: ['menu_adders'] });
    const token = await ts.login('menuadder', 'Secret123');
    const add = (name: string, perms: string) => ts.api('POST', '/system/menu', { token, headers: EN, body: { menuName: name, parentId: 1, menuType: 'F', perms } });
    const named = (name: string) => db.select().from(sysMenu).where(eq(sysMenu.menuName, name));

    const grab = await add('Grab', 'system:user:resetPwd');
    expect(grab).toEqual({ code: 500, msg: 'You do not hold the permission system:user:resetPwd, so you cannot put it on a menu or change a menu carrying it' });
    // One key it lacks among keys it holds is refused as well.
    const mixed = await add('Mixed', 'system:post:view,system:role:edit');
    expect(mixed.msg).toMatch(/system:role:edit/);
    expect([...(await named('Grab')), ...(await named('Mixed'))]).toEqual([]);

    const fine = await add('Posts button', 'system:post:view');
    expect(fine.code, fine.msg).toBe(200);
    expect((await named('Posts button'))[0]).toMatchObject({ menuId: fine.data.menuId, perms: 'system:post:view', createBy: 'menuadder' });
  });
});
