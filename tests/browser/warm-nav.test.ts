import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { TABLE_ROWS, useHarness } from './harness.ts';
import { sysPost } from '../../server/modules/system/schema.ts';

// Warm navigation (issue 34, src/islands/shell/warm-nav.ts): resting the pointer on a menu entry,
// or focusing it, asks for its page's first list call before any click; the click then shows the
// rows without asking again, painted as the page is swapped in; a browser set to save data is asked
// for nothing ahead.

const h = useHarness({ admin: 'warmadmin' });
const HOME = '/admin/index';
const POSTS = '/admin/system/post';
const LIST = '/system/post/list';
const HOSTILE = '<img src=x onerror="window.pwned=1">';

/** The calls for Posts' list the page makes (alone, or in a batch), counted from now. */
function listCalls(page: Page) {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (decodeURIComponent(r.url()).includes(LIST)) seen.push(r.url());
  });
  return seen;
}

/** Every request the page makes from now, with its answer's status (for a failure's message). */
function allRequests(page: Page) {
  const seen: string[] = [];
  page.on('requestfinished', (r) => void r.response().then((res) => seen.push(`${res?.status() ?? '-'} ${r.url()}`)));
  page.on('requestfailed', (r) => seen.push(`failed ${r.url()}`));
  return seen;
}

/** The sidebar's Posts entry, its submenu opened as a user would. */
async function postsEntry(page: Page) {
  await page.locator('[data-testid=shell-sidebar] .shell-menu-item').first().waitFor();
  const entry = page.locator(`[data-testid=shell-sidebar] a.shell-menu-item[href="${POSTS}"]`);
  const closed = entry.locator('xpath=ancestor::li[contains(@class,"shell-submenu")]/button[@aria-expanded="false"]');
  if (await closed.count()) await closed.first().click();
  await expect.poll(() => entry.evaluate((a) => a.getBoundingClientRect().height)).toBeGreaterThan(0);
  return entry;
}

describe('warm navigation from the menu', () => {
  it("a hover asks for the page's first list call before the click; the click shows the rows without asking again", async () => {
    // A name an editor typed as markup: the copy painted at the swap shows it as text.
    await h.server.database.db.insert(sysPost).values({ postCode: 'markup', postName: HOSTILE, postSort: 0 });
    await h.openScreen(HOME, '[data-testid=home-welcome]');
    const entry = await postsEntry(h.page);
    const calls = listCalls(h.page);
    const html: string[] = [];
    h.page.on('request', (r) => {
      if (new URL(r.url()).pathname === POSTS) html.push(r.url());
    });
    const sent = allRequests(h.page);
    await entry.hover();
    await expect.poll(() => calls.length, { timeout: 10_000 }).toBe(1).catch(async (e: unknown) => {
      // Seen failing now and then (no list call at all), cause not found: what the page did says more next time.
      const hovered = await h.page.evaluate(() => [...document.querySelectorAll(':hover')].map((el) => `${el.tagName.toLowerCase()}.${el.className}`).join(' > '));
      throw new Error(`${String(e)}\nunder the pointer: ${hovered}\nrequests after the hover:\n${sent.join('\n')}`);
    });
    // In a batch, asked with the session's token (the request layer's).
    expect(calls[0]).toContain('/prod-api/batch?');
    expect(html).toHaveLength(1);
    // The swap takes no view transition, which held the new page's rendering ~150 ms after the swap
    // (src/lib/build/swap-without-view-transition.ts).
    await h.page.evaluate(() => {
      const w = window as { transitions?: number };
      w.transitions = 0;
      const start = document.startViewTransition?.bind(document);
      if (start) document.startViewTransition = ((cb: () => void) => ((w.transitions! += 1), start(cb))) as typeof document.startViewTransition;
    });
    // The page swapped in paints its rows before its island draws them (its pre-paint script runs
    // again, with the answers asked ahead and the session's: lib/request.ts adoptForSwap).
    await h.page.evaluate(() => {
      const w = window as { painted?: string[]; markupAsText?: boolean };
      w.painted = [];
      document.addEventListener('astro:after-swap', () => {
        new MutationObserver((records) => {
          for (const r of records) for (const n of r.addedNodes) if (n instanceof Element && n.matches('[data-prepaint]')) {
            w.painted!.push(`${n.querySelectorAll('tbody tr').length} rows`);
            w.markupAsText = (n.textContent ?? '').includes('onerror') && !n.querySelector('tbody img');
          }
        }).observe(document.body, { childList: true, subtree: true });
      }, { once: true });
    });
    await entry.click();
    await h.page.locator(TABLE_ROWS).first().waitFor();
    await expect.poll(() => new URL(h.page.url()).pathname).toBe(POSTS);
    expect(await h.page.evaluate(() => (window as { transitions?: number }).transitions)).toBe(0);
    // …and hands over to the island: one table, the screen's, with the rows the copy had.
    await expect.poll(() => h.page.locator('[data-prepaint]').count()).toBe(0);
    const rows = await h.page.locator(TABLE_ROWS).count();
    expect(await h.page.evaluate(() => (window as { painted?: string[] }).painted)).toEqual([`${rows} rows`]);
    expect(await h.page.evaluate(() => (window as { markupAsText?: boolean }).markupAsText)).toBe(true);
    expect(await h.page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
    await h.rowOf(HOSTILE).waitFor();
    // Let the screen's other first calls go out: the list is not among them, nor is the page again.
    await h.page.waitForTimeout(800);
    expect(calls).toHaveLength(1);
    expect(html).toHaveLength(1);
  });

  it('focus reaching a menu entry asks ahead too; a pointer only passing over it does not', async () => {
    await h.openScreen(HOME, '[data-testid=home-welcome]');
    const entry = await postsEntry(h.page);
    const calls = listCalls(h.page);
    // Passing over: in and out within the intent delay.
    const box = (await entry.boundingBox())!;
    await h.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await h.page.mouse.move(800, 500);
    await h.page.waitForTimeout(400);
    expect(calls).toHaveLength(0);
    await entry.focus();
    await expect.poll(() => calls.length, { timeout: 10_000 }).toBe(1);
    expect(new URL(h.page.url()).pathname).toBe(HOME);
  });

  it('asks for nothing ahead when the browser is set to save data', async () => {
    const page = await h.context.newPage();
    try {
      await page.addInitScript(() => {
        Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => ({ saveData: true, effectiveType: '4g' }) });
      });
      await page.goto(h.url(HOME));
      await page.locator('[data-testid=home-welcome]').waitFor();
      const entry = await postsEntry(page);
      const ahead: string[] = [];
      page.on('request', (r) => {
        const path = new URL(r.url()).pathname;
        if (path === POSTS || decodeURIComponent(r.url()).includes(LIST) || path.includes('ResourceIsland')) ahead.push(r.url());
      });
      await entry.hover();
      await entry.focus();
      await page.waitForTimeout(800);
      expect(ahead).toEqual([]);
      // The click still works, the usual way.
      await entry.click();
      await page.locator(TABLE_ROWS).first().waitFor();
    } finally {
      await page.close();
    }
  });
});
