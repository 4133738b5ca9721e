import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { it } from 'vitest';
import { TABLE_ROWS, useHarness } from '../browser/harness.ts';
import { cmsApi, demoSiteId } from '../browser/cms-api.ts';
import { drainAndIndex } from '../../server/modules/cms/search/drain-and-index.ts';
import { searchLoggerOf } from '../../server/modules/cms/searchlog/logger.ts';

// Issue 30's search for a person to look at (docs/screenshots.md): the Search Log screen's two
// tabs and a word's trend, and the default theme's search page of a published site (hits with
// their highlighted words, paging), in zh-CN, zh-TW and en at 1440 and 800 px.

const DIR = process.env.SHOTS_DIR || 'shots';
const WIDTHS = [1440, 800] as const;
const h = useHarness({ admin: 'searchshots' });

async function save(name: string, tag: string) {
  await h.page.waitForLoadState('networkidle').catch(() => undefined);
  await h.page.waitForTimeout(300);
  await h.page.screenshot({ path: join(DIR, `${name}-${tag}.png`), fullPage: true });
}

it('saves the search page and the Search Log screen', async () => {
  mkdirSync(DIR, { recursive: true });
  const api = await cmsApi(h, 'searchshots', 'Secret123');
  const demo = await demoSiteId(h);
  const sites: Record<string, string> = {};
  for (const lng of ['zh-CN', 'zh-TW', 'en']) {
    const path = `find${lng.slice(-2).toLowerCase()}`;
    const made = await h.server.api('POST', '/cms/site', { token: api.token, body: { name: `Search ${lng}`, path }, headers: { repeatSubmit: 'false', 'accept-language': lng } });
    const siteId = made.data.siteId as number;
    const [news] = await api.ok('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: lng === 'en' ? 'News\n  Harbour' : '新闻\n  港口' }, siteId);
    const ids: number[] = [];
    for (let i = 1; i <= 12; i++) {
      const title = lng === 'en' ? `Harbour news ${i}: the ferry runs again` : `港口新闻 ${i}：渡轮恢复航行`;
      const summary = lng === 'en' ? 'The harbour reopened this morning after the storm; fishing boats came back.' : '暴风雨过后，港口今天早上重新开放，渔船陆续回港。';
      ids.push((await api.ok('POST', '/cms/content?contentType=article', { catalogId: news.catalogId, title, summary, contentHtml: `<p>${summary}</p>` }, siteId)).contentId);
    }
    await api.ok('POST', '/cms/content/publish', { contentIds: ids }, siteId);
    await api.ok('POST', '/cms/site/publish', { siteId, contentStatus: '30' }, siteId);
    sites[lng] = `${path}/_search?q=${encodeURIComponent(lng === 'en' ? 'harbour' : '港口')}`;
  }
  await drainAndIndex(h.server.server.services);
  for (const q of ['harbour', 'harbour', 'ferry', '港口', 'lighthouse']) {
    await h.server.server.sites.inject({ method: 'GET', url: `/api/cms/search/query?sid=${demo}&pp=pc&q=${encodeURIComponent(q)}`, headers: { 'user-agent': 'Mozilla/5.0 Chrome/130.0 Safari/537.36' } });
  }
  await searchLoggerOf(h.server.server.services).flush();

  await h.inEveryLook(async ({ lng, tag }) => {
    await h.page.goto(`${h.server.siteUrl}${sites[lng]}`);
    await save('site-search', tag);
    await h.openScreen('/admin/configs/searchWord');
    await h.page.locator(TABLE_ROWS).first().waitFor({ timeout: 15_000 }).catch(() => undefined);
    await save('cms-search-log', tag);
    await h.page.locator('[role=tab]').nth(1).click();
    await h.page.locator('.resource-table tbody tr', { hasText: 'harbour' }).waitFor({ timeout: 15_000 }).catch(() => undefined);
    await save('cms-search-words', tag);
    await h.page.locator('.resource-table tbody tr', { hasText: 'harbour' }).locator('button:has(.pi-chart-line)').click();
    await h.page.getByTestId('word-trend').locator('canvas').waitFor();
    await save('cms-search-trend', tag);
  }, WIDTHS);
}, 300_000);
