import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../tests/helpers/server.ts';

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
