import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from './harness.ts';
import { cmsApi, type CmsApi } from './cms-api.ts';
import { seriousViolations } from './axe.ts';
import { pageWidgetResource } from '../../shared/resources/cms/page-widget.ts';
import { adSpaceResource } from '../../shared/resources/cms/ad-space.ts';
import { advertisementResource } from '../../shared/resources/cms/advertisement.ts';
import contentListZhCN from '../../shared/i18n/locales/zh-CN/contentList.ts';
import resourceZhCN from '../../shared/i18n/locales/zh-CN/resource.ts';
import commonZhCN from '../../shared/i18n/locales/zh-CN/common.ts';
import cmsZhCN from '../../shared/i18n/locales/zh-CN/cms.ts';
import { png } from '../../server/modules/cms/resource/test-files.ts';
import { cmsPageWidget } from '../../server/modules/cms/widget/schema.ts';
import { eq } from 'drizzle-orm';

// Page widgets and ads in the console (issue 29): the Content screen's Page Widget tab (a block
// added with its rows editor, published), the Advertise screen with its Publish button, and an
// ad's chart (Chart.js, loaded with the dialog), each free of serious axe violations.
process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'castanea-browser-widgets-'));
const h = useHarness({ admin: 'widgetadmin' });
afterAll(() => {
  delete process.env.DATA_DIR;
});
const W = pageWidgetResource.texts!.more!;
let api: CmsApi;
let ad = 0;
let space = 0;
const hour = 3_600_000;
const at = (ms: number) => new Date(Date.now() + ms).toISOString().slice(0, 19).replace('T', ' ');
const A = advertisementResource.texts!.more!;

beforeAll(async () => {
  api = await cmsApi(h, 'widgetadmin', 'Secret123');
  space = (await api.ok('POST', '/cms/adspace', { name: 'Top ads', code: 'top_ads', strategy: 'all', templates: { pc: 'widget/ads.template.html' } })).pageWidgetId;
  ad = (await api.ok('POST', '/cms/advertisement', { adSpaceId: space, type: 'text', name: 'Harbour tours', redirectUrl: 'https://example.com/tours' })).advertisementId;
});

/** The texts of the list's cells (headers included) that lie under its sticky actions column. */
const underActions = () => h.page.evaluate(() => {
  const actions = document.querySelector('.resource-table thead th.resource-actions-cell')!.getBoundingClientRect();
  return [...document.querySelectorAll<HTMLElement>('.resource-table tr > :not(.resource-actions-cell)')]
    .filter((cell) => cell.getBoundingClientRect().right > actions.left + 1).map((cell) => cell.textContent?.trim());
});

describe('page widgets and ads in the console', () => {
  it('adds a block with its rows editor in the Content screen\'s Page Widget tab and publishes it', async () => {
    await h.openScreen('/admin/configs/content', '[data-testid="content-screen"]');
    await h.page.getByRole('tab', { name: contentListZhCN.tabs.pageWidget }).click();
    await h.rowOf('top_ads').waitFor();
    await h.toolbar().getByRole('button', { name: resourceZhCN.add, exact: true }).click();
    await h.dialog().waitFor();
    await h.page.fill('#field-name', '推荐');
    await h.page.fill('#field-code', 'picks');
    await h.dialog().getByRole('button', { name: W.addRow['zh-CN'] }).click();
    await h.dialog().getByRole('textbox', { name: W.itemTitle['zh-CN'].replace('{{n}}', '1') }).fill('港口指南');
    await h.dialog().getByRole('textbox', { name: W.itemUrl['zh-CN'].replace('{{n}}', '1') }).fill('https://example.com/guide');
    expect(await seriousViolations(h.page, '[role="dialog"]')).toEqual([]);
    const added = h.page.waitForResponse((r) => r.url().endsWith('/prod-api/cms/pagewidget') && r.request().method() === 'POST');
    await h.dialog().getByRole('button', { name: commonZhCN.actions.ok }).click();
    const reply = await (await added).json();
    expect(reply.code, reply.msg).toBe(200);
    await h.rowOf('picks').waitFor();
    const stored = await api.ok('GET', `/cms/pagewidget/${reply.data.pageWidgetId}`);
    expect(stored.content).toEqual([{ items: [{ title: '港口指南', url: 'https://example.com/guide' }] }]);
    // Left alone, the template is the theme's block (the widget publishes, below).
    expect(stored.templates).toEqual({ pc: 'widget/block.template.html' });
    await h.rowOf('picks').getByRole('checkbox').check();
    const published = h.page.waitForResponse((r) => r.url().endsWith('/prod-api/cms/pagewidget/publish'));
    await h.toolbar().getByRole('button', { name: W.publish['zh-CN'] }).click();
    expect((await (await published).json()).code).toBe(200);
    expect(await seriousViolations(h.page)).toEqual([]);
  });

  it('lists ad spaces under Advertise and charts an ad\'s impressions and clicks', async () => {
    await h.openScreen('/admin/operations/advertisement', '.resource-table');
    expect(await h.page.title()).toContain(adSpaceResource.texts!.title['zh-CN']);
    await h.rowOf('top_ads').waitFor();
    expect(await seriousViolations(h.page)).toEqual([]);
    await h.rowOf('top_ads').getByRole('button', { name: adSpaceResource.texts!.more!.ads!['zh-CN'] }).click();
    await h.rowOf('Harbour tours').waitFor();
    const chartJs = h.page.waitForResponse((r) => /AdStatsDialog/.test(r.url()));
    await h.rowOf('Harbour tours').getByRole('button', { name: advertisementResource.texts!.more!.stats!['zh-CN'] }).click();
    await chartJs;
    const dialog = h.page.getByTestId('ad-stats');
    await dialog.locator('canvas[role="img"]').waitFor();
    expect(await dialog.textContent()).toContain(advertisementResource.texts!.more!.totals!['zh-CN'].replace('{{views}}', '0').replace('{{clicks}}', '0'));
    expect(ad).toBeGreaterThan(0);
    expect(await seriousViolations(h.page, '[data-testid="ad-stats"]')).toEqual([]);
  });

  it('gives a block item a title style, a logo from the library and a date', async () => {
    await h.openScreen('/admin/configs/content', '[data-testid="content-screen"]');
    await h.page.getByRole('tab', { name: contentListZhCN.tabs.pageWidget }).click();
    await h.rowOf('top_ads').waitFor();
    await h.toolbar().getByRole('button', { name: resourceZhCN.add, exact: true }).click();
    await h.dialog().waitFor();
    await h.page.fill('#field-name', '风格');
    await h.page.fill('#field-code', 'styled');
    await h.dialog().getByRole('button', { name: W.addRow['zh-CN'] }).click();
    const n1 = (key: keyof typeof W) => W[key]!['zh-CN'].replace('{{n}}', '1');
    await h.dialog().getByRole('textbox', { name: n1('itemTitle'), exact: true }).fill('加粗一项');
    await h.dialog().getByText(W.itemBold!['zh-CN'], { exact: true }).click();
    // The logo: uploaded through the library picker.
    await h.dialog().getByRole('group', { name: n1('itemLogo') }).locator('.image-upload-add').click();
    const picker = h.page.getByTestId('resource-picker');
    await picker.waitFor();
    await picker.getByRole('button', { name: cmsZhCN.resource.picker.uploadNew }).click();
    await h.page.getByTestId('resource-upload-input').setInputFiles({ name: 'pick-logo.png', mimeType: 'image/png', buffer: await png(60, 60, '#2255aa') });
    await h.page.getByTestId('resource-upload-dialog').getByRole('button', { name: cmsZhCN.resource.upload, exact: true }).click();
    await picker.waitFor({ state: 'detached' });
    await h.dialog().getByRole('group', { name: n1('itemLogo') }).locator('.image-upload-item img').waitFor();
    await h.dialog().getByLabel(n1('itemDate')).fill('2026-03-04 10:00');
    await h.dialog().getByRole('textbox', { name: n1('itemTitle'), exact: true }).click();
    expect(await seriousViolations(h.page, '[role="dialog"]')).toEqual([]);
    const added = h.page.waitForResponse((r) => r.url().endsWith('/prod-api/cms/pagewidget') && r.request().method() === 'POST');
    await h.dialog().getByRole('button', { name: commonZhCN.actions.ok }).click();
    const reply = await (await added).json();
    expect(reply.code, reply.msg).toBe(200);
    const stored = await api.ok('GET', `/cms/pagewidget/${reply.data.pageWidgetId}`);
    expect(stored.content[0].items[0]).toMatchObject({ title: '加粗一项', titleStyle: 'font-weight:bold', publishDate: '2026-03-04 10:00:00', logo: expect.stringMatching(/\/resources\/image\/.*\.png$/) });
    // Stored as the library's internal link (shown back at its console address).
    const [row] = await h.server.database.db.select().from(cmsPageWidget).where(eq(cmsPageWidget.pageWidgetId, reply.data.pageWidgetId));
    expect((row!.content as { items: { logo: string }[] }[])[0]!.items[0]!.logo).toMatch(/^iurl:\/\//);
  });

  it('shows in the ad list whether each enabled ad is live, scheduled or expired, every column in view at 1440 px', async () => {
    await api.ok('POST', '/cms/advertisement', { adSpaceId: space, type: 'text', name: 'Old offer', redirectUrl: 'https://example.com/old', onlineDate: at(-2 * hour), offlineDate: at(-hour) });
    await api.ok('POST', '/cms/advertisement', { adSpaceId: space, type: 'text', name: 'Next offer', redirectUrl: 'https://example.com/next', onlineDate: at(hour) });
    try {
      await h.inEveryLook(async ({ lng, tag }) => {
        await h.openScreen(`/admin/operations/advertisement/list?adSpaceId=${space}`, '.resource-table');
        await h.rowOf('Old offer').waitFor();
        const live = (k: 'live_expired' | 'live_scheduled' | 'live_live') => A[k]![lng as 'zh-CN'];
        expect(await h.rowOf('Old offer').locator('[data-live]').textContent()).toBe(live('live_expired'));
        expect(await h.rowOf('Next offer').locator('[data-live]').textContent()).toBe(live('live_scheduled'));
        expect(await h.rowOf('Harbour tours').locator('[data-live]').textContent()).toBe(live('live_live'));
        // No column, header or cell (the longest are the dates), lies under the sticky actions column.
        expect(await underActions(), tag).toEqual([]);
        await h.expectLaidOut(`ad-list-${tag}`);
      }, [1440]);
      expect(await seriousViolations(h.page)).toEqual([]);
    } finally {
      await h.page.evaluate(() => localStorage.setItem('language', 'zh-CN'));
      await h.page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it('shows every column of the Page Widget tab clear of its actions at 1440 px, the type among the first', async () => {
    try {
      await h.inEveryLook(async ({ tag }) => {
        await h.openScreen('/admin/configs/content', '[data-testid="content-screen"]');
        await h.page.getByRole('tab').nth(1).click();
        await h.rowOf('top_ads').waitFor();
        expect(await underActions(), tag).toEqual([]);
      }, [1440]);
    } finally {
      await h.page.evaluate(() => localStorage.setItem('language', 'zh-CN'));
      await h.page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it('pushes the selected contents to Baidu and refreshes their CDN from the content list\'s More menu', async () => {
    const [news] = await api.ok('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'Harbour news' });
    const contentId = (await api.ok('POST', '/cms/content?contentType=article', { catalogId: news.catalogId, title: 'Ferry times', contentHtml: '<p>Every hour</p>' })).contentId;
    await api.ok('POST', '/cms/content/publish', { contentIds: [contentId] });
    await api.ok('POST', '/cms/setting/seo', { BaiduPushEnabled: 'Y', BaiduPushSite: 'www.example.com', BaiduPushToken: 'tok-123' });
    await api.ok('POST', '/cms/setting/cdn', { CdnProvider: 'HTTP', CdnPurgeUrl: 'https://cdn.example.com/purge' });
    await h.openScreen('/admin/configs/content', '[data-testid=content-table] .content-title-link');
    const row = h.page.getByTestId('content-table').locator('tbody tr').filter({ hasText: 'Ferry times' });
    await row.locator('.p-checkbox').click();
    for (const [label, done] of [[contentListZhCN.actions.baiduPush, contentListZhCN.done.baiduPush], [contentListZhCN.actions.cdnRefresh, contentListZhCN.done.cdnRefresh]] as const) {
      await h.page.getByTestId('content-more').click();
      const sent = h.page.waitForResponse((r) => /\/prod-api\/cms\/(seo\/baidu_push|cdn\/refresh\/content)$/.test(r.url()));
      await h.page.getByRole('menuitem', { name: label }).click();
      const reply = await (await sent).json();
      expect(reply.code, reply.msg).toBe(200);
      await h.page.getByText(done.replace('{{count}}', String(reply.data.queued))).first().waitFor();
    }
    expect((await api.ok('GET', '/cms/seo/logs?pageSize=50')).rows.map((r: { target: string }) => r.target).sort()).toEqual(expect.arrayContaining(['baidu', 'cdn']));
  });
});
