import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from './harness.ts';
import { readerPage } from './reader-page.ts';
import { byName, cmsApi, type CmsApi } from './cms-api.ts';
import { drainQueue } from '../../server/modules/cms/publish/worker.ts';
import { cmsContent } from '../../server/modules/cms/content/schema.ts';
import { cmsCatalog } from '../../server/modules/cms/catalog/schema.ts';
import { statRecorderOf } from '../../server/modules/cms/stat/recorder.ts';
import { viewCounterOf } from '../../server/modules/cms/stat/view-counter.ts';
import { rollUp } from '../../server/modules/cms/stat/rollup.ts';
import { countryOf, loadCountries } from '../../server/modules/cms/stat/geo.ts';
import S from '../../shared/i18n/locales/en/stats.ts';

// Issue 32's first acceptance step, end to end: readers browse the published default theme in
// Chromium with different browsers, addresses and referrers; after the rollup the Statistics
// screen shows those visits in every view, and Home's dashboard counts are the database's.
// The sites port trusts X-Forwarded-For here (TRUST_PROXY, as behind a proxy) so readers come
// from different countries.

const dataDir = mkdtempSync(join(tmpdir(), 'castanea-stat-walk-'));
const h = useHarness({ admin: 'statwalker', config: { dataDir, trustProxy: true } });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
let api: CmsApi;
let siteId = 0;
const ids: Record<string, number> = {};

const AGENTS = {
  windowsChrome: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  linuxFirefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
};
const ADDRESSES = { windowsChrome: '114.114.114.114', iphone: '1.1.1.1', linuxFirefox: '8.8.8.8' };

beforeAll(async () => {
  api = await cmsApi(h, 'admin', 'admin123');
  siteId = (await api.ok('POST', '/cms/site', { name: 'Walk', path: 'walk' })).siteId as number;
  const cat = byName(await api.ok('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'News\nTravel' }, siteId));
  ids.News = cat.News!;
  ids.Travel = cat.Travel!;
  for (const [title, catalogId] of [['Harbour bridge reopens', cat.News], ['Ferries at night', cat.Travel]] as const) {
    ids[title] = (await api.ok('POST', '/cms/content?contentType=article', { catalogId, title, contentHtml: `<p>${title}</p>` }, siteId)).contentId;
  }
  await api.ok('POST', '/cms/content/publish', { contentIds: [ids['Harbour bridge reopens'], ids['Ferries at night']] }, siteId);
  await api.ok('POST', '/cms/site/publish', { siteId, publishIndex: true }, siteId);
  await drainQueue(h.server.server.services);
});

/** One reader: their browser and address, reading `pages` in turn, each from the referrer given. */
async function browse(agent: keyof typeof AGENTS, pages: [path: string, referer: string | undefined][]) {
  const context = await h.context.browser()!.newContext({ extraHTTPHeaders: { 'x-forwarded-for': ADDRESSES[agent] } });
  const page = await readerPage(context, { userAgent: AGENTS[agent] });
  for (const [path, referer] of pages) {
    const sent = page.waitForResponse((r) => r.url().includes('/api/stat/visit'));
    await page.goto(`${h.server.siteUrl}walk/${path}`, { referer });
    expect((await sent).status()).toBe(204);
  }
  await context.close();
}

describe('a day of readers, then the Statistics screen and Home', () => {
  it('shows the visits in every view of the Statistics screen, and Home counts as the database does', async () => {
    const news = `news/${ids['Harbour bridge reopens']}.shtml`;
    const travel = `travel/${ids['Ferries at night']}.shtml`;
    await browse('windowsChrome', [['', 'https://www.baidu.com/s?wd=harbour%20bridge'], ['news/', undefined], [news, undefined]]);
    await browse('iphone', [[news, 'https://news.example.org/today']]);
    await browse('linuxFirefox', [['', 'https://www.google.com/search?q=night+ferries'], [travel, undefined]]);
    await statRecorderOf(h.server.server.services).flush();
    await viewCounterOf(h.server.server.services).flush();
    await rollUp(h.server.database.db);

    const page = h.page;
    await page.evaluate((id) => { localStorage.setItem('CurrentSite', id); localStorage.setItem('language', 'en'); }, String(siteId));
    await h.openScreen('/admin/statistics', '[data-testid="stat-rank-source"] tbody tr');
    const today = page.getByTestId('stat-card-today');
    await expect.poll(() => today.locator('.stat-card-main dd').textContent()).toBe('6');
    expect(await today.locator('dd').allTextContents()).toEqual(['6', '3', '3', '3', '2']);

    const rows = async (dim: string) => (await page.getByTestId(`stat-rank-${dim}`).locator('tbody tr').allTextContents()).join('\n');
    const open = async (tab: string, dim: string) => {
      await page.getByRole('tab', { name: tab, exact: true }).click();
      await page.getByTestId(`stat-rank-${dim}`).locator('tbody tr').first().waitFor();
    };
    // Sources: two readers came from search engines, one from another site; their later pages are the site's own links (direct).
    for (const word of [S.source.search, S.source.site, S.source.direct]) expect(await rows('source')).toContain(word);
    await open(S.dim.engine, 'engine');
    expect(await rows('engine')).toMatch(/baidu[\s\S]*google|google[\s\S]*baidu/i);
    await open(S.dim.word, 'word');
    expect(await rows('word')).toContain('harbour bridge');
    expect(await rows('word')).toContain('night ferries');
    await open(S.dim.page, 'page');
    for (const path of ['/walk/', '/walk/news/', `/walk/${news}`, `/walk/${travel}`]) expect(await rows('page')).toContain(path);
    await open(S.dim.entry, 'entry');
    expect(await page.getByTestId('stat-rank-entry').locator('tbody tr').count()).toBe(2);
    await open(S.dim.content, 'content');
    expect(await rows('content')).toContain('Harbour bridge reopens');
    expect(await rows('content')).toContain('Ferries at night');
    await open(S.dim.catalog, 'catalog');
    expect(await rows('catalog')).toContain('News');
    expect(await rows('catalog')).toContain('Travel');
    await open(S.dim.tech, 'browser');
    for (const name of ['Chrome', 'Mobile Safari', 'Firefox']) expect(await rows('browser')).toContain(name);
    for (const name of ['Windows', 'iOS', 'Linux']) expect(await rows('os')).toContain(name);
    expect(await rows('device')).toContain(S.device.desktop);
    expect(await rows('device')).toContain(S.device.mobile);
    await open(S.dim.country, 'country');
    await loadCountries();
    const names = new Intl.DisplayNames(['en'], { type: 'region' });
    for (const address of Object.values(ADDRESSES)) expect(await rows('country')).toContain(names.of(countryOf(address)!)!);
    await page.getByRole('tab', { name: S.dim.contents, exact: true }).click();
    await page.getByRole('heading', { name: S.contents.dynamic }).waitFor();
    await expect.poll(() => page.locator('.stat-contents', { hasText: 'Harbour bridge reopens' }).count()).toBeGreaterThan(0);

    // Home: the site's counts are the database's.
    const db = h.server.database.db;
    const [contents] = await db.select({ n: count() }).from(cmsContent).where(and(eq(cmsContent.siteId, siteId), isNull(cmsContent.recycleTime)));
    const [published] = await db.select({ n: count() }).from(cmsContent).where(and(eq(cmsContent.siteId, siteId), eq(cmsContent.status, '30'), isNull(cmsContent.recycleTime)));
    const [catalogs] = await db.select({ n: count() }).from(cmsCatalog).where(and(eq(cmsCatalog.siteId, siteId), isNull(cmsCatalog.deleteTime)));
    await h.openScreen('/admin/index', '[data-testid=home-dashboard]');
    await expect.poll(() => page.getByTestId('dashboard-contents').textContent()).toBe(String(contents!.n));
    expect(await page.getByTestId('dashboard-published').textContent()).toBe(String(published!.n));
    expect(await page.getByTestId('dashboard-catalogs').textContent()).toBe(String(catalogs!.n));
    expect(await page.getByTestId('dashboard-views-summary').textContent()).toMatch(/^3 views from .* 3 of them today/);
    // Its content views are the three article pages read.
  }, 180_000);
});
