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

beforeAll(async () => {
  api = await cmsApi(h, 'widgetadmin', 'Secret123');
  const space = (await api.ok('POST', '/cms/adspace', { name: 'Top ads', code: 'top_ads', strategy: 'all', templates: { pc: 'widget/ads.template.html' } })).pageWidgetId;
  ad = (await api.ok('POST', '/cms/advertisement', { adSpaceId: space, type: 'text', name: 'Harbour tours', redirectUrl: 'https://example.com/tours' })).advertisementId;
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
});
