import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DIST, useHarness, TABLE_ROWS } from './harness.ts';
import { cmsApi } from './cms-api.ts';
import { holdRequests } from './hold-requests.ts';

// Issue 34: a list page draws its first rows before its scripts have arrived (the head script's
// answers painted into the build's copy of the screen, src/islands/resource/prepaint/), then the
// screen takes over with the same rows: no hydration error, nothing moves, the same picture.

const h = useHarness({ admin: 'prepaintadmin' });

const COPY_ROWS = '[data-prepaint] tbody tr';
/** The list page's own code: held, the page cannot draw its rows by itself. */
const SCREEN_CODE = '**/_assets/ResourceIsland.*.js';

/** The screen's part of the page looks as `before` did; else both pictures are kept to look at. */
async function expectSamePicture(page: Page, before: Buffer, what: string) {
  const after = await page.locator('#main').screenshot();
  if (Buffer.compare(before, after) === 0) return;
  const dir = mkdtempSync(join(tmpdir(), 'prepaint-'));
  writeFileSync(join(dir, 'before.png'), before);
  writeFileSync(join(dir, 'after.png'), after);
  expect.fail(`${what}: the picture changed at the handover (the copy's and the screen's in ${dir})`);
}

/** Layout shifts and errors of the page from its start (a buffered observer set before any script). */
async function watch(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number; __errors: string[]; __moved: string[] };
    w.__shift = 0;
    w.__moved = [];
    w.__errors = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] })[]) {
        if (e.hadRecentInput) continue;
        w.__shift += e.value;
        // What moved, for the failure's message.
        for (const s of e.sources) if (s.node && document.getElementById('main')?.contains(s.node)) w.__moved.push(`${(s.node as Element | undefined)?.outerHTML?.slice(0, 80) ?? s.node?.nodeName} ${JSON.stringify(s.previousRect)} → ${JSON.stringify(s.currentRect)}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
    const error = console.error.bind(console);
    console.error = (...args: unknown[]) => {
      w.__errors.push(args.map(String).join(' '));
      error(...args);
    };
  });
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  return async () => {
    const seen = await page.evaluate(() => {
      const w = window as unknown as { __shift: number; __errors: string[]; __moved: string[] };
      return { shift: w.__shift, errors: w.__errors, moved: w.__moved };
    });
    return { shift: seen.shift, errors: [...seen.errors, ...pageErrors], moved: seen.moved };
  };
}

describe('rows before the scripts', () => {
  it('draws the first rows before the screen code arrives, then hands over to the same picture without a shift or an error', async () => {
    const page = h.page;
    await page.setViewportSize({ width: 1440, height: 900 });
    const seen = await watch(page);
    const held = await holdRequests(page, SCREEN_CODE);
    await page.goto(h.url('/admin/system/post'));
    await page.locator(COPY_ROWS).first().waitFor();
    await h.hideDemand();
    // The island still waits for its code: these rows are the copy's.
    expect(await page.locator('astro-island[ssr][component-url*="ResourceIsland"]').count()).toBe(1);
    const painted = await page.locator(COPY_ROWS).allTextContents();
    expect(painted.some((r) => r.includes('董事长'))).toBe(true);
    expect(await page.locator('[data-prepaint] .pagination-total').textContent()).toMatch(/共 \d+ 条/);
    await page.mouse.move(0, 0);
    const before = await page.locator('#main').screenshot();
    await held.done();
    await page.locator('[data-prepaint]').waitFor({ state: 'detached' });
    await page.locator(TABLE_ROWS).first().waitFor();
    expect(await page.locator(TABLE_ROWS).allTextContents()).toEqual(painted);
    // Let late stand-ins and fonts settle before the second picture.
    await page.waitForTimeout(500);
    await expectSamePicture(page, before, 'Posts, 1440 px');
    const { shift, errors, moved } = await seen();
    expect(errors).toEqual([]);
    // The screen's part of the page: nothing in it moved. (The shell's navbar still grows as the
    // user's name and site arrive, a shift of ~0.005 on every page: docs/performance-log.md.)
    expect(moved).toEqual([]);
    expect(shift).toBeLessThan(0.01);
  });
});

describe('where the screen draws itself', () => {
  it('paints nothing in another language or for a user without every permission the list draws with, and the screen still shows its rows', async () => {
    const page = h.page;
    for (const lng of ['en', 'zh-TW']) {
      await page.evaluate((l) => localStorage.setItem('language', l), lng);
      const held = await holdRequests(page, SCREEN_CODE);
      await page.goto(h.url('/admin/system/post'));
      await page.waitForTimeout(1500);
      expect(await page.locator('[data-prepaint]').count(), lng).toBe(0);
      await held.done();
      await page.locator(TABLE_ROWS).first().waitFor();
      expect(await page.locator(TABLE_ROWS).count(), lng).toBe(4);
    }
    await page.evaluate(() => localStorage.setItem('language', 'zh-CN'));
  });

  it('paints the narrow screen too (five page links at most), and hands over to the same picture', async () => {
    const page = h.page;
    await page.setViewportSize({ width: 800, height: 900 });
    const held = await holdRequests(page, SCREEN_CODE);
    await page.goto(h.url('/admin/system/post'));
    await page.locator(COPY_ROWS).first().waitFor();
    await h.hideDemand();
    const before = await page.locator('#main').screenshot();
    await held.done();
    await page.locator('[data-prepaint]').waitFor({ state: 'detached' });
    await page.waitForTimeout(500);
    await expectSamePicture(page, before, 'Posts, 800 px');
  });
});

describe('every list painted before its scripts', () => {
  it('hands over to the same picture on each page the build painted', async () => {
    const api = await cmsApi(h, 'prepaintadmin', 'Secret123');
    // A row on each painted list (an empty list is not painted).
    await api.ok('POST', '/system/notice', { noticeTitle: 'Notice <b>one</b>', noticeType: '1', status: '0' });
    // What an editor typed is painted as text: markup shows, a handler never runs.
    await api.ok('POST', '/system/notice', { noticeTitle: '<img src=x onerror="window.__pwned=1">', noticeType: '1', status: '0' });
    await api.ok('POST', '/system/iprule', { ip: '192.0.2.0/24', type: 'DENY' });
    await api.ok('POST', '/workflow/category', { code: 'one', name: 'Category one' });
    await api.ok('POST', '/member/levelConfig', { level: 0, name: 'New', nextNeedExp: 8 });
    await api.ok('POST', '/member/expConfig', { opType: 'signIn', exp: 5, dayLimit: 1 });
    const space = (await api.ok('POST', '/cms/adspace', { name: 'Top ads', code: 'top_ads', strategy: 'all', templates: { pc: 'widget/ads.template.html' } })).pageWidgetId;
    await api.ok('POST', '/cms/advertisement', { adSpaceId: space, type: 'text', name: 'Harbour tours', redirectUrl: 'https://example.com/tours' });
    await api.ok('POST', '/cms/link_group', { name: 'Sponsors', code: 'sponsors', sortFlag: 9 });
    await api.ok('POST', '/vote', { title: 'Lunch', code: 'lunch_poll', totalLimit: 0, dayLimit: 0 });
    await api.ok('POST', '/cms/exmodel', { name: 'Book facts', code: 'book', bindTo: 'content', contentType: 'article' });
    const painted = paintedPages();
    expect(painted.length).toBeGreaterThan(0);
    const page = h.page;
    await page.setViewportSize({ width: 1440, height: 900 });
    const problems: string[] = [];
    for (const path of painted) {
      const held = await holdRequests(page, SCREEN_CODE);
      await page.goto(h.url(path));
      const rows = await page.locator(COPY_ROWS).first().waitFor({ timeout: 10_000 }).then(() => true, () => false);
      if (!rows) {
        problems.push(`${path}: no rows painted`);
        await held.done();
        continue;
      }
      await h.hideDemand();
      if (path === '/admin/system/notice') {
        await page.waitForTimeout(300);
        expect(await page.locator(COPY_ROWS).allTextContents()).toContainEqual(expect.stringContaining('<img src=x onerror="window.__pwned=1">'));
        expect(await page.locator('[data-prepaint] img').count()).toBe(0);
        expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
      }
      // No hover on either picture (the copy is inert: a field under the pointer would ring only after).
      await page.mouse.move(0, 0);
      const before = await page.locator('#main').screenshot();
      await held.done();
      await page.locator('[data-prepaint]').waitFor({ state: 'detached' });
      await page.waitForTimeout(500);
      await expectSamePicture(page, before, path).catch((e: Error) => problems.push(e.message));
    }
    expect(problems).toEqual([]);
  }, 300_000);
});

/** The console pages whose build carries a pre-paint frame. */
function paintedPages(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.name === 'index.html' && /<script data-frame=/.test(readFileSync(full, 'utf8'))) out.push(`/admin/${relative(DIST, dir)}`);
    }
  };
  walk(DIST);
  return out.sort();
}
