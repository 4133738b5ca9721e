import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useHarness } from './harness.ts';
import { cmsApi, demoSiteId } from './cms-api.ts';
import { holdRequests } from './hold-requests.ts';
import { countCalls, expectHandover, openInLanguage, watch } from './prepaint-checks.ts';
import { cmsSite } from '../../server/modules/cms/schema.ts';

// Issue 34: Home draws its welcome and the current site's figures before its scripts have arrived
// (the head script's answers painted into the build's copy, src/islands/home/prepaint/), then the
// island takes over drawing the same: no error, nothing in #main moves, the same picture.

const h = useHarness({ admin: 'homepaintadmin' });

const COPY = '[data-prepaint] [data-copy-of=home-dashboard]';
/** Home's own code: held, the page cannot draw its figures by itself. */
const HOME_CODE = '**/_assets/HomeWelcome.*.js';
/** The site's name as an editor may type it: painted as text, never as markup. */
const SITE_NAME = 'Harbour <img src=x onerror="window.__pwned=1">';

/** The screen takes the copy's place (prepaint-checks.ts expectHandover) once its code is let through. */
const handOver = (held: { done(): Promise<void> }, calls: ReturnType<typeof countCalls>, seen: Awaited<ReturnType<typeof watch>>, what: string) =>
  expectHandover(h.page, { release: () => held.done(), copy: '[data-prepaint] .home-dashboard-cards', screen: '.home-dashboard-cards', drawn: 'astro-island:not([ssr]) [data-testid=home-dashboard]', calls, seen, what });

describe('Home before the scripts', () => {
  it('paints the welcome and figures before Home\'s code arrives, then hands over to the same picture at 1440 and 800 px', async () => {
    const api = await cmsApi(h, 'homepaintadmin', 'Secret123');
    await api.ok('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'Harbour news' });
    await h.server.database.db.update(cmsSite).set({ name: SITE_NAME }).where(eq(cmsSite.siteId, await demoSiteId(h)));
    const page = h.page;
    // Set once: its counters start again with each page.
    const seen = await watch(page);
    for (const width of [1440, 800]) {
      await page.setViewportSize({ width, height: 900 });
      const held = await holdRequests(page, HOME_CODE);
      // The figures come with the head script's batch: the island takes that answer, never asks again.
      const calls = countCalls(page, '/cms/content/stat');
      await page.goto(h.url('/admin/index'));
      await page.locator(COPY).waitFor();
      await h.hideDemand();
      // The island still waits for its code: the figures shown are the copy's.
      expect(await page.locator('astro-island[ssr][component-url*="HomeWelcome"]').count()).toBe(1);
      expect(await page.locator('[data-prepaint] [data-copy-of=home-welcome]').textContent()).toContain('homepaintadmin');
      expect(await page.locator('[data-prepaint] [data-copy-of=dashboard-catalogs]').textContent()).toMatch(/^\d+$/);
      expect(await page.locator('[data-prepaint] .home-dashboard-title').textContent()).toContain(SITE_NAME);
      expect(await page.locator('[data-prepaint] img').count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
      await handOver(held, calls, seen, `Home, ${width} px`);
    }
  });

  it('paints in English and in Taiwan\'s Chinese when the page comes built in them, then hands over to the same picture', async () => {
    const page = h.page;
    await page.setViewportSize({ width: 1440, height: 900 });
    const seen = await watch(page);
    for (const [lng, contents] of [['en', 'Contents'], ['zh-TW', '內容']] as const) {
      const { held, calls } = await openInLanguage(page, h.url('/admin/index'), lng, HOME_CODE, '/cms/content/stat');
      await page.locator(COPY).waitFor();
      await h.hideDemand();
      expect(await page.locator('astro-island[ssr][component-url*="HomeWelcome"]').count(), lng).toBe(1);
      expect(await page.locator('[data-prepaint] .home-dashboard-cards').textContent(), lng).toContain(contents);
      await handOver(held, calls, seen, `Home in ${lng}`);
    }
    await page.evaluate(() => localStorage.setItem('language', 'zh-CN'));
  });

  it('paints nothing on a page in another language than the stored one (a host sending zh-CN whatever the cookie), and Home still draws its figures', async () => {
    const page = h.page;
    await page.evaluate(() => {
      localStorage.setItem('language', 'en');
      document.cookie = 'castanea_lang=zh-CN;path=/admin/';
    });
    const held = await holdRequests(page, HOME_CODE);
    await page.goto(h.url('/admin/index'));
    await page.waitForTimeout(1500);
    expect(await page.locator('[data-prepaint]').count()).toBe(0);
    await held.done();
    await page.locator('[data-testid=home-dashboard] [data-testid=dashboard-contents]').waitFor();
    await page.evaluate(() => localStorage.setItem('language', 'zh-CN'));
  });
});
