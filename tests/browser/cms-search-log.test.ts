import { describe, expect, it } from 'vitest';
import { useHarness } from './harness.ts';
import { cmsApi, demoSiteId } from './cms-api.ts';
import { searchLogResource } from '../../shared/resources/cms/search-log.ts';
import { searchWordResource } from '../../shared/resources/cms/search-word.ts';
import { searchLoggerOf } from '../../server/modules/cms/searchlog/logger.ts';

// The Search Log screen (menu 2053): the current site's search logs in one tab, the word
// statistics in the other, a word's trend chart loading when it is opened; laid out at 800 px in
// zh-CN, zh-TW and en (looks.ts).
const h = useHarness({ admin: 'searchadmin' });
const L = searchLogResource.texts!;
const W = searchWordResource.texts!;

describe('the Search Log screen', () => {
  it('lists the site\'s searches, then its words with a trend chart per word', async () => {
    const site = await demoSiteId(h);
    // A reader's query is the reader's text: shown as text in both tabs, never run.
    const evil = '<img src=x onerror="window.__pwned=1">';
    for (const q of ['harbour', 'harbour', 'lighthouse', evil]) {
      await h.server.server.sites.inject({ method: 'GET', url: `/api/cms/search/query?sid=${site}&pp=pc&q=${encodeURIComponent(q)}`, headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0' } });
    }
    await searchLoggerOf(h.server.server.services).flush();
    const api = await cmsApi(h, 'searchadmin', 'Secret123');
    await api.ok('POST', '/search/word/add', { word: 'Market day' });

    await h.openScreen('/admin/configs/searchWord', '.resource-table tbody tr:has-text("lighthouse")');
    expect(await h.page.title()).toContain(L.title['zh-CN']);
    expect(await h.rowOf('harbour').count()).toBe(2);
    await expect.poll(() => h.rowOf('lighthouse').textContent()).toContain('Firefox');
    expect(await h.page.locator('.resource-table tbody', { hasText: evil }).count()).toBe(1);
    expect(await h.page.locator('.resource-table img[src=x]').count()).toBe(0);
    // Charts are not part of the page until a trend is opened.
    expect(await h.page.evaluate(() => performance.getEntriesByType('resource').some((e) => /WordTrendDialog/.test(e.name)))).toBe(false);

    await h.page.getByRole('tab', { name: L.more!.words!['zh-CN'] }).click();
    const harbour = h.page.locator('.resource-table tbody tr', { hasText: 'harbour' });
    await harbour.waitFor();
    expect(await h.page.locator('.resource-table tbody tr').first().textContent()).toContain('harbour');
    await h.page.locator('.resource-table tbody tr', { hasText: 'market day' }).waitFor();
    expect(await h.page.locator('.resource-table tbody', { hasText: evil }).count()).toBe(1);
    expect(await h.page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

    await harbour.getByRole('button', { name: W.more!.trend!['zh-CN'] }).click();
    const dialog = h.page.getByTestId('word-trend');
    await dialog.waitFor();
    await expect.poll(() => dialog.textContent()).toContain(W.more!.trendTotal!['zh-CN'].replace('{{n}}', '2'));
    const drawn = await dialog.locator('canvas').evaluate((c: HTMLCanvasElement) => c.width > 0 && c.height > 0);
    expect(drawn).toBe(true);
    await h.page.keyboard.press('Escape');

    await h.inEveryLook(async ({ tag }) => {
      await h.openScreen('/admin/configs/searchWord', '.resource-table tbody tr:has-text("lighthouse")');
      await h.expectLaidOut(`search log ${tag}`);
    });
  }, 120_000);
});
