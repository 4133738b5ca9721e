import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TABLE_ROWS, useHarness } from './harness.ts';
import { sysDept, sysRole, sysRoleMenu, sysUser, sysUserRole } from '../../server/modules/system/schema.ts';
import { CMS_ROOT_ID } from '../../server/modules/cms/menus.ts';
import R from '../../shared/i18n/locales/zh-CN/resource.ts';
import S from '../../shared/i18n/locales/zh-CN/system.ts';
import shellZhCN from '../../shared/i18n/locales/zh-CN/shell.ts';
import commonZhCN from '../../shared/i18n/locales/zh-CN/common.ts';

// Users, roles and role assignment on their screens, as an administrator: a role granting only
// the Content (CMS) directory with data scope "own department", a user of a department holding
// it; then that user signs in and finds no System area.

const h = useHarness({ admin: 'orgadmin' });
const DEPT = 'QA测试组';

let deptId = 0;

describe('departments, menus, roles and users screens', () => {
  it('adds a department under the root from the tree table', async () => {
    await h.openScreen('/admin/system/dept', '.resource-tree-table tbody tr');
    const db = h.server.database.db;
    const [root] = await db.select().from(sysDept).where(eq(sysDept.parentId, 0));
    await h.rowOf(root!.deptName).first().getByRole('button', { name: S.dept.addChild }).click();
    await h.dialog().waitFor();
    // The parent picker shows the root once the department tree has arrived.
    await expect.poll(() => h.dialog().locator('.p-treeselect-label').textContent()).toBe(root!.deptName);
    await h.page.fill('#field-deptName', DEPT);
    const saved = h.page.waitForResponse((r) => r.url().endsWith('/prod-api/system/dept') && r.request().method() === 'POST');
    await h.dialog().getByRole('button', { name: commonZhCN.actions.ok }).click();
    expect((await (await saved).json()).code).toBe(200);
    await h.rowOf(DEPT).waitFor();
    const [d] = await db.select().from(sysDept).where(eq(sysDept.deptName, DEPT));
    expect(d!.parentId).toBe(root!.deptId);
    deptId = d!.deptId;
  });

  it('shows the menu tree and the fields of each menu type', async () => {
    await h.openScreen('/admin/system/menu', '.resource-tree-table tbody tr');
    await h.rowOf('用户管理').first().waitFor();
    await h.toolbar().getByRole('button', { name: R.add, exact: true }).click();
    await h.dialog().waitFor();
    await h.page.locator('#field-component').waitFor();
    await h.page.locator('label[for="field-menuType-F"]').or(h.page.locator('.field-radio', { hasText: S.menu.typeF })).first().click();
    await h.page.locator('#field-path').waitFor({ state: 'detached' });
    expect(await h.page.locator('#field-perms').count()).toBe(1);
    await h.page.locator('.field-radio', { hasText: S.menu.typeM }).click();
    await h.page.locator('.p-dropdown:has(#field-icon)').click();
    await h.page.locator('.p-dropdown-panel input.p-dropdown-filter').fill('pi-user-edit');
    await h.page.locator('.p-dropdown-panel .p-dropdown-item', { hasText: 'pi-user-edit' }).click();
    expect(await h.dialog().locator('.p-dropdown:has(#field-icon) .pi-user-edit').count()).toBe(1);
    // Leaving the changed form asks first.
    await h.dialog().getByRole('button', { name: commonZhCN.actions.cancel }).click();
    await h.confirmBox().filter({ hasText: R.discardChanges }).locator('.p-confirm-dialog-accept').click();
    await h.dialog().waitFor({ state: 'detached' });
  });

  it('adds a role with only the Content directory and data scope "own department"', async () => {
    await h.openScreen('/admin/system/role', TABLE_ROWS);
    await h.toolbar().getByRole('button', { name: R.add, exact: true }).click();
    await h.dialog().waitFor();
    await h.page.fill('#field-roleName', '内容编辑QA');
    await h.page.fill('#field-roleKey', 'qa_editor');
    // Tick the CMS directory: everything below it comes along.
    const cms = h.page.locator('#field-menuIds .p-treenode-content', { hasText: '内容管理' }).first();
    await cms.waitFor();
    await cms.locator('.p-checkbox').click();
    // Custom scope shows the department tree; "own department" hides it again.
    await h.page.locator('.p-dropdown:has(#field-dataScope)').click();
    await h.page.locator('.p-dropdown-item', { hasText: '自定数据权限' }).click();
    await h.page.locator('#field-deptIds').waitFor();
    await h.page.locator('.p-dropdown:has(#field-dataScope)').click();
    await h.page.locator('.p-dropdown-item', { hasText: '本部门数据权限' }).click();
    await h.page.locator('#field-deptIds').waitFor({ state: 'detached' });
    const saved = h.page.waitForResponse((r) => r.url().endsWith('/prod-api/system/role') && r.request().method() === 'POST');
    await h.dialog().getByRole('button', { name: commonZhCN.actions.ok }).click();
    expect((await (await saved).json()).code).toBe(200);
    await h.rowOf('qa_editor').waitFor();

    const db = h.server.database.db;
    const [role] = await db.select().from(sysRole).where(eq(sysRole.roleKey, 'qa_editor'));
    expect(role!.dataScope).toBe('3');
    const menus = (await db.select({ id: sysRoleMenu.menuId }).from(sysRoleMenu).where(eq(sysRoleMenu.roleId, role!.roleId))).map((m) => m.id);
    expect(menus).toContain(CMS_ROOT_ID);
    expect(menus).not.toContain(1);
    expect(menus.length).toBeGreaterThan(5);

    // Editing shows the grants ticked again.
    await h.rowOf('qa_editor').getByRole('button', { name: R.edit, exact: true }).click();
    await h.dialog().waitFor();
    await h.page.locator('#field-menuIds .p-treenode-content', { hasText: '内容管理' }).first().locator('.p-checkbox.p-highlight, .p-checkbox-checked, [data-p-highlight=true]').first().waitFor();
    await h.dialog().getByRole('button', { name: commonZhCN.actions.cancel }).click();
  });

  it('adds a user in the department with that role, and filters by the department tree', async () => {
    await h.openScreen('/admin/system/user', TABLE_ROWS);
    await h.page.getByTestId('user-dept-tree').locator('.p-treenode-label', { hasText: DEPT }).waitFor({ state: 'attached' });
    await h.toolbar().getByRole('button', { name: R.add, exact: true }).click();
    await h.dialog().waitFor();
    await h.page.fill('#field-userName', 'qa_writer');
    await h.page.fill('#field-nickName', 'QA写手');
    await h.page.fill('#field-password', 'Writer123');
    await h.page.locator('.resource-dialog .p-treeselect').click();
    await h.page.locator('.p-treeselect-panel input.p-treeselect-filter').fill(DEPT);
    await h.page.locator('.p-treeselect-panel .p-treenode-label', { hasText: DEPT }).click();
    await h.page.locator('.resource-dialog .p-multiselect').first().click();
    await h.page.locator('.p-multiselect-panel .p-multiselect-item', { hasText: '内容编辑QA' }).click();
    await h.page.locator('.resource-dialog .p-dialog-title').click();
    await h.page.locator('.p-multiselect-panel').waitFor({ state: 'detached' });
    const saved = h.page.waitForResponse((r) => r.url().endsWith('/prod-api/system/user') && r.request().method() === 'POST');
    await h.dialog().getByRole('button', { name: commonZhCN.actions.ok }).click();
    const body = (await (await saved).json()) as { code: number; msg: string };
    expect(body.code, body.msg).toBe(200);
    await h.rowOf('qa_writer').waitFor();

    const db = h.server.database.db;
    const [u] = await db.select().from(sysUser).where(eq(sysUser.userName, 'qa_writer'));
    expect(u!.deptId).toBe(deptId);
    const roles = await db.select().from(sysUserRole).innerJoin(sysRole, eq(sysRole.roleId, sysUserRole.roleId)).where(eq(sysUserRole.userId, u!.userId));
    expect(roles.map((r) => r.sys_role.roleKey)).toEqual(['qa_editor']);

    // The department tree filters the list.
    const filtered = h.page.waitForResponse((r) => r.url().includes('/prod-api/system/user/list?') && r.url().includes(`deptId=${deptId}`));
    await h.page.getByTestId('user-dept-tree').locator('.p-treenode-label', { hasText: DEPT }).click();
    await filtered;
    await h.page.waitForFunction(() => document.querySelectorAll('.resource-table tbody tr').length === 1);
    await h.rowOf('qa_writer').waitFor();
  });

  it('resets a password and switches a user off and on', async () => {
    await h.openScreen('/admin/system/user', TABLE_ROWS);
    await h.rowOf('qa_writer').getByRole('button', { name: S.user.resetPwd }).click();
    await h.page.fill('#reset-password', 'Writer456');
    const reset = h.page.waitForResponse((r) => r.url().endsWith('/prod-api/system/user/resetPwd'));
    await h.page.locator('.user-reset-dialog').getByRole('button', { name: commonZhCN.actions.ok }).click();
    expect((await (await reset).json()).code).toBe(200);
    const db = h.server.database.db;
    const [u] = await db.select().from(sysUser).where(eq(sysUser.userName, 'qa_writer'));
    const sw = h.page.getByTestId(`user-status-${u!.userId}`);
    // The built-in administrator's switch is not offered: the server would refuse.
    expect(await h.page.getByTestId('user-status-1').getAttribute('class')).toContain('p-disabled');
    let changed = h.page.waitForResponse((r) => r.url().endsWith('/prod-api/system/user/changeStatus'));
    await sw.click();
    expect((await (await changed).json()).code).toBe(200);
    expect((await db.select().from(sysUser).where(eq(sysUser.userId, u!.userId)))[0]!.status).toBe('1');
    changed = h.page.waitForResponse((r) => r.url().endsWith('/prod-api/system/user/changeStatus'));
    await sw.click();
    expect((await (await changed).json()).code).toBe(200);
    expect((await db.select().from(sysUser).where(eq(sysUser.userId, u!.userId)))[0]!.status).toBe('0');
  });

  it('assigns and revokes the role on the role-auth screen', async () => {
    await h.openScreen('/admin/system/role', TABLE_ROWS);
    // The server never lets the administrator role be disabled, so its switch is not offered.
    expect(await h.rowOf('超级管理员').locator('.status-switch').getAttribute('class')).toContain('p-disabled');
    expect(await h.rowOf('qa_editor').locator('.status-switch').getAttribute('class')).not.toContain('p-disabled');
    await h.rowOf('qa_editor').getByRole('button', { name: S.role.assignUsers }).click();
    await h.page.waitForURL('**/admin/system/role-auth/user/*');
    await h.page.getByTestId('role-auth-allocated').locator('tbody tr', { hasText: 'qa_writer' }).waitFor();
    // The tab is titled, not labelled with its path.
    expect(await h.page.locator('.shell-tag.is-active .shell-tag-title').textContent()).toBe(shellZhCN.route.roleAuthUser);
    await h.hideDemand();
    await h.page.getByRole('button', { name: S.role.addUsers }).click();
    const picker = h.page.locator('.role-auth-dialog');
    const other = picker.locator('tbody tr', { hasText: 'orgadmin' });
    await other.waitFor();
    await other.locator('.p-checkbox').click();
    const added = h.page.waitForResponse((r) => r.url().endsWith('/prod-api/system/role/authUser/selectAll'));
    await picker.getByRole('button', { name: commonZhCN.actions.ok }).click();
    expect((await (await added).json()).code).toBe(200);
    const row = h.page.getByTestId('role-auth-allocated').locator('tbody tr', { hasText: 'orgadmin' });
    await row.waitFor();
    await row.getByRole('button', { name: S.role.cancelAuth }).click();
    const removed = h.page.waitForResponse((r) => r.url().endsWith('/prod-api/system/role/authUser/cancelAll'));
    await h.confirmBox().locator('.p-confirm-dialog-accept').click();
    expect((await (await removed).json()).code).toBe(200);
    await row.waitFor({ state: 'detached' });
  });

  it('the new user signs in without a System area, and /admin/system/user is not theirs', async () => {
    await h.signInAs('qa_writer', 'Writer456');
    await h.hideDemand();
    const sidebar = h.page.getByTestId('shell-sidebar');
    await sidebar.waitFor();
    expect(await sidebar.innerText()).not.toContain('系统管理');
    await h.page.goto(h.url('/admin/system/user'));
    await h.page.waitForURL((u) => /\/admin\/(401|404)$/.test(u.pathname));
    await h.page.goto(h.url('/admin/system/role-auth/user/1'));
    await h.page.waitForURL('**/admin/401');
  });
});
