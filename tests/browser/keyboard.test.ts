import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { TABLE_ROWS, useHarness } from './harness.ts';
import { cmsApi, type CmsApi } from './cms-api.ts';
import { focusedPlace, focusProblems, readFocus, type FocusPlace } from './focus.ts';
import Cat from '../../shared/i18n/locales/zh-CN/catalog.ts';
import Tpl from '../../shared/i18n/locales/zh-CN/templates.ts';
import shellZh from '../../shared/i18n/locales/zh-CN/shell.ts';
import shellEn from '../../shared/i18n/locales/en/shell.ts';
import authEn from '../../shared/i18n/locales/en/auth.ts';
import R from '../../shared/i18n/locales/zh-CN/resource.ts';

// Issue 28, item 3 (keyboard): what someone using only the keyboard meets on a console page: the
// skip link, a sidebar whose Tab order is what it shows, focus given back when a dialog, a menu or
// the drawer closes, a language choice that waits for Enter, and the sign-in page's password toggle
// named in the page's language; the catalog tree's keys and the template workbench's panels.
// (The journeys through the console: keyboard-journeys.test.ts; the grant grid: cms-grants.test.ts.)

// The workbench's template is written to the data folder: a folder of this file's own.
process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'castanea-browser-keyboard-'));
const h = useHarness({ admin: 'keyboardadmin' });
let api: CmsApi;
beforeAll(async () => {
  api = await cmsApi(h, 'keyboardadmin', 'Secret123');
});
const POST = '/admin/system/post';
/** Where the screenshots of the skip link and the sidebar go, to be looked at (KEYBOARD_SHOTS, or a temporary folder). */
const SHOTS = process.env.KEYBOARD_SHOTS || join(tmpdir(), 'castanea-keyboard-shots');

async function shot(name: string) {
  mkdirSync(SHOTS, { recursive: true });
  // The picture of the settled page, not of a submenu still sliding open.
  await h.page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await h.page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

/** The element that has focus now, as a user sees it. */
const focusedStop = () => focusedPlace(h.page);

const activeIs = (selector: string) => h.page.evaluate((s) => document.activeElement === document.querySelector(s), selector);

/** Opens the post list in `lng` and starts the keyboard from the top of the page, as a fresh load does. */
async function openPosts(lng = 'zh-CN') {
  await h.page.evaluate((l) => localStorage.setItem('language', l), lng);
  await h.openScreen(POST, TABLE_ROWS);
  await h.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

describe('skip link', () => {
  it('the first Tab lands on it, drawn on screen; Enter puts focus in the main region, and the next Tab on its first control', async () => {
    await h.page.setViewportSize({ width: 1440, height: 900 });
    await openPosts();
    await h.page.keyboard.press('Tab');
    const first = await focusedStop();
    expect(first).toMatchObject({ what: expect.stringContaining(shellZh.skipToMain), visible: true });
    expect(await activeIs('a.skip-link')).toBe(true);
    await shot('skip-link-focused-zh-CN-1440');
    const url = h.page.url();
    await h.page.keyboard.press('Enter');
    expect(await h.page.evaluate(() => document.activeElement?.id)).toBe('main');
    expect(h.page.url()).toBe(url);
    // Out of sight again once it has been used.
    expect(await h.page.locator('a.skip-link').evaluate((a) => a.getBoundingClientRect().bottom)).toBeLessThanOrEqual(0);
    await h.page.keyboard.press('Tab');
    expect(await focusedStop()).toMatchObject({ inMain: true, visible: true });
  });

  it('is in the page language (English)', async () => {
    await openPosts('en');
    await h.page.waitForFunction(() => !document.documentElement.hasAttribute('data-i18n-pending'));
    await h.page.keyboard.press('Tab');
    expect(await h.page.evaluate(() => document.activeElement?.textContent?.trim())).toBe(shellEn.skipToMain);
    await shot('skip-link-focused-en-1440');
  });
});

describe('focus after a page swap', () => {
  it('a link in the page that opens another console page leaves focus on its main region, and the next Tab reaches its first control', async () => {
    await h.page.setViewportSize({ width: 1440, height: 900 });
    await h.page.evaluate(() => localStorage.setItem('language', 'zh-CN'));
    // Home's dashboard of the current site: its cards are links to the console's lists.
    await h.openScreen('/admin/index', 'a.home-dashboard-card');
    const card = h.page.locator('a.home-dashboard-card').first();
    const target = new URL((await card.getAttribute('href'))!, h.page.url()).pathname;
    await card.focus();
    await h.page.keyboard.press('Enter');
    await h.page.waitForURL((u) => u.pathname === target);
    // Not on <body>, where the next Tab would start again at the skip link.
    await expect.poll(() => h.page.evaluate(() => document.activeElement?.id)).toBe('main');
    await h.page.waitForSelector('#route-outlet:not([aria-busy]) *, main [data-testid]');
    await h.page.keyboard.press('Tab');
    expect(await h.page.evaluate(() => !!document.activeElement?.closest('main') && document.activeElement !== document.querySelector('main'))).toBe(true);
    await ringed('the first Tab after the swap');
  });
});


describe('sidebar', () => {
  it('40 Tabs from the top: every stop is drawn on screen, and none is a link of a closed submenu', async () => {
    await h.page.setViewportSize({ width: 1440, height: 900 });
    await openPosts();
    await shot('sidebar-1440');
    const stops: FocusPlace[] = [];
    for (let i = 0; i < 40; i++) {
      await h.page.keyboard.press('Tab');
      stops.push(await focusedStop());
    }
    expect(stops.filter((s) => !s.visible).map((s) => s.what)).toEqual([]);
    // The walk went through the sidebar and out of it (the closed submenus' buttons, not their links).
    expect(stops.filter((s) => s.inSidebar).length).toBeGreaterThan(5);
    expect(stops.some((s) => !s.inSidebar && s.what !== 'body')).toBe(true);
  });

  it('is navigation, not an application menu: no menu roles, the page shown is aria-current, a submenu button opens its links to Tab', async () => {
    await h.page.setViewportSize({ width: 1440, height: 900 });
    await openPosts();
    const sidebar = h.page.getByTestId('shell-sidebar');
    expect(await sidebar.evaluate((n) => n.tagName)).toBe('NAV');
    expect(await sidebar.locator('[role=menu], [role=menubar], [role=menuitem], [role=none]').count()).toBe(0);
    expect(await sidebar.locator('[aria-current=page]').getAttribute('href')).toBe(POST);

    // A closed submenu: its button says so; Enter opens it and Tab goes to its first link.
    const controls = (await sidebar.locator('.shell-submenu-title[aria-expanded=false]').first().getAttribute('aria-controls'))!;
    const closed = sidebar.locator(`[aria-controls="${controls}"]`);
    await closed.focus();
    await h.page.keyboard.press('Enter');
    expect(await closed.getAttribute('aria-expanded')).toBe('true');
    await h.page.keyboard.press('Tab');
    // Drawn once the submenu has slid open (0.25 s).
    await expect.poll(async () => (await focusedStop()).visible).toBe(true);
    expect(await h.page.evaluate((id) => document.getElementById(id)!.contains(document.activeElement), controls)).toBe(true);
  });

  it('collapsed to icons: a submenu button opens its flyout to Tab into, and Esc closes it with focus back on the button', async () => {
    await h.page.setViewportSize({ width: 1440, height: 900 });
    await openPosts();
    await h.page.locator('.shell-hamburger').click();
    await h.page.waitForFunction(() => document.documentElement.getAttribute('data-shell-sidebar') === 'closed');
    const title = h.page.locator('.level-0 > .shell-submenu > .shell-submenu-title').first();
    await title.focus();
    await h.page.keyboard.press('Enter');
    expect(await title.getAttribute('aria-expanded')).toBe('true');
    await h.page.keyboard.press('Tab');
    expect(await focusedStop()).toMatchObject({ inSidebar: true, visible: true });
    await shot('sidebar-collapsed-flyout-1440');
    await h.page.keyboard.press('Escape');
    expect(await title.evaluate((b) => b === document.activeElement)).toBe(true);
    expect(await title.getAttribute('aria-expanded')).toBe('false');
    // …and a Tab walk in this state also stays on what is drawn.
    await h.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    for (let i = 0; i < 20; i++) {
      await h.page.keyboard.press('Tab');
      const s = await focusedStop();
      expect(s.visible, s.what).toBe(true);
    }
    await h.page.locator('.shell-hamburger').click();
    await h.page.waitForFunction(() => document.documentElement.getAttribute('data-shell-sidebar') === 'open');
  });
});

describe('focus goes back to what opened an overlay', () => {
  it('Esc on a form dialog opened from the toolbar: focus is back on its button', async () => {
    await openPosts();
    const add = h.toolbar().getByRole('button', { name: R.add, exact: true });
    await add.focus();
    await h.page.keyboard.press('Enter');
    await h.dialog().waitFor();
    // PrimeReact moves focus into the dialog once it has entered.
    await h.page.waitForFunction(() => !!document.activeElement?.closest('.p-dialog'));
    await h.page.keyboard.press('Escape');
    await h.dialog().waitFor({ state: 'detached' });
    await expect.poll(() => add.evaluate((b) => b === document.activeElement)).toBe(true);
  });

  it('the user menu: Esc gives focus back to its button; Tab leaves the language menu for the next control; the layout drawer closed with Esc gives it back to the user button', async () => {
    await openPosts();
    const user = h.page.getByTestId('shell-user');
    await user.focus();
    await h.page.keyboard.press('Enter');
    await h.page.locator('#shell-user-menu').waitFor();
    await h.page.waitForFunction(() => !!document.activeElement?.closest('#shell-user-menu'));
    await h.page.keyboard.press('Escape');
    await h.page.locator('#shell-user-menu').waitFor({ state: 'detached' });
    await expect.poll(() => activeIs('[data-testid=shell-user]')).toBe(true);

    // Tab out of an open menu goes on from its button (the user button follows the language one).
    const language = h.page.getByTestId('language-select');
    await language.focus();
    await h.page.keyboard.press('Enter');
    await h.page.locator('#shell-language-menu').waitFor();
    await h.page.waitForFunction(() => !!document.activeElement?.closest('#shell-language-menu'));
    await h.page.keyboard.press('Tab');
    await expect.poll(() => activeIs('[data-testid=shell-user]')).toBe(true);
    await h.page.locator('#shell-language-menu').waitFor({ state: 'detached' });

    // Layout settings, third in the user menu, opens the drawer.
    await h.page.keyboard.press('Enter');
    await h.page.waitForFunction(() => !!document.activeElement?.closest('#shell-user-menu'));
    await h.page.keyboard.press('ArrowDown');
    await h.page.keyboard.press('ArrowDown');
    await h.page.keyboard.press('Enter');
    await h.page.getByTestId('settings-drawer').waitFor();
    await h.page.waitForFunction(() => !!document.activeElement?.closest('.settings-drawer'));
    await h.page.keyboard.press('Escape');
    await h.page.getByTestId('settings-drawer').waitFor({ state: 'detached' });
    await expect.poll(() => activeIs('[data-testid=shell-user]')).toBe(true);
  });
});

describe("the tab bar's menu", () => {
  it('opens from the keyboard on a tab with its first item focused; the arrows move; Esc gives focus back to the tab', async () => {
    await openPosts();
    const tag = h.page.locator('.shell-tag.is-active');
    await tag.focus();
    await h.page.keyboard.press('Shift+F10');
    const menu = h.page.getByTestId('tags-menu');
    await menu.waitFor();
    const focusedAction = () => h.page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.action);
    await expect.poll(focusedAction).toBe('refresh');
    await h.page.keyboard.press('ArrowDown');
    expect(await focusedAction()).toBe('close');
    await h.page.keyboard.press('End');
    expect(await focusedAction()).toBe('all');
    await h.page.keyboard.press('ArrowDown');
    expect(await focusedAction()).toBe('refresh');
    await h.page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await tag.evaluate((a) => a === document.activeElement)).toBe(true);
  });
});

/** The focus is on a control, drawn with a ring of 3:1 (focus.ts) once its transition has run. */
async function ringed(where: string) {
  await expect.poll(async () => focusProblems([await readFocus(h.page)]), { message: where, timeout: 2000 }).toEqual([]);
}

describe('the catalog tree', () => {
  const label = () => h.page.evaluate(() => document.activeElement?.querySelector(':scope > .p-treenode-content .catalog-tree-label')?.textContent ?? null);
  const key = async (k: string) => {
    await h.page.keyboard.press(k);
    await ringed(`after ${k}`);
    return label();
  };

  it('is one Tab stop (the chosen node) with the keys of a WAI-ARIA tree: arrows, Home, End, Enter; every node ringed', async () => {
    await api.ok('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'Keys A\n  Keys A1\n  Keys A2\nKeys B' });
    await h.page.evaluate(() => localStorage.setItem('language', 'zh-CN'));
    await h.openScreen('/admin/configs/catalog', '[data-testid=catalog-tree] [role=treeitem]');
    const tree = h.page.getByTestId('catalog-tree');
    const site = (await tree.locator('.catalog-tree-root .catalog-tree-label').first().textContent())!;
    await tree.locator('.catalog-tree-filter input').focus();
    expect(await key('Tab')).toBe(site);
    // One stop: the next Tab leaves the tree (PrimeReact made the first node of every level one).
    expect(await tree.locator('[role=treeitem][tabindex="0"]').count()).toBe(1);
    await h.page.keyboard.press('Tab');
    expect(await h.page.evaluate(() => !!document.activeElement?.closest('[data-testid=catalog-tree]'))).toBe(false);
    await h.page.keyboard.press('Shift+Tab');
    expect(await label()).toBe(site);
    expect(await key('End')).toBe('Keys B');
    expect(await key('ArrowUp')).toBe('Keys A');
    // Right opens a closed branch, then goes to its first child; Left goes to the parent, then closes it.
    expect(await key('ArrowRight')).toBe('Keys A');
    expect(await h.page.evaluate(() => document.activeElement?.getAttribute('aria-expanded'))).toBe('true');
    expect(await key('ArrowRight')).toBe('Keys A1');
    expect(await key('ArrowDown')).toBe('Keys A2');
    expect(await key('ArrowLeft')).toBe('Keys A');
    expect(await key('ArrowLeft')).toBe('Keys A');
    expect(await h.page.evaluate(() => document.activeElement?.querySelector(':scope > [role=group]') ?? null)).toBeNull();
    // Announced as a closed branch, not as a leaf (PrimeReact leaves the state out: accessible-pt.ts).
    expect(await h.page.evaluate(() => document.activeElement?.getAttribute('aria-expanded'))).toBe('false');
    expect(await key('Home')).toBe(site);
    expect(await key('End')).toBe('Keys B');
    // Enter chooses it: its tabs show, and it is the tree's stop.
    await h.page.keyboard.press('Enter');
    await h.page.getByTestId('catalog-basic').waitFor();
    expect(await h.page.inputValue('#catalog-name')).toBe('Keys B');
    expect(await tree.locator('[role=treeitem][tabindex="0"] .catalog-tree-label').first().textContent()).toBe('Keys B');
  });

  it('says why a catalog cannot move that way, and its menu (Shift+F10) offers only the moves it can make', async () => {
    // Keys B, last at the top level, still has the focus.
    expect(await label()).toBe('Keys B');
    const said = h.page.getByTestId('catalog-tree-said');
    await h.page.keyboard.press('Control+Shift+ArrowDown');
    await expect.poll(() => said.textContent()).toBe(Cat.tree.cannot.down.replace('{{name}}', 'Keys B'));
    await h.page.keyboard.press('Control+Shift+ArrowLeft');
    await expect.poll(() => said.textContent()).toBe(Cat.tree.cannot.out.replace('{{name}}', 'Keys B'));
    expect(await label()).toBe('Keys B');
    // The keys are shown while the tree has the focus.
    expect(await h.page.locator('.catalog-tree-keys').isVisible()).toBe(true);
    await h.page.keyboard.press('Shift+F10');
    const items = h.page.locator('.catalog-tree-menu [role=menuitem]');
    await items.first().waitFor();
    const disabled = await items.evaluateAll((els) => els.map((e) => `${e.textContent} ${e.getAttribute('aria-disabled') === 'true' || !!e.querySelector('[aria-disabled=true]')}`));
    expect(disabled).toEqual([`${Cat.tree.menu.up} false`, `${Cat.tree.menu.down} true`, `${Cat.tree.menu.out} true`, `${Cat.tree.menu.in} false`, `${Cat.tree.menu.to} false`]);
    await h.page.keyboard.press('Escape');
    await items.first().waitFor({ state: 'detached' });
    await expect.poll(label).toBe('Keys B');
  });
});

describe('the template workbench', () => {
  const inEditor = () => h.page.evaluate(() => !!document.activeElement?.closest('[data-testid=bench-code-edit] .monaco-editor'));
  const panel = () => h.page.evaluate(() => document.activeElement?.closest('[data-bench-panel]')?.getAttribute('data-bench-panel') ?? null);
  const dirty = () => h.page.getByTestId('bench-dirty').isVisible();

  it('F6 and Shift+F6 go round its panels; Esc then Tab leaves the editor, and so does Tab after Ctrl+M; every stop ringed', async () => {
    await api.ok('POST', '/cms/template', { publishPipeCode: 'pc', path: 'keys.template.html', content: '<p>keys</p>\n' });
    await h.openScreen('/admin/cms/template/editor?pipe=pc&path=keys.template.html', '[data-testid=bench-code-edit] .monaco-editor');
    await h.page.getByTestId('bench-clean').waitFor();
    // The editor has the focus when it opens; Tab indents there, as editors do.
    await expect.poll(inEditor).toBe(true);
    await ringed('the editor');
    await h.page.keyboard.press('Tab');
    expect(await inEditor()).toBe(true);
    await expect.poll(dirty).toBe(true);
    await h.page.keyboard.press('Control+z');
    await h.page.getByTestId('bench-clean').waitFor();
    // Esc, then Tab: on to the side panel's tabs.
    await h.page.keyboard.press('Escape');
    await h.page.keyboard.press('Tab');
    expect(await inEditor()).toBe(false);
    expect(await panel()).toBe('side');
    await ringed('after Esc, Tab');
    expect(await dirty()).toBe(false);
    // F6 goes round: the header, the editor, the side panel; Shift+F6 back.
    const round: (string | null)[] = [];
    for (const k of ['F6', 'F6', 'F6', 'Shift+F6', 'Shift+F6']) {
      await h.page.keyboard.press(k);
      round.push(await panel());
      await ringed(`after ${k}`);
    }
    expect(round).toEqual(['head', 'code', 'side', 'code', 'head']);
    // Esc, then Shift+Tab from the editor: back to the header's last control.
    await h.page.keyboard.press('F6');
    expect(await inEditor()).toBe(true);
    await h.page.keyboard.press('Escape');
    await h.page.keyboard.press('Shift+Tab');
    expect(await panel()).toBe('head');
    // Monaco's Ctrl+M: Tab moves the focus until it is pressed again.
    await h.page.keyboard.press('F6');
    await h.page.keyboard.press('Control+m');
    await h.page.keyboard.press('Tab');
    expect(await panel()).toBe('side');
    await h.page.keyboard.press('Shift+F6');
    await h.page.keyboard.press('Control+m');
    await h.page.keyboard.press('Tab');
    expect(await inEditor()).toBe(true);
    await expect.poll(dirty).toBe(true);
    await h.page.keyboard.press('Control+z');
  });

  it('lists its keys in the page\'s language under a button of its header; Esc closes the list', async () => {
    const button = h.page.getByTestId('bench-keys-button');
    expect(await button.getAttribute('aria-label')).toBe(Tpl.keys.button);
    await button.focus();
    await h.page.keyboard.press('Enter');
    const help = h.page.getByTestId('bench-keys');
    await help.waitFor();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    for (const text of [Tpl.keys.title, Tpl.keys.panels, Tpl.keys.leave, Tpl.keys.tabMode]) expect(await help.textContent()).toContain(text);
    await shot('workbench-keys-zh-CN-1280');
    await h.page.keyboard.press('Tab');
    await h.page.keyboard.press('Escape');
    await help.waitFor({ state: 'detached' });
    expect(await button.evaluate((b) => b === document.activeElement)).toBe(true);
  });
});

// These sign out (a fresh profile): last.
describe('sign-in page', () => {
  it('an arrow key in the language select only moves through the languages; Enter switches', async () => {
    await h.reset();
    await h.openLogin();
    await h.page.evaluate(() => ((window as Window & { stayed?: boolean }).stayed = true));
    const select = h.page.locator('select[data-language-select]');
    await select.focus();
    await h.page.keyboard.press('ArrowDown');
    // A switch would store the language and reload: give it the time to.
    await h.page.waitForTimeout(800);
    expect(await h.page.evaluate(() => (window as Window & { stayed?: boolean }).stayed)).toBe(true);
    expect(await h.page.evaluate(() => [document.documentElement.lang, localStorage.getItem('language')])).toEqual(['zh-CN', null]);
    // Leaving without Enter shows the current language again.
    await h.page.keyboard.press('Tab');
    expect(await select.inputValue()).toBe('zh-CN');

    await select.focus();
    await h.page.keyboard.press('ArrowDown');
    const reloaded = h.page.waitForEvent('load');
    await h.page.keyboard.press('Enter');
    await reloaded;
    await h.page.waitForFunction(() => !document.documentElement.hasAttribute('data-i18n-pending'));
    expect(await h.page.evaluate(() => document.documentElement.lang)).toBe('zh-TW');
  });

  it('the show-password button is named in English on the English page before it is ever pressed', async () => {
    await h.reset();
    await h.page.evaluate(() => localStorage.setItem('language', 'en'));
    await h.openLogin();
    await h.page.waitForFunction(() => !document.documentElement.hasAttribute('data-i18n-pending'));
    const toggle = h.page.locator('#login-form [data-password-toggle]');
    await expect.poll(() => toggle.getAttribute('aria-label')).toBe(authEn.login.showPassword);
    expect(await h.page.getByRole('button', { name: authEn.login.showPassword, exact: true }).count()).toBe(1);
    await toggle.click();
    expect(await toggle.getAttribute('aria-label')).toBe(authEn.login.hidePassword);
  });
});
