import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from './harness.ts';
import { readerPage as aReaderPage } from './reader-page.ts';
import { byName, cmsApi, type CmsApi } from './cms-api.ts';
import { drainQueue } from '../../server/modules/cms/publish/worker.ts';
import { cmsContent } from '../../server/modules/cms/content/schema.ts';
import { viewCounterOf } from '../../server/modules/cms/stat/view-counter.ts';
import { statRecorderOf } from '../../server/modules/cms/stat/recorder.ts';
import { cmsStatEvent } from '../../server/modules/cms/stat/schema.ts';

// Issue 31 item 8 in Chromium: a content page of the default theme, read on the sites port,
// reports its view (the readers' script: a beacon, else a keepalive fetch) and the view is counted; when the
// API cannot be reached the page is the same static page, with no error.

const dataDir = mkdtempSync(join(tmpdir(), 'castanea-stat-b-'));
const h = useHarness({ config: { dataDir, viewCounter: { flushMs: 3_600_000 } } });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
let api: CmsApi;
let article = 0;
let siteId = 0;
let stories = 0;

const views = async () => {
  await viewCounterOf(h.server.server.services).flush();
  return (await h.server.database.db.select({ n: cmsContent.viewCount }).from(cmsContent).where(eq(cmsContent.contentId, article)))[0]!.n;
};
const pageUrl = () => `${h.server.siteUrl}beacon/stories/${article}.shtml`;
/** A reader's browser (reader-page.ts), optionally one without navigator.sendBeacon. */
async function readerPage(opts: { noBeacon?: boolean } = {}) {
  const page = await aReaderPage(h.context);
  if (opts.noBeacon) await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'sendBeacon', { value: undefined }));
  return page;
}

beforeAll(async () => {
  api = await cmsApi(h, 'admin', 'admin123');
  siteId = (await api.ok('POST', '/cms/site', { name: 'Beacon', path: 'beacon' })).siteId as number;
  const cat = byName(await api.ok('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'Stories' }, siteId));
  stories = cat.Stories!;
  article = (await api.ok('POST', '/cms/content?contentType=article', { catalogId: cat.Stories, title: 'Counted', contentHtml: '<p>Read me</p>' }, siteId)).contentId;
  await api.ok('POST', '/cms/content/publish', { contentIds: [article] }, siteId);
  await drainQueue(h.server.server.services);
});

describe('the default theme\'s view beacon', () => {
  it('reports one view of a content page by sendBeacon, counted once written (not a headless robot\'s)', async () => {
    // Headless Chromium as it is: its beacon is answered, its view not counted.
    const robot = h.page.waitForResponse((r) => r.url().includes('/api/stat/visit'));
    await h.page.goto(pageUrl());
    expect((await robot).status()).toBe(204);
    expect(await views()).toBe(0);
    const page = await readerPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const sent = page.waitForRequest((r) => r.url().includes('/api/stat/visit'));
    const res = await page.goto(pageUrl());
    expect(res?.status()).toBe(200);
    const beacon = await sent;
    expect(beacon.method()).toBe('POST');
    expect(new URL(beacon.url()).origin).toBe(new URL(h.server.siteUrl).origin);
    expect(new URL(beacon.url()).searchParams.get('id')).toBe(String(article));
    expect((await beacon.response())?.status()).toBe(204);
    expect(await views()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('falls back to a keepalive fetch where there is no sendBeacon', async () => {
    const page = await readerPage({ noBeacon: true });
    const sent = page.waitForResponse((r) => r.url().includes('/api/stat/visit'));
    await page.goto(pageUrl());
    expect((await sent).status()).toBe(204);
    expect(await views()).toBe(2);
    await page.close();
  });

  it('leaves the page as it is, with no error, when the API cannot be reached (beacon or fetch)', async () => {
    for (const noBeacon of [false, true]) {
      const page = await readerPage({ noBeacon });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      let tried = false;
      await page.route('**/api/stat/visit**', (route) => {
        tried = true;
        return route.abort('connectionrefused');
      });
      await page.goto(pageUrl());
      await expect.poll(() => tried).toBe(true);
      await page.waitForTimeout(200);
      expect(await page.locator('.prose').innerText()).toContain('Read me');
      expect(errors).toEqual([]);
      await page.close();
    }
    expect(await views()).toBe(2);
  });

  it('records every page\'s view for the site statistics: the home page with its referrer, a list page, a content page reached by a link', async () => {
    const recorder = statRecorderOf(h.server.server.services);
    await recorder.flush();
    const before = (await h.server.database.db.select({ id: cmsStatEvent.eventId }).from(cmsStatEvent).where(eq(cmsStatEvent.siteId, siteId))).length;
    const page = await readerPage();
    const beacons = () => page.waitForResponse((r) => r.url().includes('/api/stat/visit'));
    let sent = beacons();
    await page.goto(`${h.server.siteUrl}beacon/`, { referer: 'https://www.bing.com/search?q=beacon+news' });
    await sent;
    sent = beacons();
    await page.goto(`${h.server.siteUrl}beacon/stories/`, { referer: `${h.server.siteUrl}beacon/` });
    await sent;
    sent = beacons();
    await page.goto(pageUrl(), { referer: 'https://news.example.org/today' });
    await sent;
    await page.close();
    await recorder.flush();
    const rows = (await h.server.database.db.select().from(cmsStatEvent).where(eq(cmsStatEvent.siteId, siteId)).orderBy(cmsStatEvent.eventId)).slice(before);
    expect(rows.map(({ path, contentId, catalogId, source, engine, word, refHost, browser, os, device, entry }) => ({ path, contentId, catalogId, source, engine, word, refHost, browser, os, device, entry }))).toEqual([
      { path: '/beacon/', contentId: null, catalogId: null, source: 'search', engine: 'bing', word: 'beacon news', refHost: 'www.bing.com', browser: 'Chrome', os: 'Linux', device: 'desktop', entry: false },
      // A link within the site is no source. Every view is of one visit (this browser and address read the article above).
      { path: '/beacon/stories/', contentId: null, catalogId: stories, source: 'direct', engine: null, word: null, refHost: null, browser: 'Chrome', os: 'Linux', device: 'desktop', entry: false },
      { path: `/beacon/stories/${article}.shtml`, contentId: article, catalogId: stories, source: 'site', engine: null, word: null, refHost: 'news.example.org', browser: 'Chrome', os: 'Linux', device: 'desktop', entry: false },
    ]);
  });
});
