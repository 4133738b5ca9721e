import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from './harness.ts';
import { byName, cmsApi } from './cms-api.ts';
import { holdRequests } from './hold-requests.ts';
import { countCalls, expectHandover, openInLanguage, watch } from './prepaint-checks.ts';
import { cmsCatalog } from '../../server/modules/cms/catalog/schema.ts';
import { cmsContent } from '../../server/modules/cms/content/schema.ts';
import { LIST_PATH } from '../../src/islands/cms/content/content-api.ts';
import { TREE_PATH } from '../../src/components/cms/catalog-api.ts';
import { STORAGE_KEYS } from '../../shared/constants.ts';
import { COPY_TYPES } from '../../shared/cms/content.ts';

// Issue 34: the Contents page draws its catalog tree and the whole site's first page of contents
// before its scripts have arrived (the head script's answers painted into the build's copy,
// src/islands/cms/content/prepaint/), then the island takes over drawing the same: no error,
// nothing in #main moves, the same picture, the list not asked for twice.

const h = useHarness({ admin: 'contentpaintadmin' });

const COPY = '[data-prepaint] [data-copy-of=content-table] tbody tr';
/** The screen's own code: held, the page cannot draw its tree and rows by itself. */
const CONTENT_CODE = '**/_assets/ContentIsland.*.js';
/** A catalog name and a title as an editor may type them: painted as text, never as markup. */
const CATALOG_NAME = 'Harbour <img src=x onerror="window.__pwned=1">';
const TITLE = 'Tide <img src=x onerror="window.__pwned=2">';
// A name with a quote that would end the lock's title attribute, and markup after it.
const LOCKER = 'Lee "><img src=x onerror="window.__pwned=3"><b>';

beforeAll(async () => {
  const api = await cmsApi(h, 'contentpaintadmin', 'Secret123');
  const cat = byName(await api.ok('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'Harbour\n  Docks\nWeather' }));
  const add = async (type: string, catalogId: number, title: string) => (await api.ok('POST', `/cms/content?contentType=${type}`, { catalogId, title, author: 'Ann <b>' })).contentId as number;
  const tide = await add('article', cat.Harbour!, 'Tide');
  const cranes = await add('image', cat.Docks!, 'Cranes at dusk');
  const storm = await add('article', cat.Weather!, 'Storm warning');
  const db = h.server.database.db;
  // Rows with marks after their titles: a reader's contribution shown as a mapped copy; locked (by a name with markup) and on top until tomorrow.
  await db.update(cmsContent).set({ copyType: COPY_TYPES.mapping, contributorId: 5 }).where(eq(cmsContent.contentId, cranes));
  await db.update(cmsContent).set({ isLock: 'Y', lockUser: LOCKER, topFlag: Date.now(), topDate: new Date(Date.now() + 86_400_000) }).where(eq(cmsContent.contentId, storm));
  await db.update(cmsCatalog).set({ name: CATALOG_NAME }).where(eq(cmsCatalog.catalogId, cat.Harbour!));
  await db.update(cmsContent).set({ title: TITLE }).where(eq(cmsContent.contentId, tide));
});

/** The screen takes the copy's place (prepaint-checks.ts expectHandover) once its code is let through. */
const handOver = (held: { done(): Promise<void> }, calls: ReturnType<typeof countCalls>, seen: Awaited<ReturnType<typeof watch>>, what: string) =>
  expectHandover(h.page, { release: () => held.done(), copy: '[data-prepaint] [data-copy-of=content-table]', screen: '[data-testid=content-table]', drawn: 'astro-island:not([ssr]) [data-testid=content-table] .content-title-link', calls, seen, what });

describe('the Contents page before the scripts', () => {
  it('paints the tree and rows before the screen\'s code arrives, then hands over to the same picture at 1440 and 800 px', async () => {
    const page = h.page;
    // Set once: its counters start again with each page.
    const seen = await watch(page);
    for (const width of [1440, 800]) {
      await page.setViewportSize({ width, height: 900 });
      const held = await holdRequests(page, CONTENT_CODE);
      // The first page comes with the head script's batch: the island takes that answer, never asks again.
      const calls = countCalls(page, LIST_PATH);
      await page.goto(h.url('/admin/configs/content'));
      await page.locator(COPY).first().waitFor();
      await h.hideDemand();
      // The island still waits for its code: the tree and rows shown are the copy's.
      expect(await page.locator('astro-island[ssr][component-url*="ContentIsland"]').count()).toBe(1);
      const tree = page.locator('[data-prepaint] [data-copy-of=content-tree]');
      expect(await tree.locator('.catalog-tree-label').allTextContents()).toEqual([expect.any(String), CATALOG_NAME, 'Weather']);
      expect(await page.locator(COPY).count()).toBe(3);
      expect(await page.locator('[data-prepaint] .content-title-link').allTextContents()).toContain(TITLE);
      expect(await page.locator(COPY).filter({ hasText: 'Cranes at dusk' }).textContent()).toContain('Docks');
      const storm = page.locator(COPY).filter({ hasText: 'Storm warning' });
      expect(await storm.locator('.pi-lock').getAttribute('title')).toContain(LOCKER);
      expect(await storm.locator('.content-marks [title]').getAttribute('title')).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
      expect(await page.locator(COPY).filter({ hasText: 'Cranes at dusk' }).locator('.content-mark').count()).toBe(2);
      expect(await page.locator('[data-prepaint] img').count()).toBe(0);
      expect(await page.locator('[data-prepaint] b').count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
      await handOver(held, calls, seen, `Contents, ${width} px`);
    }
  });

  it('paints the tree and rows in English and in Taiwan\'s Chinese when the page comes built in them, then hands over to the same picture', async () => {
    const page = h.page;
    await page.setViewportSize({ width: 1440, height: 900 });
    const seen = await watch(page);
    for (const [lng, header] of [['en', 'Title'], ['zh-TW', '標題']] as const) {
      const { held, calls } = await openInLanguage(page, h.url('/admin/configs/content'), lng, CONTENT_CODE, LIST_PATH);
      await page.locator(COPY).first().waitFor();
      await h.hideDemand();
      expect(await page.locator('astro-island[ssr][component-url*="ContentIsland"]').count(), lng).toBe(1);
      expect(await page.locator('[data-prepaint] [data-copy-of=content-table] thead').textContent(), lng).toContain(header);
      expect(await page.locator(COPY).count(), lng).toBe(3);
      await handOver(held, calls, seen, `Contents in ${lng}`);
    }
    await page.evaluate(() => localStorage.setItem('language', 'zh-CN'));
  });

  it('on a first visit (no site stored yet) takes the tree and the first page from the head script\'s batch, not asking for them again once the site is known', async () => {
    const page = h.page;
    await page.evaluate((key) => localStorage.removeItem(key), STORAGE_KEYS.currentSite);
    // The navbar's site picker, which learns the site from the batch, comes after the screen has
    // drawn (on a slow link its island can hydrate later than the screen's).
    const picker = await holdRequests(page, '**/_assets/ShellTop.*.js');
    const tree = countCalls(page, TREE_PATH);
    const list = countCalls(page, LIST_PATH);
    await page.goto(h.url('/admin/configs/content'));
    await page.locator('astro-island:not([ssr]) [data-testid=content-tree] .catalog-tree-label', { hasText: /^Weather$/ }).waitFor();
    await page.locator('astro-island:not([ssr]) [data-testid=content-table] .content-title-link').first().waitFor();
    await picker.done();
    await page.locator('astro-island:not([ssr]) [data-testid=site-picker]').waitFor();
    // The tree drawn again (filtered), now that the site is known: still the tree it read.
    await page.getByTestId('content-tree').locator('input').fill('Weath');
    await expect.poll(() => page.getByTestId('content-tree').locator('.catalog-tree-label').allTextContents()).toEqual([expect.any(String), 'Weather']);
    await page.waitForLoadState('networkidle');
    tree.stop();
    list.stop();
    // The site became known from the batch's answer (stores/site.ts keeps it).
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.currentSite)).toMatch(/^"?\d+"?$/);
    expect(tree.asked).toEqual([]);
    expect(list.asked).toEqual([]);
  });

  it('paints nothing when a catalog was chosen before in this tab, and the screen still draws it', async () => {
    const page = h.page;
    await page.locator('[data-testid=content-tree] .catalog-tree-label', { hasText: /^Weather$/ }).click();
    await expect.poll(() => page.getByTestId('content-table').locator('.content-title-link').allTextContents()).toEqual(['Storm warning']);
    const held = await holdRequests(page, CONTENT_CODE);
    await page.reload();
    await page.waitForTimeout(1500);
    expect(await page.locator('[data-prepaint]').count()).toBe(0);
    await held.done();
    await expect.poll(() => page.getByTestId('content-table').locator('.content-title-link').allTextContents()).toEqual(['Storm warning']);
  });
});
