import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { useHarness } from './harness.ts';
import { png } from '../../server/modules/cms/resource/test-files.ts';
import { cmsCatalog, cmsPublishPipe, cmsResource, cmsSite, cmsSiteProperty } from '../../server/modules/cms/schema.ts';
import cmsZhCN from '../../shared/i18n/locales/zh-CN/cms.ts';
import fieldsZhCN from '../../shared/i18n/locales/zh-CN/fields.ts';
import resourceZhCN from '../../shared/i18n/locales/zh-CN/resource.ts';
import commonZhCN from '../../shared/i18n/locales/zh-CN/common.ts';
import validationZhCN from '../../shared/i18n/locales/zh-CN/validation.ts';
import serverZhCN from '../../server/core/messages/zh-CN.ts';

// Issue 9's acceptance in the browser: create the site "News", give it a logo uploaded through its
// own library, per-pipe props, a property and default templates (applied to a catalog) while
// another site is current; switch to it in the picker and add its h5 pipe; a duplicate folder
// shows the error under the field; a delete names the site and what goes with it; a tab with
// unsaved changes asks before it is left.
// Laid out right at 800 px in zh-CN, zh-TW and en (looks.ts); pictures: `npm run shots`.

process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'castanea-browser-site-'));
const h = useHarness({ admin: 'siteadmin' });
afterAll(() => {
  delete process.env.DATA_DIR;
});
const C = cmsZhCN.site;
const R = resourceZhCN;
const db = () => h.server.database.db;
const siteNamed = async (name: string) => (await db().select().from(cmsSite).where(eq(cmsSite.name, name)))[0]!;
const fill = (text: string, vars: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(vars[k]));

async function openSites() {
  await h.openScreen('/admin/configs/site', '.resource-table tbody tr');
}
async function openTabs(name: string) {
  await openSites();
  await h.rowOf(name).getByRole('button', { name: R.edit, exact: true }).click();
  await h.page.getByTestId('site-basic').waitFor();
  await h.hideDemand();
}
async function addSite(name: string, path: string) {
  await h.toolbar().getByRole('button', { name: R.add, exact: true }).click();
  await h.dialog().waitFor();
  await h.page.fill('#field-name', name);
  await h.page.fill('#field-path', path);
  await h.dialog().getByRole('button', { name: commonZhCN.actions.ok }).click();
}
const tab = (name: string) => h.page.getByRole('tab', { name, exact: true });

describe('sites and publish pipes in the console', () => {
  it('lists the sites ten to a page and adds "News"; a folder taken shows the error under the field', async () => {
    // The first list comes on its own, or with the page's first data in the head script's batch.
    const listCall = (url: string) => {
      const u = new URL(url);
      if (u.pathname.endsWith('/prod-api/cms/site/list')) return u;
      const inBatch = u.pathname.endsWith('/prod-api/batch') ? u.searchParams.getAll('get').find((c) => c.startsWith('/cms/site/list?')) : undefined;
      return inBatch ? new URL(inBatch, u.origin) : null;
    };
    const listed = h.page.waitForResponse((r) => listCall(r.url()) !== null);
    await openSites();
    expect(listCall((await listed).url())!.searchParams.get('pageSize')).toBe('10');
    await addSite('News', 'news');
    await h.rowOf('news').waitFor();
    expect(await h.dialog().count()).toBe(0);
    // The same folder again: the server's message, under the folder field.
    await addSite('News again', 'news');
    const error = h.page.getByTestId('error-path');
    await error.waitFor();
    expect(await error.textContent()).toBe(fill(serverZhCN.resource.exists, { field: fieldsZhCN.site.path, value: 'news' }));
    // A folder that is not letters and digits is refused before anything is sent.
    await h.page.fill('#field-path', '../x');
    await h.dialog().getByRole('button', { name: commonZhCN.actions.ok }).click();
    expect(await error.textContent()).toBe(fill(validationZhCN.lettersDigits, { field: fieldsZhCN.site.path }));
    await h.dialog().getByRole('button', { name: commonZhCN.actions.cancel }).click();
    expect((await db().select().from(cmsSite)).map((s) => s.path).sort()).toEqual(['demo', 'news']);
  });

  it('edits News in its tabs while Demo is current: a logo uploaded to News\'s library, each pipe\'s props', async () => {
    await openTabs('News');
    expect(h.page.url()).toMatch(/\/admin\/cms\/site\/tabs\?siteId=\d+$/);
    // The hidden page lights its menu, Sites.
    await h.page.locator('.shell-sidebar .shell-menu-item.is-active[href$="/configs/site"]').waitFor();
    // Bad input is named under its field, before anything is sent.
    await h.page.fill('#site-domain', 'not a host');
    await h.page.getByTestId('site-basic-save').click();
    expect(await h.page.getByTestId('error-domain').textContent()).toBe(fill(validationZhCN.host, { field: fieldsZhCN.site.domain }));
    await h.page.fill('#site-domain', 'news.example.com');
    // The logo: uploaded through the picker into News's library.
    await h.page.locator('[data-testid=site-basic] .image-upload-add').click();
    const picker = h.page.getByTestId('resource-picker');
    await picker.waitFor();
    await picker.getByRole('button', { name: cmsZhCN.resource.picker.uploadNew }).click();
    await h.page.getByTestId('resource-upload-input').setInputFiles({ name: 'news-logo.png', mimeType: 'image/png', buffer: await png(120, 60, '#cc3322') });
    await h.page.getByTestId('resource-upload-dialog').getByRole('button', { name: cmsZhCN.resource.upload, exact: true }).click();
    await picker.waitFor({ state: 'detached' });
    await h.page.waitForFunction(() => (document.querySelector('[data-testid=site-basic] .image-upload-item img') as HTMLImageElement | null)?.naturalWidth === 120);
    // The pc pipe's address.
    await h.page.fill('#pipe-pc-url', 'https://news.example.com');
    await h.page.getByTestId('site-basic-save').click();
    await h.toasts().getByText(C.saved).waitFor();
    const news = await siteNamed('News');
    // Stored as an internal link to News's library (issue 26 item 3)…
    expect(news).toMatchObject({ domain: 'news.example.com', logo: `iurl://${(await db().select().from(cmsResource).where(eq(cmsResource.name, 'news-logo')))[0]!.path}?sid=${news.siteId}&storage=Local` });
    expect(news.publishPipeProps.pc).toMatchObject({ url: 'https://news.example.com' });
    const [logo] = await db().select().from(cmsResource).where(eq(cmsResource.name, 'news-logo'));
    expect(logo!.siteId).toBe(news.siteId);
    // …and shown again when the tab loads it.
    await openTabs('News');
    await h.page.waitForFunction(() => (document.querySelector('[data-testid=site-basic] .image-upload-item img') as HTMLImageElement | null)?.naturalWidth === 120);
    // The picker still shows Demo: editing a site does not switch to it.
    expect(await h.page.getByTestId('site-picker').textContent()).not.toContain('News');
  });

  it('asks before a tab with unsaved changes is left', async () => {
    await openTabs('News');
    await h.page.fill('#site-seoTitle', 'Daily news');
    await tab(cmsZhCN.site.tabs.extend).click();
    await h.confirmBox().waitFor();
    expect(await h.confirmBox().textContent()).toContain(C.unsaved);
    await h.confirmBox().getByRole('button', { name: commonZhCN.actions.cancel }).click();
    expect(await h.page.inputValue('#site-seoTitle')).toBe('Daily news');
    await tab(cmsZhCN.site.tabs.extend).click();
    await h.confirmBox().getByRole('button', { name: commonZhCN.actions.ok }).click();
    await h.page.getByTestId('settings-extend').waitFor();
    expect((await siteNamed('News')).seoTitle).not.toBe('Daily news');
    // Saved changes leave freely.
    await h.page.fill('#setting-CatalogPageSize', '15');
    await h.page.getByTestId('settings-save-extend').click();
    await h.toasts().getByText(cmsZhCN.settings.saved).waitFor();
    await tab(cmsZhCN.site.tabs.basic).click();
    await h.page.getByTestId('site-basic').waitFor();
    expect(await h.confirmBox().count()).toBe(0);
    expect((await siteNamed('News')).configProps).toMatchObject({ CatalogPageSize: '15' });
    // Another console page asks too, and a refusal keeps the page as it was.
    await h.page.fill('#site-seoTitle', 'Daily news');
    const pipes = h.page.locator('.shell-sidebar a.shell-menu-item[href$="/configs/publishpipe"]');
    await pipes.click();
    await h.confirmBox().waitFor();
    await h.confirmBox().getByRole('button', { name: commonZhCN.actions.cancel }).click();
    await h.confirmBox().waitFor({ state: 'detached' });
    expect(h.page.url()).toContain('/admin/cms/site/tabs?siteId=');
    expect(await h.page.inputValue('#site-seoTitle')).toBe('Daily news');
    await pipes.click();
    await h.confirmBox().getByRole('button', { name: commonZhCN.actions.ok }).click();
    await h.page.waitForURL('**/admin/configs/publishpipe');
    await h.page.locator('.resource-table tbody tr').first().waitFor();
  });

  it('adds a property of News and sets its default templates, applied to a chosen catalog', async () => {
    const news = await siteNamed('News');
    await h.server.api('POST', '/cms/catalog/batchAdd', { token: await adminToken(), headers: { CurrentSite: String(news.siteId), repeatSubmit: 'false' }, body: { parentId: 0, catalogs: 'World\nSports' } });
    await openTabs('News');
    await tab(cmsZhCN.site.tabs.property).click();
    await h.page.locator('.site-tabs .resource-screen').waitFor();
    await h.toolbar().getByRole('button', { name: R.add, exact: true }).click();
    await h.dialog().waitFor();
    await h.page.fill('#field-propName', 'Hotline');
    await h.page.fill('#field-propCode', 'hotline');
    await h.page.fill('#field-propValue', '400-100-200');
    await h.dialog().getByRole('button', { name: commonZhCN.actions.ok }).click();
    await h.rowOf('hotline').waitFor();
    expect((await db().select().from(cmsSiteProperty)).map((p) => [p.siteId, p.propCode])).toEqual([[news.siteId, 'hotline']]);

    await tab(cmsZhCN.site.tabs.defaultTemplate).click();
    await h.page.getByTestId('site-templates').waitFor();
    await h.page.fill('#tpl-pc-detailTemplate_article', 'news/article.template.html');
    // Applying is for saved templates.
    expect(await h.page.getByTestId('site-templates-apply').isDisabled()).toBe(true);
    await h.page.getByTestId('site-templates-save').click();
    await h.toasts().getByText(C.templates.saved).waitFor();
    expect((await siteNamed('News')).publishPipeProps.pc).toMatchObject({ detailTemplate_article: 'news/article.template.html' });
    await h.page.getByTestId('site-templates-apply').click();
    const dialog = h.page.getByTestId('site-apply-templates');
    await dialog.locator('.p-treenode-label', { hasText: 'World' }).waitFor();
    await dialog.locator('.p-treenode-content', { hasText: 'World' }).locator('.p-checkbox').click();
    await dialog.getByRole('button', { name: C.templates.apply }).click();
    await h.confirmBox().waitFor();
    expect(await h.confirmBox().textContent()).toContain(fill(C.templates.applyConfirm, { count: 1, pipes: 'PC' }));
    await h.confirmBox().getByRole('button', { name: commonZhCN.actions.ok }).click();
    await h.toasts().getByText(fill(C.templates.applied, { count: 1 })).waitFor();
    const catalogs = await db().select().from(cmsCatalog).where(eq(cmsCatalog.siteId, news.siteId));
    expect(catalogs.find((c) => c.name === 'World')!.publishPipeProps.pc).toMatchObject({ detailTemplate_article: 'news/article.template.html' });
    expect(catalogs.find((c) => c.name === 'Sports')!.publishPipeProps).toEqual({});
  });

  it('switches to News in the picker and adds its h5 pipe, which its tabs then show', async () => {
    await openSites();
    await h.page.getByTestId('site-picker').click();
    await h.page.locator('.site-dialog tbody tr', { hasText: 'News' }).dblclick();
    await h.page.waitForFunction(() => document.querySelector('[data-testid=site-picker]')?.textContent?.includes('News'));
    await h.openScreen('/admin/configs/publishpipe', '.resource-table tbody tr');
    expect(await h.page.locator('.resource-table tbody tr').count()).toBe(1);
    await h.toolbar().getByRole('button', { name: R.add, exact: true }).click();
    await h.dialog().waitFor();
    await h.page.fill('#field-name', 'H5');
    await h.page.fill('#field-code', 'h5');
    await h.dialog().getByRole('button', { name: commonZhCN.actions.ok }).click();
    await h.rowOf('h5').waitFor();
    const news = await siteNamed('News');
    expect((await db().select().from(cmsPublishPipe).where(eq(cmsPublishPipe.siteId, news.siteId))).map((p) => p.code).sort()).toEqual(['h5', 'pc']);
    // The switch turns it off and on.
    await h.page.getByTestId('pipe-status-h5').click();
    await h.page.getByText(R.statusChanged).first().waitFor();
    expect((await db().select().from(cmsPublishPipe).where(eq(cmsPublishPipe.code, 'h5')))[0]!.status).toBe('1');
    await h.page.getByTestId('pipe-status-h5').click();
    await h.page.waitForFunction(() => document.querySelector('[data-testid=pipe-status-h5]')?.classList.contains('p-highlight'));
    expect((await db().select().from(cmsPublishPipe).where(eq(cmsPublishPipe.code, 'h5')))[0]!.status).toBe('0');
    await openTabs('News');
    await h.page.getByTestId('site-pipe-h5').waitFor();
    await h.page.fill('#pipe-h5-url', 'https://m.news.example.com');
    await h.page.getByTestId('site-basic-save').click();
    await h.toasts().getByText(C.saved).waitFor();
    expect((await siteNamed('News')).publishPipeProps.h5).toMatchObject({ url: 'https://m.news.example.com' });
  });

  it('deletes a site after a confirmation that names it and says what goes with it', async () => {
    await openSites();
    await addSite('Temp', 'temp');
    await h.rowOf('temp').waitFor();
    await h.rowOf('temp').getByRole('button', { name: R.remove, exact: true }).click();
    await h.confirmBox().waitFor();
    expect(await h.confirmBox().textContent()).toContain(fill(C.confirmRemoveOne, { name: fill(C.quoted, { name: 'Temp' }) }));
    await h.confirmBox().getByRole('button', { name: commonZhCN.actions.cancel }).click();
    expect(await h.rowOf('temp').count()).toBe(1);
    await h.rowOf('temp').getByRole('button', { name: R.remove, exact: true }).click();
    await h.confirmBox().getByRole('button', { name: commonZhCN.actions.ok }).click();
    await h.rowOf('temp').waitFor({ state: 'detached' });
    expect(await db().select().from(cmsSite).where(eq(cmsSite.path, 'temp'))).toEqual([]);
  });

  // A walk in three languages: more than the default minute on a busy machine.
  it('is laid out right in every language at 800 px', async () => {
    // A dialog once its opening animation is over.
    const settled = () => h.page.waitForTimeout(400);
    await h.inEveryLook(async ({ width, tag }) => {
      await openSites();
      await h.expectLaidOut(`site-list-${tag}`);
      await h.rowOf('news').locator('button.p-button-danger').click();
      await h.confirmBox().waitFor();
      await settled();
      await h.expectLaidOut(`site-delete-${tag}`);
      await h.page.keyboard.press('Escape');
      await h.rowOf('news').locator('button:not(.p-button-danger)').first().click();
      await h.page.getByTestId('site-basic').waitFor();
      await h.hideDemand();
      await h.page.waitForFunction(() => (document.querySelector('[data-testid=site-basic] .image-upload-item img') as HTMLImageElement | null)?.complete);
      await h.expectLaidOut(`site-tab-basic-${tag}`);
      const tabs = h.page.locator('.p-tabview-nav [role=tab]');
      await tabs.nth(1).click();
      await h.page.getByTestId('settings-extend').waitFor();
      await h.expectLaidOut(`site-tab-extend-${tag}`);
      await tabs.nth(2).click();
      await h.rowOf('hotline').waitFor();
      await h.expectLaidOut(`site-tab-property-${tag}`);
      await h.rowOf('hotline').locator('button').first().click();
      await h.dialog().waitFor();
      await settled();
      await h.expectLaidOut(`site-property-dialog-${tag}`);
      await h.page.keyboard.press('Escape');
      await tabs.nth(3).click();
      await h.page.getByTestId('site-templates').waitFor();
      await h.expectLaidOut(`site-tab-templates-${tag}`);
      await h.page.getByTestId('site-templates-apply').click();
      await h.page.getByTestId('site-apply-templates').locator('.p-treenode').first().waitFor();
      await settled();
      await h.expectLaidOut(`site-apply-${tag}`);
      await h.page.keyboard.press('Escape');
      await h.openScreen('/admin/configs/publishpipe', '.resource-table tbody tr');
      await h.expectLaidOut(`pipes-${tag}`);
      await h.toolbar().locator('button').first().click();
      await h.dialog().waitFor();
      await settled();
      await h.expectLaidOut(`pipes-dialog-${tag}`);
      await h.page.keyboard.press('Escape');
    });
    await h.page.setViewportSize({ width: 1280, height: 800 });
  }, 300_000);
});

/** A token of the signed-in administrator, for setting data up through the API. */
async function adminToken(): Promise<string> {
  const cookies = await h.context.cookies();
  return decodeURIComponent(cookies.find((c) => c.name === 'Admin-Token')!.value);
}
