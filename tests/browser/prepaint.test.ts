import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIST, useHarness, TABLE_ROWS } from './harness.ts';
import { cmsApi } from './cms-api.ts';
import { holdRequests } from './hold-requests.ts';
import { expectSamePicture, watch } from './prepaint-checks.ts';

// Issue 34: a list page draws its first rows before its scripts have arrived (the head script's
// answers painted into the build's copy of the screen, src/islands/resource/prepaint/), then the
// screen takes over with the same rows: no hydration error, nothing moves, the same picture.

const h = useHarness({ admin: 'prepaintadmin' });

const COPY_ROWS = '[data-prepaint] tbody tr';
/** The list page's own code: held, the page cannot draw its rows by itself. */
const SCREEN_CODE = '**/_assets/ResourceIsland.*.js';

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

describe('in the reader\'s language', () => {
  it('paints in English and in Taiwan\'s Chinese when the page comes built in them, and hands over to the same picture', async () => {
    const page = h.page;
    await page.setViewportSize({ width: 1440, height: 900 });
    for (const [lng, total, header] of [['en', /^\d+ in total$/, 'Post name'], ['zh-TW', /^共 \d+ 筆$/, '職位名稱']] as const) {
      // (the harness sets the language's cookie with the stored choice, as the language menus do)
      await page.evaluate((l) => localStorage.setItem('language', l), lng);
      const seen = await watch(page);
      const held = await holdRequests(page, SCREEN_CODE);
      await page.goto(h.url('/admin/system/post'));
      await page.locator(COPY_ROWS).first().waitFor();
      await h.hideDemand();
      expect(await page.locator('astro-island[ssr][component-url*="ResourceIsland"]').count(), lng).toBe(1);
      expect(await page.locator('[data-prepaint] .pagination-total').textContent(), lng).toMatch(total);
      expect(await page.locator('[data-prepaint] thead').textContent(), lng).toContain(header);
      // The page is shown in its language before the scripts: no wait for the islands to switch.
      expect(await page.evaluate(() => document.documentElement.hasAttribute('data-i18n-pending')), lng).toBe(false);
      const painted = await page.locator(COPY_ROWS).allTextContents();
      await page.mouse.move(0, 0);
      const before = await page.locator('#main').screenshot();
      await held.done();
      await page.locator('[data-prepaint]').waitFor({ state: 'detached' });
      await page.locator(TABLE_ROWS).first().waitFor();
      expect(await page.locator(TABLE_ROWS).allTextContents(), lng).toEqual(painted);
      await page.waitForTimeout(500);
      await expectSamePicture(page, before, `Posts in ${lng}, 1440 px`);
      const { shift, errors, moved } = await seen();
      // The islands hydrated in the page's language: no hydration mismatch.
      expect(errors, lng).toEqual([]);
      expect(moved, lng).toEqual([]);
      expect(shift, lng).toBeLessThan(0.01);
    }
    await page.evaluate(() => localStorage.setItem('language', 'zh-CN'));
  });
});

describe('where the screen draws itself', () => {
  it('paints nothing on a page in another language than the stored one (a host sending zh-CN whatever the cookie) or for a user without every permission the list draws with, and the screen still shows its rows', async () => {
    const page = h.page;
    for (const lng of ['en', 'zh-TW']) {
      await page.evaluate((l) => {
        localStorage.setItem('language', l);
        document.cookie = 'castanea_lang=zh-CN;path=/admin/';
      }, lng);
      const held = await holdRequests(page, SCREEN_CODE);
      await page.goto(h.url('/admin/system/post'));
      await page.waitForTimeout(1500);
      expect(await page.locator('[data-prepaint]').count(), lng).toBe(0);
      await held.done();
      await page.locator(TABLE_ROWS).first().waitFor();
      expect(await page.locator(TABLE_ROWS).count(), lng).toBe(4);
      expect(await page.evaluate(() => document.documentElement.lang), lng).toBe(lng);
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
    // The run log has a row only once a job has run: none of the seeded ones is due during a test.
    const { jobId } = await api.ok('POST', '/monitor/job', { jobName: 'Echo', invokeTarget: "demo.echo('tick')", cronExpression: '0 0 4 * * ?', status: '1' });
    await api.ok('PUT', '/monitor/job/run', { jobId });
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
      // (the other languages' copies, under _lang/, are served at the same paths)
      if (e.isDirectory()) {
        if (e.name !== '_lang') walk(full);
      }
      else if (e.name === 'index.html' && /<script data-astro-rerun data-frame="{&quot;kind&quot;:&quot;list&quot;/.test(readFileSync(full, 'utf8'))) out.push(`/admin/${relative(DIST, dir)}`);
    }
  };
  walk(DIST);
  return out.sort();
}
