import { describe, expect, it } from 'vitest';
import { useHarness, TABLE_ROWS } from './harness.ts';
import { watch } from './prepaint-checks.ts';

// Issue 34: no layout shift on the list pages and Home, in three languages. The shell's parts
// (the navbar's tools, site and user; the sidebar's open submenu; the tab bar) arrive one after
// another on a first load: each must appear where it stays, moving nothing. So must the screen's
// own part (#main) where it is not painted before its scripts (en and zh-TW): PrimeReact's common
// rules are in the page from the start, another language's page is shown once React has drawn
// it in that language, Home's sign-in cards wait for the dashboard above them
// (docs/architecture.md "Nothing moves on a first load").

const h = useHarness({ admin: 'shiftadmin' });

const PAGES = [
  { path: '/admin/system/post', ready: TABLE_ROWS },
  { path: '/admin/configs/content', ready: '[data-testid=content-list]' },
  { path: '/admin/index', ready: '[data-testid=home-welcome]' },
  { path: '/admin/system/user', ready: TABLE_ROWS },
] as const;

describe('a first load moves nothing', () => {
  it('shows each list page and Home in its shell without a layout shift, in every language, with the session\'s caches empty', async () => {
    const page = h.page;
    await page.setViewportSize({ width: 1440, height: 900 });
    const seen = await watch(page);
    for (const lng of ['zh-CN', 'en', 'zh-TW']) {
      for (const { path, ready } of PAGES) {
        // A new session's first page: no cached menus, so every part of the shell arrives late.
        await page.evaluate((l) => {
          sessionStorage.clear();
          localStorage.setItem('language', l);
        }, lng);
        await page.goto(h.url(path));
        await page.locator(ready).first().waitFor();
        await page.getByTestId('shell-user').waitFor();
        await page.locator('.shell-navbar-right:not([data-settling])').waitFor();
        await page.locator('.shell-tags-scroll:not([data-settling])').waitFor();
        // Late stand-ins, fonts and the review badge's code.
        await page.waitForTimeout(800);
        const moved = await seen();
        expect(moved.shell, `the shell of ${path} in ${lng}`).toEqual([]);
        expect(moved.moved, `${path} in ${lng}`).toEqual([]);
      }
    }
    await page.evaluate(() => localStorage.setItem('language', 'zh-CN'));
  });
});
