import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_ROWS, useHarness } from './harness.ts';
import { byName, cmsApi, editorWithCatalog, waivePasswordChange, type CmsApi } from './cms-api.ts';
import { drainQueue } from '../../server/modules/cms/publish/worker.ts';
import C from '../../shared/i18n/locales/zh-CN/cms.ts';
import Common from '../../shared/i18n/locales/zh-CN/common.ts';
import Shell from '../../shared/i18n/locales/zh-CN/shell.ts';

// Issue 26 items 2, 9 and 10 in the browser: a site published from the Sites screen and a catalog
// with its sub-catalogs from the catalog screen, each opening the shell's progress view on that
// site's run; a user without the Site Publish grant is offered no Publish until the role dialog's
// Publish right is ticked; the catalog screen's actions follow the grants on the chosen node; the
// add dialog proposes alias and folder from a Chinese name's pinyin.
// Laid out right at 800 px in zh-CN, zh-TW and en (looks.ts); pictures: `npm run shots`.

const dataDir = mkdtempSync(join(tmpdir(), 'castanea-bpubui-'));
const h = useHarness({ admin: 'pubui', config: { dataDir } });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const PASSWORD = 'Desk12345';
const KEYS = ['cms:site:view', 'cms:site:publish', 'cms:catalog:view', 'cms:catalog:add', 'cms:catalog:edit', 'cms:catalog:remove', 'cms:catalog:move', 'cms:catalog:publish'];
let api: CmsApi;
let harbor = 0;
let cat: Record<string, number> = {};
let deskRole = 0;

const out = (...parts: string[]) => join(dataDir, 'wwwroot', 'harbor', ...parts);
const view = () => h.page.getByTestId('publish-progress');
/**
 * Drains the queue: the open progress view shows a run of `min` pages or more, all done. Watched
 * every 100 ms from the start (the view showing the queued run) until the navbar's count has
 * dropped to 0 and a second more: the view never turns to another site's run (the current
 * site's, empty) meanwhile.
 */
async function runCompletes(min: number) {
  await h.page.evaluate(() => {
    const w = window as unknown as { seen: string[] };
    w.seen = [];
    setInterval(() => w.seen.push(document.querySelector('[data-testid=publish-progress]')?.textContent ?? ''), 100);
  });
  await drainQueue(h.server.server.services);
  const complete = async () => {
    const m = /已完成 (\d+) \/ (\d+)/.exec((await view().textContent()) ?? '');
    return !!m && m[1] === m[2] && Number(m[2]) >= min;
  };
  // The view refreshes at the indicator's pace (5 s).
  await expect.poll(complete, { timeout: 20_000 }).toBe(true);
  await h.page.getByTestId('publish-indicator').waitFor({ state: 'detached', timeout: 20_000 });
  await h.page.waitForTimeout(1000);
  const seen = await h.page.evaluate(() => (window as unknown as { seen: string[] }).seen);
  expect(seen.filter((text) => text.includes(Shell.publish.idle))).toEqual([]);
  expect(await complete()).toBe(true);
}
const tree = () => h.page.getByTestId('catalog-tree');
const label = (name: string) => h.page.locator('.catalog-tree-label', { hasText: new RegExp(`^${name}$`) });
const node = (name: string) => tree().locator('.catalog-tree-node', { has: label(name) });
async function openCatalogs(siteId: number) {
  await h.page.evaluate((id) => localStorage.setItem('CurrentSite', String(id)), siteId);
  await h.openScreen('/admin/configs/catalog', '[data-testid=catalog-tree] .catalog-tree-node');
}

beforeAll(async () => {
  api = await cmsApi(h, 'pubui', 'Secret123');
  harbor = (await api.ok('POST', '/cms/site', { name: 'Harbor', path: 'harbor' })).siteId;
  cat = byName(await api.ok('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'News\n  World\nSports' }, harbor));
  const story = (await api.ok('POST', '/cms/content?contentType=article', { catalogId: cat.World, title: 'Tide tables', contentHtml: '<p>High at noon</p>' }, harbor)).contentId;
  await api.ok('POST', '/cms/content/publish', { contentIds: [story] }, harbor);
  // Published, but nothing on disk yet: what appears there is the screens' doing.
  await drainQueue(h.server.server.services);
  rmSync(out(), { recursive: true, force: true });
  deskRole = await editorWithCatalog(api, { userName: 'deskpub', password: PASSWORD, keys: KEYS, siteId: harbor, catalogId: cat.News!, rights: ['View'] });
  await api.ok('POST', '/cms/perms/catalog', { ownerType: 'Role', owner: deskRole, perms: [{ catalogId: cat.World, perms: { View: { granted: true }, Edit: { granted: true } } }] }, harbor);
  await waivePasswordChange(h, 'deskpub');
});

describe('publishing from the console', () => {
  it('publishes a whole site from its row on the Sites screen, and the progress view follows that site\'s run to the end', async () => {
    // Harbor is not the current site (the demo site is): the row publishes Harbor all the same.
    await h.openScreen('/admin/configs/site', TABLE_ROWS);
    await h.rowOf('Harbor').getByTestId(`publish-site-${harbor}`).click();
    const dialog = h.page.getByTestId('site-publish-dialog');
    await dialog.waitFor();
    expect(await dialog.locator('.p-dialog-title').textContent()).toBe(C.publish.siteTitle.replace('{{name}}', 'Harbor'));
    expect(await h.page.isChecked('#site-publish-whole')).toBe(true);
    await expect.poll(async () => (await dialog.locator('.p-dropdown-label').textContent()) ?? '').toContain('已发布');
    await dialog.getByRole('button', { name: C.publish.action }).click();
    await dialog.waitFor({ state: 'detached' });
    await view().waitFor();
    await expect.poll(async () => (await view().textContent()) ?? '').toMatch(/0 \/ [1-9]/);
    // Not the current site's run: the title says whose.
    expect(await h.page.locator('.publish-progress-dialog .p-dialog-title').textContent()).toBe(Shell.publish.progressOf.replace('{{name}}', 'Harbor'));
    // Index, three catalogs, the article.
    await runCompletes(5);
    expect(existsSync(out('index.shtml'))).toBe(true);
    expect(existsSync(out('news', 'world', 'index.shtml'))).toBe(true);
    expect(existsSync(out('sports', 'index.shtml'))).toBe(true);
    const home = await fetch(`${h.server.siteUrl}harbor/`);
    expect(home.status).toBe(200);
    await h.page.keyboard.press('Escape');
  });

  it('publishes a catalog with its sub-catalogs from the catalog screen, and no other catalog', async () => {
    rmSync(out(), { recursive: true, force: true });
    await openCatalogs(harbor);
    await node('News').click();
    await h.page.getByTestId('catalog-publish').click();
    const dialog = h.page.getByTestId('catalog-publish-dialog');
    await dialog.waitFor();
    expect(await dialog.locator('.p-dialog-title').textContent()).toBe(C.publish.catalogTitle.replace('{{name}}', 'News'));
    // Sub-catalogs and contents are in by default.
    expect(await dialog.locator('#catalog-publish-children').isChecked()).toBe(true);
    expect(await dialog.locator('#catalog-publish-contents').isChecked()).toBe(true);
    await dialog.getByRole('button', { name: C.publish.action }).click();
    await dialog.waitFor({ state: 'detached' });
    await view().waitFor();
    // News, World, the article, the index.
    await runCompletes(4);
    expect(existsSync(out('news', 'index.shtml'))).toBe(true);
    expect(existsSync(out('news', 'world', 'index.shtml'))).toBe(true);
    expect(existsSync(out('sports', 'index.shtml'))).toBe(false);
    await h.page.keyboard.press('Escape');
  });

  it('proposes alias and folder from a Chinese name under its parent, and keeps what the user typed', async () => {
    await node('News').click();
    await h.page.getByTestId('catalog-add').click();
    const dialog = h.page.getByTestId('catalog-add-dialog');
    await dialog.waitFor();
    await h.page.locator('#catalog-add-name').pressSequentially('国际新闻', { delay: 40 });
    await expect.poll(() => h.page.inputValue('#catalog-add-alias')).toBe('news_guojixinwen');
    expect(await h.page.inputValue('#catalog-add-path')).toBe('news/guojixinwen/');
    await h.page.fill('#catalog-add-alias', 'intl');
    await h.page.fill('#catalog-add-name', '国际新闻社');
    await expect.poll(() => h.page.inputValue('#catalog-add-path')).toBe('news/guojixinwenshe/');
    expect(await h.page.inputValue('#catalog-add-alias')).toBe('intl');
    // Placed at the top level instead: the folder follows the new place.
    await h.page.locator('#catalog-add-top').click();
    await expect.poll(() => h.page.inputValue('#catalog-add-path')).toBe('guojixinwenshe/');
    await dialog.locator('button[type=submit]').click();
    await dialog.waitFor({ state: 'detached' });
    await node('国际新闻社').waitFor();
    const made = (await api.ok('GET', '/cms/catalog/treeData', undefined, harbor)).rows.find((n: { label: string }) => n.label === '国际新闻社');
    expect(made.props).toMatchObject({ alias: 'intl', path: 'guojixinwenshe/' });
  });
});

describe('a user without the rights', () => {
  it('is offered no Publish on a site without the Site Publish grant, and the server refuses it too', async () => {
    await h.signInAs('deskpub', PASSWORD);
    await h.openScreen('/admin/configs/site', TABLE_ROWS);
    await h.rowOf('Harbor').getByTestId(`preview-site-${harbor}`).waitFor();
    expect(await h.rowOf('Harbor').getByTestId(`publish-site-${harbor}`).count()).toBe(0);
    const desk = await cmsApi(h, 'deskpub', PASSWORD).catch(() => null);
    expect(desk).not.toBeNull();
    const r = await h.server.api('POST', '/cms/site/publish', { token: desk!.token, body: { siteId: harbor }, headers: { repeatSubmit: 'false', 'accept-language': 'en', CurrentSite: String(harbor) } });
    expect(r).toEqual({ code: 403, msg: 'You may not do this on this site (Publish)' });
  });

  it('gets Publish once the role dialog\'s site Publish right is ticked: the right the server checks', async () => {
    await h.signInAs('pubui', 'Secret123');
    await h.openScreen('/admin/system/role', TABLE_ROWS);
    await h.rowOf('deskpub').getByRole('button', { name: C.grants.button }).click();
    const grants = h.page.getByTestId('grants-dialog');
    await grants.getByTestId('grants-site').waitFor();
    await h.page.getByTestId(`grants-site-${harbor}-Publish`).check();
    await grants.getByRole('button', { name: Common.actions.ok }).click();
    await grants.waitFor({ state: 'detached' });
    await h.signInAs('deskpub', PASSWORD);
    await h.openScreen('/admin/configs/site', TABLE_ROWS);
    const publish = h.rowOf('Harbor').getByTestId(`publish-site-${harbor}`);
    await publish.waitFor();
    expect(await publish.isEnabled()).toBe(true);
  });

  it('finds the catalog screen\'s actions enabled only where their grants allow them', async () => {
    await openCatalogs(harbor);
    const button = (id: string) => h.page.getByTestId(id);
    // The site root: no AddCatalog on Harbor, so no adding at the top level.
    await button('catalog-add').waitFor();
    expect(await button('catalog-add').isDisabled()).toBe(true);
    expect(await button('catalog-batch').isDisabled()).toBe(true);
    // News: View only. Nothing can be done to it, and its tabs cannot be saved.
    await node('News').click();
    await h.page.getByTestId('catalog-basic').waitFor();
    for (const id of ['catalog-add', 'catalog-batch', 'catalog-move', 'catalog-up', 'catalog-down', 'catalog-visible', 'catalog-remove', 'catalog-publish']) {
      expect(await button(id).isDisabled(), id).toBe(true);
    }
    expect(await h.page.getByTestId('catalog-save').count()).toBe(0);
    // World: View and Edit. Adding under it and saving it, nothing else.
    if (!(await node('World').isVisible())) await tree().locator('.p-treenode-content', { has: label('News') }).locator('.p-tree-toggler').click();
    await node('World').click();
    await h.page.getByTestId('catalog-save').waitFor();
    expect(await button('catalog-add').isDisabled()).toBe(false);
    for (const id of ['catalog-move', 'catalog-remove', 'catalog-publish', 'catalog-visible']) expect(await button(id).isDisabled(), id).toBe(true);
    await button('catalog-add').click();
    await h.page.getByTestId('catalog-add-dialog').waitFor();
    // Only under World: the top level is not theirs.
    expect(await h.page.locator('#catalog-add-child').count()).toBe(1);
    expect(await h.page.locator('#catalog-add-top').count()).toBe(0);
    await h.page.keyboard.press('Escape');
  });
});

describe('the dialogs', () => {
  // A walk in three languages: more than the default minute on a busy machine.
  it('are laid out right in every language at 800 px', async () => {
    await h.signInAs('pubui', 'Secret123');
    await h.inEveryLook(async ({ tag }) => {
      await h.openScreen('/admin/configs/site', TABLE_ROWS);
      await h.expectLaidOut(`site-list-${tag}`);
      await h.rowOf('Harbor').getByTestId(`publish-site-${harbor}`).click();
      await h.page.getByTestId('site-publish-dialog').locator('.p-dropdown').waitFor();
      await h.page.waitForTimeout(300);
      await h.expectLaidOut(`site-publish-${tag}`);
      await h.page.keyboard.press('Escape');
      await openCatalogs(harbor);
      await node('News').click();
      await h.page.getByTestId('catalog-basic').waitFor();
      await h.page.getByTestId('catalog-publish').click();
      await h.page.getByTestId('catalog-publish-dialog').locator('.p-dropdown').waitFor();
      await h.page.waitForTimeout(300);
      await h.expectLaidOut(`catalog-publish-${tag}`);
      await h.page.keyboard.press('Escape');
      await h.page.getByTestId('catalog-publish-dialog').waitFor({ state: 'detached' });
      await h.page.getByTestId('catalog-add').click();
      await h.page.locator('#catalog-add-name').pressSequentially('国际新闻');
      await expect.poll(() => h.page.inputValue('#catalog-add-alias')).toBe('news_guojixinwen');
      await h.expectLaidOut(`catalog-add-${tag}`);
      await h.page.keyboard.press('Escape');
      await h.confirmBox().locator('.p-confirm-dialog-accept').click();
      await h.page.getByTestId('catalog-add-dialog').waitFor({ state: 'detached' });
    });
  }, 600_000);
});
