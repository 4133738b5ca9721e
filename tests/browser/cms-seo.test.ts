import { describe, expect, it } from 'vitest';
import { useHarness } from './harness.ts';
import { seriousViolations } from './axe.ts';
import cmsZhCN from '../../shared/i18n/locales/zh-CN/cms.ts';
import fieldsZhCN from '../../shared/i18n/locales/zh-CN/fields.ts';
import { cmsPushJob, cmsSite } from '../../server/modules/cms/schema.ts';

// Issue 29 §6 in the browser: the CDN tab of the settings (an endpoint refused by its scheme,
// the credential write-only) and the push log (a failed purge, its answer, sent again).
// Laid out right at 800 px in zh-CN, zh-TW and en (looks.ts).
const h = useHarness({ admin: 'seoadmin' });
const C = cmsZhCN.settings;

async function openTab(name: string) {
  await h.openScreen('/admin/configs/settings', '[data-testid=settings-storage]');
  await h.page.getByRole('tab', { name }).click();
}

describe('SEO and CDN settings', () => {
  it('saves an HTTP purge endpoint: a non-http address is named under its field, the credential never comes back', async () => {
    await openTab('CDN');
    await h.page.getByTestId('settings-cdn').waitFor();
    await h.page.locator('[data-testid=settings-cdn] .p-dropdown').first().click();
    await h.page.getByRole('option', { name: C.cdnProvider.HTTP }).click();
    await h.page.locator('#setting-CdnPurgeUrl').fill('ftp://cdn.example.com/purge');
    await h.page.getByTestId('settings-save-cdn').click();
    expect(await h.page.getByTestId('error-CdnPurgeUrl').textContent()).toBe(`${fieldsZhCN.siteConfig.CdnPurgeUrl}必须是 http:// 或 https:// 地址`);
    await h.page.locator('#setting-CdnPurgeUrl').fill('https://cdn.example.com/purge');
    await h.page.locator('#setting-CdnSecret').fill('browser-secret-1');
    await h.page.getByTestId('settings-save-cdn').click();
    await h.toasts().getByText(C.saved).waitFor();
    const [site] = await h.server.database.db.select().from(cmsSite);
    expect(site!.configProps).toMatchObject({ CdnProvider: 'HTTP', CdnPurgeUrl: 'https://cdn.example.com/purge', CdnSecret: 'browser-secret-1' });
    // Opened again: the field is empty and says a credential is kept.
    await openTab('CDN');
    await h.page.locator('#setting-CdnSecret').waitFor();
    expect(await h.page.locator('#setting-CdnSecret').inputValue()).toBe('');
    await h.page.waitForFunction((kept) => document.querySelector('#setting-CdnSecret')?.getAttribute('placeholder') === kept, C.secretKept);
    expect(await h.page.content()).not.toContain('browser-secret-1');
  });

  it('lists the site\'s pushes with their answer, and sends a failed one again', async () => {
    const [site] = await h.server.database.db.select().from(cmsSite);
    await h.server.database.db.insert(cmsPushJob).values({
      siteId: site!.siteId, target: 'cdn', pipeCode: 'pc', base: 'https://www.example.com/', urls: ['https://www.example.com/news/1.shtml', 'https://www.example.com/news/2.shtml'],
      status: 'FAILED', attempts: 4, httpStatus: 503, response: 'POST https://cdn.example.com/purge\nbusy, try later', endTime: new Date(),
    });
    await openTab(C.log.tab);
    const log = h.page.getByTestId('push-log');
    await log.locator('tbody tr', { hasText: C.log.statuses.FAILED }).waitFor();
    expect(await log.textContent()).toContain('busy, try later');
    await log.getByText(C.log.showUrls.replace('{{count}}', '2')).click();
    await log.getByText('https://www.example.com/news/2.shtml').waitFor();
    expect(await seriousViolations(h.page, '[data-testid=push-log]')).toEqual([]);
    await log.getByRole('button', { name: C.log.retry }).click();
    await h.toasts().getByText(C.log.retried).waitFor();
    await log.locator('tbody tr', { hasText: C.log.statuses.PENDING }).waitFor();
  });

  it('is laid out right in every language at 800 px', async () => {
    await h.inEveryLook(async ({ tag }) => {
      await h.openScreen('/admin/configs/settings', '[data-testid=settings-storage]');
      const tabs = h.page.locator('.p-tabview-nav [role=tab]');
      await tabs.nth(5).click();
      await h.page.getByTestId('settings-seo').waitFor();
      // The sitemap is set per pipe (the site's Basic tab): ChestnutCMS's two keys are not offered here.
      expect(await h.page.locator('#setting-BaiduPushSite').count()).toBe(1);
      expect(await h.page.locator('#setting-SitemapUrlLimit, #setting-SitemapPageType').count()).toBe(0);
      await h.expectLaidOut(`settings-seo-${tag}`);
      await tabs.nth(6).click();
      await h.page.getByTestId('settings-cdn').waitFor();
      await h.expectLaidOut(`settings-cdn-${tag}`);
      await tabs.nth(7).click();
      await h.page.getByTestId('push-log').locator('tbody tr').first().waitFor();
      await h.expectLaidOut(`settings-push-log-${tag}`);
    });
    await h.page.setViewportSize({ width: 1280, height: 800 });
  }, 240_000);
});
