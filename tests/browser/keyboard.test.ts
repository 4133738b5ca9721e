import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TABLE_ROWS, useHarness } from './harness.ts';
import shellZh from '../../shared/i18n/locales/zh-CN/shell.ts';
import shellEn from '../../shared/i18n/locales/en/shell.ts';
import authEn from '../../shared/i18n/locales/en/auth.ts';
import R from '../../shared/i18n/locales/zh-CN/resource.ts';

// Issue 28, item 3 (keyboard), the shell's part: what someone using only the keyboard meets on a
// console page: the skip link, a sidebar whose Tab order is what it shows, focus given back when a
// dialog, a menu or the drawer closes, a language choice that waits for Enter, and the sign-in
// page's password toggle named in the page's language.

const h = useHarness({ admin: 'keyboardadmin' });
const POST = '/admin/system/post';
/** Where the screenshots of the skip link and the sidebar go, to be looked at (KEYBOARD_SHOTS, or a temporary folder). */
const SHOTS = process.env.KEYBOARD_SHOTS || join(tmpdir(), 'castanea-keyboard-shots');

async function shot(name: string) {
  mkdirSync(SHOTS, { recursive: true });
  // The picture of the settled page, not of a submenu still sliding open.
  await h.page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await h.page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

interface Stop {
  /** tag, class and text of the focused element, to name it in a failure */
  what: string;
  /** drawn with some area inside the window and inside every box that clips it */
  visible: boolean;
  inSidebar: boolean;
  inMain: boolean;
}

/** The element that has focus now, as a user sees it. */
const focusedStop = () =>
  h.page.evaluate((): Stop => {
    const el = document.activeElement;
    if (!el || el === document.body) return { what: 'body', visible: false, inSidebar: false, inMain: false };
    // PrimeReact's checkboxes and selects focus a 1 px input kept for assistive technology; what
    // the user sees focused is the widget around it.
    const shown = el.closest('.p-hidden-accessible')?.parentElement ?? el;
    const r = shown.getBoundingClientRect();
    let box = { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    const clip = (c: { left: number; top: number; right: number; bottom: number }) => {
      box = { left: Math.max(box.left, c.left), top: Math.max(box.top, c.top), right: Math.min(box.right, c.right), bottom: Math.min(box.bottom, c.bottom) };
    };
    for (let a = shown.parentElement; a && a !== document.body; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.overflowX !== 'visible' || s.overflowY !== 'visible') clip(a.getBoundingClientRect());
    }
    clip({ left: 0, top: 0, right: innerWidth, bottom: innerHeight });
    const style = getComputedStyle(shown);
    const visible = box.right - box.left >= 1 && box.bottom - box.top >= 1 && style.visibility !== 'hidden' && Number(style.opacity) > 0;
    const text = (el.textContent || el.getAttribute('aria-label') || el.getAttribute('title') || '').trim().slice(0, 30);
    return {
      what: `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${text}"`,
      visible,
      inSidebar: !!el.closest('[data-testid=shell-sidebar]'),
      inMain: !!el.closest('main#main'),
    };
  });

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

describe('sidebar', () => {
  it('40 Tabs from the top: every stop is drawn on screen, and none is a link of a closed submenu', async () => {
    await h.page.setViewportSize({ width: 1440, height: 900 });
    await openPosts();
    await shot('sidebar-1440');
    const stops: Stop[] = [];
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
