import { beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { useHarness } from './harness.ts';
import { accessiblePrimary } from '../../src/lib/theme/palette.ts';
import shellEn from '../../shared/i18n/locales/en/shell.ts';
import shellTw from '../../shared/i18n/locales/zh-TW/shell.ts';
import shellZh from '../../shared/i18n/locales/zh-CN/shell.ts';
import { sysSession } from '../../server/modules/auth/schema.ts';
import { sysConfig, sysMenu, sysRoleMenu, sysUser } from '../../server/modules/system/schema.ts';
import { createUser, ensureRole } from '../../server/modules/auth/test-fixtures.ts';
import homeZh from '../../shared/i18n/locales/zh-CN/home.ts';

// The shell issue end to end: navigation that keeps the shell, tabs and their menu, settings,
// language, mobile sidebar, the single relogin dialog and the route search.

const h = useHarness();
const path = () => new URL(h.page.url()).pathname;
const attr = (name: string) => h.page.evaluate((n) => document.documentElement.getAttribute(n), name);

/** Signs in as admin, whose forced password change (foundation.test.ts covers it) is switched off here. */
async function enter() {
  await h.server.database.db.update(sysUser).set({ forceModifyPassword: 'N' });
  await h.signIn();
  await h.page.getByTestId('shell-navbar').waitFor();
  // Menus arrive after the page.
  await h.page.locator('.shell-menu-item').first().waitFor();
}

async function openFromSidebar(directory: string, page: string) {
  const sub = h.page.locator('.shell-submenu', { has: h.page.locator(`.shell-submenu-title:has-text("${directory}")`) }).first();
  if ((await sub.getAttribute('class'))?.includes('is-open') !== true) await sub.locator('.shell-submenu-title').click();
  await sub.locator(`a.shell-menu-item:has-text("${page}")`).click();
}

/**
 * A menu page of an area this console has no screen for (ChestnutCMS's Groovy script console, left
 * out on purpose: docs/access-and-security.md "No Groovy"), as an administrator could add one.
 */
const NO_SCREEN_NAME = 'Groovy脚本';
const menuWithoutScreen = async () => (await h.server.database.db.insert(sysMenu)
  .values({ menuName: NO_SCREEN_NAME, parentId: 3, orderNum: 9, path: 'groovy', component: 'tool/groovy/index', menuType: 'C', perms: 'tool:groovy:view' })
  .returning({ id: sysMenu.menuId }))[0]!.id;
const tabTitles = () => h.page.locator('.shell-tag .shell-tag-title').allTextContents();

beforeEach(async () => {
  await h.reset();
});

describe('navigation keeps the shell', () => {
  it('opens four areas from the sidebar: same navbar node, four tabs, tab menu rules, closing lands on the last tab', async () => {
    await enter();
    await h.page.evaluate(() => {
      (document.querySelector('[data-testid=shell-navbar]') as HTMLElement & { marker?: number }).marker = 42;
    });
    const areas: [string, string, string][] = [
      ['系统管理', '岗位管理', '/admin/system/post'],
      ['系统管理', '参数设置', '/admin/system/config'],
      ['系统管理', '操作日志', '/admin/system/operlog'],
      ['系统管理', '登录日志', '/admin/system/logininfor'],
    ];
    for (const [dir, page, url] of areas) {
      await openFromSidebar(dir, page);
      await h.page.waitForURL(`**${url}`);
      await h.page.locator(`.shell-tag.is-active:has-text("${page}")`).waitFor();
    }
    expect(await h.page.evaluate(() => (document.querySelector('[data-testid=shell-navbar]') as HTMLElement & { marker?: number }).marker)).toBe(42);
    expect(await tabTitles()).toEqual(['首页', '岗位管理', '参数设置', '操作日志', '登录日志']);
    expect(await h.page.locator('.shell-breadcrumb').textContent()).toContain('登录日志');

    const menuFor = async (title: string) => {
      await h.page.locator(`.shell-tag:has-text("${title}")`).click({ button: 'right' });
      const menu = h.page.getByTestId('tags-menu');
      await menu.waitFor();
      const actions = await menu.locator('li').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.action));
      await h.page.mouse.click(700, 600);
      return actions;
    };
    expect(await menuFor('首页')).toEqual(['refresh', 'others', 'right', 'all']);
    expect(await menuFor('岗位管理')).toEqual(['refresh', 'close', 'others', 'right', 'all']);
    expect(await menuFor('操作日志')).toEqual(['refresh', 'close', 'others', 'left', 'right', 'all']);
    expect(await menuFor('登录日志')).toEqual(['refresh', 'close', 'others', 'left', 'all']);
    expect(await h.page.locator('.shell-tags-menu').count()).toBe(0);

    // Close the active tab (登录日志): the last remaining tab, 操作日志, opens.
    await h.page.locator('.shell-tag.is-active .shell-tag-close').click();
    await h.page.waitForURL('**/admin/system/operlog');
    expect(await tabTitles()).toEqual(['首页', '岗位管理', '参数设置', '操作日志']);
    // Close others from 岗位管理: Home stays, 岗位管理 opens.
    await h.page.locator('.shell-tag:has-text("岗位管理")').click({ button: 'right' });
    await h.page.locator('[data-testid=tags-menu] li[data-action=others]').click();
    await h.page.waitForURL('**/admin/system/post');
    expect(await tabTitles()).toEqual(['首页', '岗位管理']);
    // Tabs survive a reload; the shell navbar is still the same element after all that.
    expect(await h.page.evaluate(() => (document.querySelector('[data-testid=shell-navbar]') as HTMLElement & { marker?: number }).marker)).toBe(42);
    await h.page.reload();
    await h.page.locator('.shell-tag:has-text("岗位管理")').waitFor();
    expect(await tabTitles()).toEqual(['首页', '岗位管理']);
  });

  it('after a full load of a prebuilt page, a client-routed screen opened from the sidebar gets its own tab (issue #8)', async () => {
    await enter();
    // The client router's script first runs with that swap, before the page-load event.
    await h.page.goto(h.url('/admin/system/notice'));
    await h.page.locator('.shell-tag.is-active:has-text("通知公告")').waitFor();
    for (const [page, url] of [['菜单管理', '/admin/system/menu'], ['部门管理', '/admin/system/dept']]) {
      await openFromSidebar('系统管理', page!);
      await h.page.waitForURL(`**${url}`);
      await h.page.locator(`.shell-tag.is-active:has-text("${page}")`).waitFor();
    }
    expect(await tabTitles()).toEqual(['首页', '通知公告', '菜单管理', '部门管理']);
    expect(await h.page.locator('.shell-tag[data-path="/system/notice"]').textContent()).toBe('通知公告');
  });

  it("keeps the shell's PrimeReact styles through client-side navigation: the avatar's initial stays centred (issue #8)", async () => {
    await enter();
    // How far the initial's centre is from the avatar's, in px.
    const offCentre = () =>
      h.page.evaluate(() => {
        const box = document.querySelector('.shell-avatar')!.getBoundingClientRect();
        const text = document.querySelector('.shell-avatar .p-avatar-text')!.getBoundingClientRect();
        return Math.hypot(box.x + box.width / 2 - (text.x + text.width / 2), box.y + box.height / 2 - (text.y + text.height / 2));
      });
    // Polled: on a busy machine the first check can land before the shell's styles are applied;
    // styles lost in navigation (the defect) keep it off centre for good.
    await expect.poll(offCentre, { timeout: 10_000 }).toBeLessThan(2);
    await openFromSidebar('系统管理', '岗位管理');
    await h.page.waitForURL('**/admin/system/post');
    await openFromSidebar('系统管理', '菜单管理');
    await h.page.waitForURL('**/admin/system/menu');
    await h.page.locator('.resource-tree-table tbody tr').first().waitFor();
    await expect.poll(offCentre, { timeout: 10_000 }).toBeLessThan(2);
  });

  it('sends unknown paths and menu areas without a screen in this console to 404', async () => {
    await menuWithoutScreen();
    await enter();
    // A menu naming an area this console has no screen for: not in the sidebar, 404 by URL.
    expect(await h.page.locator('[data-testid=shell-sidebar]').innerText()).not.toContain(NO_SCREEN_NAME);
    await h.page.goto(h.url('/admin/tool/groovy'));
    await h.page.waitForURL('**/admin/404');
    await h.page.goto(h.url('/admin/system/dict-data/index/abc'));
    await h.page.waitForURL('**/admin/404');
  });
});

describe('settings drawer', () => {
  it('saves top nav, light side theme and a colour across a reload; Reset restores the defaults', async () => {
    await enter();
    await h.page.getByTestId('shell-user').click();
    await h.page.locator('.shell-user-menu .p-menuitem-link', { hasText: '布局设置' }).click();
    const drawer = h.page.getByTestId('settings-drawer');
    await drawer.waitFor();
    await drawer.locator('[data-setting=topNav] .p-inputswitch').click();
    await h.page.getByTestId('side-theme-light').click();
    await drawer.locator('[data-color="#11A983"]').click();
    await h.page.getByTestId('settings-save').click();
    expect(JSON.parse((await h.page.evaluate(() => localStorage.getItem('layout-setting')))!)).toMatchObject({ topNav: true, sideTheme: 'theme-light', theme: '#11A983' });

    await h.page.reload();
    await h.page.getByTestId('shell-topmenu').waitFor();
    expect(await attr('data-shell-topnav')).toBe('on');
    expect(await attr('data-shell-side-theme')).toBe('light');
    // The picked colour is the brand mark; text, fills and rings take its accessible shade (issue 28).
    const colour = (name: string) => h.page.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim().toLowerCase(), name);
    expect(await colour('--app-brand')).toBe('#11a983');
    expect(await colour('--primary-color')).toBe(accessiblePrimary('#11A983'));
    expect(await colour('--app-focus')).toBe(accessiblePrimary('#11A983'));

    await h.page.getByTestId('shell-user').click();
    await h.page.locator('.shell-user-menu .p-menuitem-link', { hasText: '布局设置' }).click();
    const reloaded = h.page.waitForEvent('load');
    await h.page.getByTestId('settings-reset').click();
    await reloaded;
    expect(await h.page.evaluate(() => localStorage.getItem('layout-setting'))).toBeNull();
    expect(await attr('data-shell-topnav')).toBe('off');
    expect(await attr('data-shell-side-theme')).toBe('dark');
    await h.page.locator('.shell-breadcrumb').waitFor();
  });
});

describe('language', () => {
  const CJK = /[\u3400-\u9fff]/;
  // The user's nickname and the site name are data, not labels.
  const labels = () =>
    h.page.evaluate(() => {
      const parts: string[] = [];
      for (const sel of ['[data-testid=shell-navbar]', '[data-testid=shell-sidebar]', '[data-testid=shell-tags]']) {
        const el = document.querySelector(sel)!.cloneNode(true) as HTMLElement;
        el.querySelectorAll('.shell-user-name, .shell-site-name, .p-avatar').forEach((n) => n.remove());
        parts.push(el.textContent ?? '');
        for (const a of el.querySelectorAll('[title], [aria-label]')) parts.push(a.getAttribute('title') ?? '', a.getAttribute('aria-label') ?? '');
      }
      return parts.join(' ');
    });

  it('English: every visible shell label is English; zh-TW likewise', async () => {
    await enter();
    await openFromSidebar('系统管理', '岗位管理');
    await h.page.waitForURL('**/admin/system/post');
    const reloaded = h.page.waitForEvent('load');
    await h.page.getByTestId('language-select').click();
    await h.page.locator('#shell-language-menu .p-menuitem-link', { hasText: 'English' }).click();
    await reloaded;
    await h.page.waitForFunction(() => !document.documentElement.hasAttribute('data-i18n-pending'));
    await h.page.locator('.shell-menu-item:has-text("System")').waitFor();
    await h.page.locator('.shell-tag:has-text("Post")').waitFor();
    const text = await labels();
    expect(text).toContain(shellEn.header.home);
    expect(text).not.toMatch(CJK);
    // A prebuilt page's title (its texts arrive with its island) is English in the tab and the breadcrumb.
    await h.page.goto(h.url('/admin/user/profile'));
    await h.page.locator('.shell-tag.is-active:has-text("Account center")').waitFor();
    expect(await h.page.locator('.shell-breadcrumb .is-current').textContent()).toBe('Account center');
    // …and its tab keeps the English title on a page that does not load the account texts.
    await h.page.goto(h.url('/admin/system/post'));
    await h.page.locator('.shell-tag.is-active:has-text("Post")').waitFor();
    expect(await h.page.locator('.shell-tag .shell-tag-title').allTextContents()).toContain('Account center');

    const again = h.page.waitForEvent('load');
    await h.page.getByTestId('language-select').click();
    await h.page.locator('#shell-language-menu .p-menuitem-link', { hasText: '繁體中文' }).click();
    await again;
    await h.page.locator('.shell-menu-item:has-text("系統管理")').waitFor();
    await h.page.locator('.shell-tag:has-text("職位管理")').waitFor();
    const tw = await labels();
    expect(tw).toContain(shellTw.header.home);
    for (const simplified of ['系统管理', '岗位管理', '首页', '布局']) expect(tw).not.toContain(simplified);
  });
});

describe('tab titles follow the language (issue 26 item 6)', () => {
  /** Switches the language with the navbar's menu (it reloads the page). */
  async function switchTo(label: string) {
    const reloaded = h.page.waitForEvent('load');
    await h.page.getByTestId('language-select').click();
    await h.page.locator('#shell-language-menu .p-menuitem-link', { hasText: label }).click();
    await reloaded;
    await h.page.waitForFunction(() => !document.documentElement.hasAttribute('data-i18n-pending'));
  }

  it('shows the tabs of pages opened in another language in the new one, on a page that loads none of their texts, and the router page its own document title', async () => {
    await enter();
    for (const p of ['/admin/user/profile', '/admin/cms/content/editor', '/admin/system/dict-data/index/1', '/admin/system/post']) {
      await h.page.goto(h.url(p));
      await h.page.locator('.shell-tag.is-active').waitFor();
    }
    const zh = [shellZh.header.home, shellZh.header.profile, shellZh.route.contentEditor, shellZh.route.dictData, '岗位管理'];
    await expect.poll(tabTitles).toEqual(zh);
    await switchTo('English');
    await expect.poll(tabTitles).toEqual([shellEn.header.home, shellEn.header.profile, shellEn.route.contentEditor, shellEn.route.dictData, 'Post']);
    // The client router's page: its own title, not the router page's "Loading…" put back by the switch.
    await h.page.goto(h.url('/admin/system/dict-data/index/1'));
    await h.page.locator('.shell-tag.is-active').waitFor();
    await expect.poll(() => h.page.title()).toBe(`${shellEn.route.dictData} - Castanea`);
    // Opened in English, shown in Chinese again (zh-CN texts come only with their code).
    await h.page.goto(h.url('/admin/system/post'));
    await switchTo('简体中文');
    await expect.poll(tabTitles).toEqual(zh);
  });
});

describe('device and session', () => {
  it('at 800 px the sidebar closes and a route change keeps it closed', async () => {
    await enter();
    expect(await attr('data-shell-sidebar')).toBe('open');
    await h.page.setViewportSize({ width: 800, height: 700 });
    await h.page.waitForFunction(() => document.documentElement.getAttribute('data-shell-sidebar') === 'closed');
    expect(await attr('data-shell-device')).toBe('mobile');
    await h.page.getByRole('button', { name: '展开/收起菜单' }).click();
    expect(await attr('data-shell-sidebar')).toBe('open');
    await openFromSidebar('系统管理', '岗位管理');
    await h.page.waitForURL('**/admin/system/post');
    await h.page.waitForFunction(() => document.documentElement.getAttribute('data-shell-sidebar') === 'closed');
    await h.page.locator('.shell-tag:has-text("首页")').click();
    await h.page.waitForURL('**/admin/index');
    expect(await attr('data-shell-sidebar')).toBe('closed');
    await h.page.setViewportSize({ width: 1280, height: 800 });
  });

  it('on a narrow screen a tab bar wider than it scrolls to the active tab, and only when it is clipped', async () => {
    await enter();
    await h.page.setViewportSize({ width: 600, height: 700 });
    await h.page.waitForFunction(() => document.documentElement.getAttribute('data-shell-sidebar') === 'closed');
    const pages: [string, string][] = [['岗位管理', 'post'], ['参数设置', 'config'], ['操作日志', 'operlog'], ['登录日志', 'logininfor'], ['字典管理', 'dict'], ['通知公告', 'notice']];
    for (const [title, path] of pages) {
      await h.page.getByRole('button', { name: '展开/收起菜单' }).click();
      await openFromSidebar('系统管理', title);
      await h.page.waitForURL(`**/admin/system/${path}`);
      await h.page.locator(`.shell-tag.is-active:has-text("${title}")`).waitFor();
    }
    const strip = h.page.locator('.shell-tags-scroll');
    /** How much of the active tab the strip shows, and how far the strip is scrolled. */
    const shown = () => strip.evaluate((box) => {
      const tab = box.querySelector('.is-active')!.getBoundingClientRect();
      const b = box.getBoundingClientRect();
      return { visible: Math.min(tab.right, b.right) - Math.max(tab.left, b.left) >= tab.width - 1, scrollLeft: box.scrollLeft, overflows: box.scrollWidth > box.clientWidth };
    });
    await expect.poll(shown).toMatchObject({ visible: true, overflows: true });
    expect((await shown()).scrollLeft).toBeGreaterThan(0);
    // Back to the first page's tab through the sidebar: the strip scrolls back to show it.
    await h.page.getByRole('button', { name: '展开/收起菜单' }).click();
    await openFromSidebar('系统管理', '岗位管理');
    await h.page.waitForURL('**/admin/system/post');
    await expect.poll(shown).toMatchObject({ visible: true });
    const back = (await shown()).scrollLeft;
    // A tab already in view: the strip stays where it is.
    await h.page.getByRole('button', { name: '展开/收起菜单' }).click();
    await openFromSidebar('系统管理', '参数设置');
    await h.page.waitForURL('**/admin/system/config');
    await h.page.locator('.shell-tag.is-active:has-text("参数设置")').waitFor();
    await h.page.waitForTimeout(200);
    expect(await shown()).toMatchObject({ visible: true, scrollLeft: back });
    await h.page.setViewportSize({ width: 1280, height: 800 });
  });

  it('a session revoked on the server while several requests run shows exactly one relogin dialog', async () => {
    await enter();
    // The previous test left the stored sidebar state collapsed (spec §4: it is kept locally).
    if ((await h.page.evaluate(() => document.documentElement.getAttribute('data-shell-sidebar'))) !== 'open') {
      await h.page.getByRole('button', { name: '展开/收起菜单' }).click();
    }
    // The page's own calls (user info among them) must be answered before the revocation: a
    // revoked token on the page's first user-info load ends the session and goes to sign-in
    // without the dialog (SessionGate), which is not what this case is about (CI saw that race).
    await h.page.waitForLoadState('networkidle');
    await h.server.database.db.update(sysSession).set({ revokedAt: sql`now()` });
    const unauthorized: string[] = [];
    h.page.on('response', async (r) => {
      if (!r.url().includes('/prod-api/')) return;
      const body = (await r.json().catch(() => null)) as { code?: number } | null;
      if (body?.code === 401) unauthorized.push(r.url());
    });
    // DOM clicks: the sidebar may still be settling from the previous test's resize, and what is
    // under test is the reply to the requests this navigation fires, not the pointer.
    await h.page.evaluate(() => {
      const title = [...document.querySelectorAll<HTMLElement>('.shell-submenu-title')].find((b) => b.textContent?.includes('系统管理'));
      if (title?.getAttribute('aria-expanded') !== 'true') title?.click();
    });
    await h.page.locator('a.shell-menu-item[href="/admin/system/config"]').waitFor({ state: 'attached' });
    await h.page.evaluate(() => document.querySelector<HTMLElement>('a.shell-menu-item[href="/admin/system/config"]')?.click());
    await h.page.getByText('登录状态已过期').first().waitFor();
    // More calls while the dialog is up: the tab bar's link underneath the modal mask.
    await h.page.evaluate(() => document.querySelector<HTMLElement>('.shell-tag[data-path="/index"]')?.click());
    await h.page.evaluate(() => document.querySelector<HTMLElement>('a.shell-menu-item[href="/admin/system/post"]')?.click());
    await h.page.waitForTimeout(1500);
    expect(unauthorized.length).toBeGreaterThan(1);
    expect(await h.page.locator('.p-confirm-dialog:visible').count()).toBe(1);
  });

  it('header search finds a menu title with a typo', async () => {
    await enter();
    await h.page.locator('[data-testid=header-search] .shell-tool').click();
    await h.page.locator('.shell-search-input').fill('岗为管理');
    await h.page.getByTestId('search-results').locator('li', { hasText: '岗位管理' }).first().click();
    await h.page.waitForURL('**/admin/system/post');
    expect(new URL(h.page.url()).pathname).toBe('/admin/system/post');
  });
});

describe('navbar links and an empty sidebar (issue #8)', () => {
  it("Docs opens this project's README; Source shows only once a repository address is set", async () => {
    await enter();
    const docs = h.page.getByTestId('link-docs');
    expect(await docs.getAttribute('href')).toBe('/admin/docs');
    expect(await h.page.getByTestId('link-source').count()).toBe(0);
    const [readme] = await Promise.all([h.context.waitForEvent('page'), docs.click()]);
    await readme.getByTestId('docs-readme').locator('h1').waitFor();
    expect(await readme.getByTestId('docs-readme').locator('h1').first().textContent()).toBe('Castanea');
    expect(await readme.getByTestId('docs-readme').textContent()).toContain('npm start');
    // The README's links to docs/*.md lead to their pages, and those link back.
    await readme.getByTestId('docs-readme').getByRole('link', { name: 'docs/testing.md' }).click();
    await readme.waitForURL('**/admin/docs/testing/');
    expect(await readme.getByTestId('docs-readme').locator('h1').first().textContent()).toBe('Testing');
    await readme.locator('.docs-back a').click();
    await readme.waitForURL(/\/admin\/docs\/$/);
    await readme.close();

    await h.server.database.db.update(sysConfig).set({ configValue: 'https://git.example.com/castanea' }).where(eq(sysConfig.configKey, 'castanea.link.source'));
    await h.page.reload();
    expect(await h.page.getByTestId('link-source').getAttribute('href')).toBe('https://git.example.com/castanea');
  });

  it('Home says why the sidebar is empty: no role at all, or only areas this version lacks', async () => {
    const db = h.server.database.db;
    await createUser(db, 'nobody_home');
    await h.signInAs('nobody_home', 'Secret123');
    // signInAs starts a fresh page: look the notice up on the page of the moment.
    const notice = () => h.page.getByTestId('home-no-screens');
    await notice().waitFor();
    expect(await notice().textContent()).toContain(homeZh.noScreens.noRoles);
    expect(await h.page.locator('.shell-menu-item').count()).toBe(0);

    // A role that holds only a page whose screen this console does not have.
    const roleId = await ensureRole(db, 'content_only');
    const menuId = await menuWithoutScreen();
    await db.insert(sysRoleMenu).values({ roleId, menuId });
    expect((await db.select().from(sysMenu).where(eq(sysMenu.menuId, menuId))).length).toBe(1);
    await createUser(db, 'later_home', { roles: ['content_only'] });
    await h.signInAs('later_home', 'Secret123');
    await notice().waitFor();
    expect(await notice().textContent()).toContain(homeZh.noScreens.notYet);

    // An administrator, whose sidebar has screens, gets no such notice.
    await h.reset();
    await enter();
    await h.page.getByTestId('home-welcome').waitFor();
    expect(await notice().count()).toBe(0);
  });
});
