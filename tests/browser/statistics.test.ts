import { describe, expect, it } from 'vitest';
import { useHarness } from './harness.ts';
import { demoSiteId } from './cms-api.ts';
import { seriousViolations } from './axe.ts';
import { statRecorderOf } from '../../server/modules/cms/stat/recorder.ts';
import { rollUp } from '../../server/modules/cms/stat/rollup.ts';
import zhCN from '../../shared/i18n/locales/zh-CN/stats.ts';

// The Statistics screen (menu 2080, issue 32 item 1): readers' views sent by the beacon show in
// the overview and the rankings; the chart is also a table; no serious axe violation; laid out at
// 800 px in zh-CN, zh-TW and en (looks.ts).
const h = useHarness({ admin: 'statadmin' });

describe('the Statistics screen', () => {
  it('shows the beacon\'s views in its overview and rankings, the trend as a table too', async () => {
    const site = await demoSiteId(h);
    const views = [
      ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36', 'https://www.baidu.com/s?wd=chestnut'],
      ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1', 'https://news.example.org/'],
      ['Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0', ''],
    ];
    for (const [i, [ua, ref]] of views.entries()) {
      const r = await h.server.server.sites.inject({ method: 'POST', url: `/api/stat/visit?sid=${site}&p=%2F&r=${encodeURIComponent(ref!)}`, remoteAddress: `1.0.2.${i + 1}`, headers: { 'user-agent': ua! } });
      expect(r.statusCode).toBe(204);
    }
    await statRecorderOf(h.server.server.services).flush();
    await rollUp(h.server.database.db);

    await h.openScreen('/admin/statistics', '[data-testid="stat-rank-source"] tbody tr');
    expect(await h.page.title()).toContain(zhCN.title);
    await expect.poll(() => h.page.getByTestId('stat-card-today').locator('.stat-card-main dd').textContent()).toBe('3');
    const sources = h.page.getByTestId('stat-rank-source').locator('tbody tr');
    // One view each, in the order of their values (direct, search, site), in words.
    expect(await sources.allTextContents()).toEqual([expect.stringContaining(zhCN.source.direct), expect.stringContaining(zhCN.source.search), expect.stringContaining(zhCN.source.site)]);
    await h.page.locator('.stat-screen canvas').waitFor();
    await h.page.getByText(zhCN.table.show).click();
    expect(await h.page.locator('.stat-details tbody tr').count()).toBe(30);
    expect(await seriousViolations(h.page)).toEqual([]);
    // The content statistics' tab, by keyboard: its three tables load when it is opened.
    await h.page.getByRole('tab', { name: zhCN.dim.contents }).focus();
    await h.page.keyboard.press('Enter');
    await h.page.getByRole('heading', { name: zhCN.contents.dynamic }).waitFor();
    await h.page.getByRole('heading', { name: zhCN.contents.byCatalog }).waitFor();
    // Each of the three has answered: a table or "no data", no placeholder left.
    await expect.poll(() => h.page.locator('.stat-contents .stat-rank > p', { hasText: '…' }).count()).toBe(0);
    expect(await h.page.locator('.stat-contents .stat-rank').count()).toBe(3);
    expect(await seriousViolations(h.page)).toEqual([]);

    await h.inEveryLook(async ({ tag }) => {
      await h.openScreen('/admin/statistics', '[data-testid="stat-rank-source"] tbody tr');
      await h.expectLaidOut(`statistics ${tag}`);
    });
  }, 120_000);

  it('shows what readers send (a page path, search words) as text, never as markup', async () => {
    const site = await demoSiteId(h);
    const path = '/<img src=x onerror="window.__statPwned=1">';
    const words = '<script>window.__statPwned=2</script>';
    const r = await h.server.server.sites.inject({
      method: 'POST', url: `/api/stat/visit?sid=${site}&p=${encodeURIComponent(path)}&r=${encodeURIComponent(`https://www.baidu.com/s?wd=${encodeURIComponent(words)}`)}`,
      remoteAddress: '1.0.3.1', headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0' },
    });
    expect(r.statusCode).toBe(204);
    await statRecorderOf(h.server.server.services).flush();
    await rollUp(h.server.database.db);
    await h.openScreen('/admin/statistics', '[data-testid="stat-rank-source"] tbody tr');
    // Search words are kept lower-cased. By position (the tabs' order: source, engine, word, page…): the looks above left another language.
    for (const [dim, text, index] of [['word', words.toLowerCase(), 2], ['page', path, 3]] as const) {
      await h.page.getByRole('tab').nth(index).focus();
      await h.page.keyboard.press('Enter');
      await expect.poll(() => h.page.getByTestId(`stat-rank-${dim}`).locator('tbody').textContent()).toContain(text);
    }
    expect(await h.page.locator('.stat-screen img[src="x"], .stat-screen script').count()).toBe(0);
    expect(await h.page.evaluate(() => (window as unknown as { __statPwned?: number }).__statPwned)).toBeUndefined();
  });
});
