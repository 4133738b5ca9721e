import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { it } from 'vitest';
import { useHarness } from '../browser/harness.ts';
import { demoSiteId } from '../browser/cms-api.ts';
import { StatRecorder } from '../../server/modules/cms/stat/recorder.ts';
import { loadCountries } from '../../server/modules/cms/stat/geo.ts';
import { rollUp } from '../../server/modules/cms/stat/rollup.ts';

// Issue 32 item 1's Statistics screen for a person to look at (docs/screenshots.md): the demo site
// with three weeks of made-up readers' views (agents, referrers, countries), rolled up, in zh-CN,
// zh-TW and en at 1440 and 800 px: the overview and trend, the trend's table, a ranking tab, and
// the browsers/OS/devices tab, the content statistics' tab.

const DIR = process.env.SHOTS_DIR || 'shots';
const h = useHarness({ admin: 'statshots' });

const AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0',
  'Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.0 Mobile/15E148 Safari/604.1',
];
const REFERRERS = [undefined, 'https://www.baidu.com/s?wd=%E6%A0%97%E5%AD%90', 'https://www.google.com/search?q=chestnut+cms', 'https://www.bing.com/search?q=castanea', 'https://news.example.org/a/1'];
const ADDRESSES = ['1.0.2.3', '1.0.0.9', '2001:200::5', '8.8.4.4', '81.2.69.160', '203.0.113.9'];

async function save(name: string, tag: string) {
  await h.page.waitForLoadState('networkidle').catch(() => undefined);
  await h.page.waitForTimeout(400);
  await h.page.screenshot({ path: join(DIR, `${name}-${tag}.png`), fullPage: true });
}

it('saves the Statistics screen', async () => {
  mkdirSync(DIR, { recursive: true });
  const siteId = await demoSiteId(h);
  await loadCountries();
  const recorder = new StatRecorder(h.server.database.db);
  const now = Date.now();
  for (let day = 20; day >= 0; day--) {
    for (let i = 0; i < 15 + ((day * 7) % 11); i++) {
      await recorder.record({
        siteId, contentId: null, catalogId: null, path: ['/', '/news/', '/news/a.shtml', '/about.shtml'][i % 4]!, referrer: REFERRERS[(i + day) % REFERRERS.length],
        pageHost: null, address: ADDRESSES[(i * 3 + day) % ADDRESSES.length]!, userAgent: AGENTS[(i + day) % AGENTS.length]!, at: new Date(now - day * 86_400_000 - i * 600_000),
      });
    }
  }
  await recorder.flush();
  await rollUp(h.server.database.db);

  await h.inEveryLook(async ({ tag }) => {
    await h.openScreen('/admin/statistics');
    await h.page.getByTestId('stat-screen').locator('canvas').waitFor({ timeout: 15_000 }).catch(() => undefined);
    await h.page.getByTestId('stat-rank-source').locator('tbody tr').first().waitFor({ timeout: 15_000 }).catch(() => undefined);
    await save('stat', tag);
    await h.page.locator('.stat-details summary').click();
    await save('stat-trend-table', tag);
    await h.page.locator('[role=tab]').nth(7).click();
    await h.page.getByTestId('stat-rank-device').locator('tbody tr').first().waitFor({ timeout: 15_000 }).catch(() => undefined);
    await save('stat-tech', tag);
    await h.page.locator('[role=tab]').nth(9).click();
    await h.page.locator('#stat-dynamic').waitFor({ timeout: 15_000 }).catch(() => undefined);
    await save('stat-contents', tag);
  }, [1440, 800]);
});
