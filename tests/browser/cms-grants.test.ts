import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { TABLE_ROWS, useHarness } from './harness.ts';
import { focusProblems, readFocus } from './focus.ts';
import { sysUser } from '../../server/modules/system/schema.ts';
import { MENUS } from '../../server/modules/shipped.ts';
import { cmsGrant } from '../../server/modules/cms/perms/schema.ts';
import { cmsCatalog } from '../../server/modules/cms/catalog/schema.ts';
import { bitsOf } from '../../shared/cms/perms.ts';
import C from '../../shared/i18n/locales/zh-CN/cms.ts';
import Common from '../../shared/i18n/locales/zh-CN/common.ts';

// Issue 9 §2 and issue 10 §3 in the browser: an administrator grants role "Desk" View and Edit on
// site Alpha only and on catalog News only through the role screen's permissions dialog; a Desk
// user then finds only Alpha in the site picker, and the API refuses site Beta. A role editor who
// is not an administrator sees the rights they do not hold disabled, saying why. The grid's keys.
//
// Laid out right at 800 px in zh-CN, zh-TW and en (looks.ts); pictures: `npm run shots`.

const h = useHarness({ admin: 'grantadmin' });
const PASSWORD = 'Grants123';
const ids = { alpha: 0, beta: 0, desk: 0, news: 0, world: 0, sports: 0 };

const db = () => h.server.database.db;
const token = async () => (await h.context.cookies()).find((c) => c.name === 'Admin-Token')!.value;
async function api(method: string, path: string, body?: unknown, site?: number) {
  const r = await h.server.api(method, path, { token: await token(), body, headers: { repeatSubmit: 'false', ...(site ? { CurrentSite: String(site) } : {}) } });
  expect(r.code, `${method} ${path}: ${r.msg}`).toBe(200);
  return r.data;
}
const menuIds = (...perms: string[]) => MENUS.filter((m) => m.perms && perms.includes(m.perms)).map((m) => m.menuId);
const stored = async (objectType: string, objectId: number) =>
  (await db().select({ bits: cmsGrant.bits }).from(cmsGrant).where(and(eq(cmsGrant.ownerType, 'Role'), eq(cmsGrant.ownerId, ids.desk), eq(cmsGrant.objectType, objectType), eq(cmsGrant.objectId, objectId))))[0]?.bits ?? 0;
async function addUser(userName: string, roleId: number) {
  await api('POST', '/system/user', { userName, nickName: userName, deptId: 100, password: PASSWORD, roleIds: [roleId] });
  // No first-sign-in password change in the way.
  await db().update(sysUser).set({ forceModifyPassword: 'N', passwordModifyTime: new Date() }).where(eq(sysUser.userName, userName));
}

const dialog = () => h.page.getByTestId('grants-dialog');
const box = (grid: 'site' | 'catalog', rowId: number, perm: string) => h.page.getByTestId(`grants-${grid}-${rowId}-${perm}`);
async function openGrants(roleName: string) {
  await h.openScreen('/admin/system/role', TABLE_ROWS);
  await h.rowOf(roleName).getByRole('button', { name: C.grants.button }).click();
  await dialog().getByTestId('grants-site').waitFor();
}
async function catalogTab(siteName: string) {
  await dialog().getByRole('tab', { name: C.grants.tabs.catalog }).click();
  await dialog().locator('[data-testid=grants-catalog-site]').click();
  await h.page.locator('.p-dropdown-panel').getByRole('option', { name: siteName, exact: true }).click();
  await dialog().getByTestId('grants-catalog').waitFor();
}

// Two sites, a catalog tree on Alpha and a Desk role, for every describe of the file.
beforeAll(async () => {
  ids.alpha = (await api('POST', '/cms/site', { name: 'Alpha', path: 'alpha' })).siteId;
  ids.beta = (await api('POST', '/cms/site', { name: 'Beta', path: 'beta' })).siteId;
  await api('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'News\n  World\nSports' }, ids.alpha);
  const catalog = async (name: string) => (await db().select().from(cmsCatalog).where(and(eq(cmsCatalog.siteId, ids.alpha), eq(cmsCatalog.name, name))))[0]!.catalogId;
  ids.news = await catalog('News');
  ids.world = await catalog('World');
  ids.sports = await catalog('Sports');
  ids.desk = (await api('POST', '/system/role', { roleName: 'Desk', roleKey: 'desk', dataScope: '5', menuIds: menuIds('cms:site:view', 'cms:catalog:view') })).roleId;
  await addUser('deskuser', ids.desk);
});

describe('CMS grants in the role screen', () => {

  it('grants Desk View and Edit on site Alpha only', async () => {
    await openGrants('Desk');
    // Every site is listed for an administrator, nothing is granted yet, and nothing is off limits.
    expect(await dialog().locator('[data-testid=grants-site] tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-row')))).toEqual(expect.arrayContaining(['Alpha', 'Beta']));
    expect(await dialog().locator('[data-testid=grants-site] input[aria-disabled=true]').count()).toBe(0);
    await box('site', ids.alpha, 'View').check();
    await box('site', ids.alpha, 'Edit').check();
    // The row's select-all now shows "some".
    expect(await h.page.getByTestId(`grants-site-row-${ids.alpha}`).evaluate((el) => (el as HTMLInputElement).indeterminate)).toBe(true);
  });

  it('grants View and Edit on catalog News, which its subtree inherits, and saves both tabs at once', async () => {
    await catalogTab('Alpha');
    expect(await dialog().textContent()).toContain(C.grants.catalogNote);
    await box('catalog', ids.news, 'View').check();
    await box('catalog', ids.news, 'Edit').check();
    // World is below News: its View and Edit show inherited, greyed, naming News; Sports is untouched.
    for (const perm of ['View', 'Edit']) {
      expect(await box('catalog', ids.world, perm).getAttribute('data-state')).toBe('inherited');
      expect(await box('catalog', ids.world, perm).isDisabled()).toBe(true);
      expect(await box('catalog', ids.world, perm).locator('xpath=..').getAttribute('title')).toBe(C.grants.fromParent.replace('{{name}}', 'News'));
    }
    expect(await box('catalog', ids.sports, 'View').getAttribute('data-state')).toBe('off');
    const saved = h.page.waitForResponse((r) => r.url().includes('/prod-api/cms/perms/catalog') && r.request().method() === 'POST');
    await dialog().getByRole('button', { name: Common.actions.ok }).click();
    expect((await saved).request().headers().currentsite).toBe(String(ids.alpha));
    await dialog().waitFor({ state: 'detached' });
    expect(await stored('Site', ids.alpha)).toBe(bitsOf('Site', ['View', 'Edit']));
    expect(await stored('Site', ids.beta)).toBe(0);
    expect(await stored('Catalog', ids.news)).toBe(bitsOf('Catalog', ['View', 'Edit']));
    expect(await stored('Catalog', ids.world)).toBe(0);
    expect(await stored('Catalog', ids.sports)).toBe(0);
  });

  it('reopens with what was saved, and asks before dropping unsaved changes', async () => {
    await openGrants('Desk');
    expect(await box('site', ids.alpha, 'Edit').isChecked()).toBe(true);
    await box('site', ids.beta, 'View').check();
    await h.page.keyboard.press('Escape');
    await h.confirmBox().waitFor();
    await h.confirmBox().getByRole('button', { name: Common.actions.ok }).click();
    await dialog().waitFor({ state: 'detached' });
    expect(await stored('Site', ids.beta)).toBe(0);
  });

  it('is a grid with one Tab stop: the arrow keys reach every box, greyed ones too, each named "row — right"; Space ticks one', async () => {
    await openGrants('Desk');
    await catalogTab('Alpha');
    const grid = dialog().getByTestId('grants-catalog');
    expect(await grid.locator('table').getAttribute('role')).toBe('grid');
    expect(await grid.locator('[tabindex="0"]').count()).toBe(1);
    const focused = () => h.page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      return el.getAttribute('aria-label') ?? el.textContent?.trim() ?? '';
    });
    const key = async (k: string) => {
      await h.page.keyboard.press(k);
      expect(focusProblems([await readFocus(h.page)]), `after ${k}`).toEqual([]);
      return focused();
    };
    const perm = (p: keyof typeof C.grants.perms) => C.grants.perms[p];
    const cell = (name: string, p: keyof typeof C.grants.perms) => C.grants.cell.replace('{{name}}', name).replace('{{perm}}', perm(p));
    // From the site select, Tab enters the grid on its first box.
    await dialog().locator('#grants-catalog-site').focus();
    expect(await key('Tab')).toBe(cell('News', 'View'));
    // World inherits View from News: greyed, reached all the same, saying why; Space leaves it.
    expect(await key('ArrowDown')).toBe(`${cell('World', 'View')} (${C.grants.fromParent.replace('{{name}}', 'News')})`);
    await h.page.keyboard.press('Space');
    expect(await box('catalog', ids.world, 'View').getAttribute('data-state')).toBe('inherited');
    expect(await key('ArrowRight')).toContain(cell('World', 'Edit'));
    expect(await key('Home')).toBe('World');
    // News's row name holds its expander: Enter closes and opens the branch, the focus staying on it.
    expect(await key('ArrowUp')).toBe(C.grants.collapse.replace('{{name}}', 'News'));
    await h.page.keyboard.press('Enter');
    await expect.poll(() => grid.locator('tbody tr').count()).toBe(2);
    expect(await focused()).toBe(C.grants.expand.replace('{{name}}', 'News'));
    await h.page.keyboard.press('Enter');
    await expect.poll(() => grid.locator('tbody tr').count()).toBe(3);
    // Ctrl+Home: the header's first cell; Ctrl+End: the last right of the last row.
    expect(await key('Control+Home')).toBe(C.grants.catalog);
    expect(await key('ArrowRight')).toBe(C.grants.all);
    expect(await key('ArrowRight')).toBe(C.grants.columnAll.replace('{{perm}}', perm('View')));
    const last = await key('Control+End');
    expect(last.startsWith('Sports — ')).toBe(true);
    // Publish on Sports, ticked and unticked with Space.
    while (!(await focused()).startsWith(cell('Sports', 'Publish'))) await key('ArrowLeft');
    await h.page.keyboard.press('Space');
    expect(await box('catalog', ids.sports, 'Publish').getAttribute('data-state')).toBe('own');
    await h.page.keyboard.press('Space');
    expect(await box('catalog', ids.sports, 'Publish').getAttribute('data-state')).toBe('off');
    // One Tab leaves the grid for the dialog's buttons.
    await h.page.keyboard.press('Tab');
    expect(await h.page.evaluate(() => !!document.activeElement?.closest('[data-testid=grants-catalog]'))).toBe(false);
    await h.page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
  });

  it('a Desk user finds only Alpha in the site picker and is refused site Beta', async () => {
    await h.signInAs('deskuser', PASSWORD);
    await h.hideDemand();
    const picker = h.page.getByTestId('site-picker');
    await picker.waitFor();
    expect((await picker.textContent())?.trim()).toBe('Alpha');
    await picker.click();
    const sites = h.page.locator('.site-dialog tbody tr');
    await sites.first().waitFor();
    expect(await sites.allTextContents()).toEqual([expect.stringContaining('Alpha')]);
    // The page's own calls with Beta as the current site are refused; with Alpha, only News and World show.
    const call = (siteId: number) => h.page.evaluate(async ([site]) => {
      const tok = document.cookie.split('; ').find((c) => c.startsWith('Admin-Token='))!.slice('Admin-Token='.length);
      const res = await fetch('/prod-api/cms/catalog/treeData', { headers: { Authorization: `Bearer ${decodeURIComponent(tok)}`, CurrentSite: String(site), 'Accept-Language': 'en' } });
      return res.json() as Promise<{ code: number; msg: string; data?: { rows: { label: string; children?: { label: string }[] }[] } }>;
    }, [siteId]);
    expect(await call(ids.beta)).toEqual({ code: 403, msg: 'The site does not exist or you have no permission on it' });
    const alpha = await call(ids.alpha);
    expect(alpha.code).toBe(200);
    expect(alpha.data!.rows.map((r) => [r.label, (r.children ?? []).map((c) => c.label)])).toEqual([['News', ['World']]]);
  });
});

describe('CMS grants in the user screen', () => {
  it('shows what the user has through their role as inherited, and gives them their own', async () => {
    await h.signInAs('grantadmin', 'Secret123');
    await h.openScreen('/admin/system/user', TABLE_ROWS);
    await h.rowOf('deskuser').getByRole('button', { name: C.grants.button }).click();
    await dialog().getByTestId('grants-site').waitFor();
    for (const perm of ['View', 'Edit']) {
      expect(await box('site', ids.alpha, perm).getAttribute('data-state')).toBe('inherited');
      expect(await box('site', ids.alpha, perm).locator('xpath=..').getAttribute('title')).toBe(C.grants.fromRoles);
    }
    await box('site', ids.alpha, 'Publish').check();
    await dialog().getByRole('tab', { name: C.grants.tabs.menu }).click();
    expect(await dialog().getByTestId('grants-menu-user').textContent()).toBe(C.grants.menuUser.replace('{{roles}}', 'Desk'));
    await dialog().getByRole('button', { name: Common.actions.ok }).click();
    await dialog().waitFor({ state: 'detached' });
    const [user] = await db().select({ id: sysUser.userId }).from(sysUser).where(eq(sysUser.userName, 'deskuser'));
    const [row] = await db().select({ bits: cmsGrant.bits }).from(cmsGrant).where(and(eq(cmsGrant.ownerType, 'User'), eq(cmsGrant.ownerId, user!.id), eq(cmsGrant.objectType, 'Site'), eq(cmsGrant.objectId, ids.alpha)));
    expect(row?.bits).toBe(bitsOf('Site', ['Publish']));
  });
});

describe('grants by a role editor who is not an administrator', () => {
  it('disables the rights they do not hold, saying why, and lists only their sites', async () => {
    // Chiefs may edit roles (and hold every key of Desk, or the power rule keeps Desk from them); on Alpha they hold View only.
    const chiefs = (await api('POST', '/system/role', { roleName: 'Chiefs', roleKey: 'chiefs', dataScope: '1', menuIds: menuIds('system:role:view', 'system:role:edit', 'system:role:grant', 'cms:site:view', 'cms:catalog:view') })).roleId;
    await api('POST', '/cms/perms/site', { ownerType: 'Role', owner: chiefs, perms: [{ siteId: ids.alpha, perms: { View: { granted: true } } }] });
    await api('POST', '/cms/perms/catalog', { ownerType: 'Role', owner: chiefs, perms: [{ catalogId: ids.news, perms: { View: { granted: true }, AddContent: { granted: true } } }] }, ids.alpha);
    await addUser('chief', chiefs);
    await h.signInAs('chief', PASSWORD);
    await openGrants('Desk');
    expect(await dialog().locator('[data-testid=grants-site] tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-row')))).toEqual(['Alpha']);
    const edit = box('site', ids.alpha, 'Edit');
    expect([await edit.isChecked(), await edit.isDisabled()]).toEqual([true, true]);
    expect(await edit.locator('xpath=..').getAttribute('title')).toBe(C.grants.notHeldTake.replace('{{perm}}', C.grants.perms.Edit));
    expect(await box('site', ids.alpha, 'Delete').locator('xpath=..').getAttribute('title')).toBe(C.grants.notHeldGive.replace('{{perm}}', C.grants.perms.Delete));
    expect(await box('site', ids.alpha, 'View').isDisabled()).toBe(false);
    await catalogTab('Alpha');
    expect(await dialog().locator('[data-testid=grants-catalog] tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-row')))).toEqual(['News', 'World']);
    await box('catalog', ids.news, 'AddContent').check();
    // Given on News, AddContent is held on every row (World inherits it): the column's box shows all.
    expect(await h.page.getByTestId('grants-catalog-col-AddContent').isChecked()).toBe(true);
    expect(await box('catalog', ids.news, 'Publish').isDisabled()).toBe(true);
    await dialog().getByRole('button', { name: Common.actions.ok }).click();
    await dialog().waitFor({ state: 'detached' });
    expect(await stored('Catalog', ids.news)).toBe(bitsOf('Catalog', ['View', 'Edit', 'AddContent']));
  });

  // A walk in three languages: more than the default minute on a busy machine.
  it('is laid out right in every language at 800 px', async () => {
    await h.signInAs('grantadmin', 'Secret123');
    await h.inEveryLook(async ({ tag }) => {
      await h.openScreen('/admin/system/role', TABLE_ROWS);
      await h.expectLaidOut(`grants-role-list-${tag}`);
      await h.rowOf('Desk').locator(`[data-testid=grants-Role-${ids.desk}]`).click();
      await dialog().getByTestId('grants-site').waitFor();
      await h.expectLaidOut(`grants-site-${tag}`);
      await dialog().getByRole('tab').nth(2).click();
      await dialog().locator('[data-testid=grants-catalog-site]').click();
      await h.page.locator('.p-dropdown-panel').getByRole('option', { name: 'Alpha', exact: true }).click();
      await dialog().getByTestId('grants-catalog').waitFor();
      await h.expectLaidOut(`grants-catalog-${tag}`);
      await dialog().getByRole('tab').nth(0).click();
      await dialog().getByTestId('grants-menus').waitFor();
      await h.expectLaidOut(`grants-menu-${tag}`);
      await h.page.keyboard.press('Escape');
      await h.openScreen('/admin/system/user', TABLE_ROWS);
      await h.rowOf('deskuser').getByRole('button', { name: /./ }).last().waitFor();
      await h.expectLaidOut(`grants-user-list-${tag}`);
      await h.rowOf('deskuser').locator('[data-testid^=grants-User-]').click();
      await dialog().getByTestId('grants-site').waitFor();
      await h.expectLaidOut(`grants-user-site-${tag}`);
      await h.page.keyboard.press('Escape');
    });
    await h.page.setViewportSize({ width: 1280, height: 800 });
  }, 240_000);
});
