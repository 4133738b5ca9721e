import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useHarness } from './harness.ts';
import { cmsApi, type CmsApi } from './cms-api.ts';
import { cmsCatalog, cmsContent } from '../../server/modules/cms/schema.ts';
import catalogZhCN from '../../shared/i18n/locales/zh-CN/catalog.ts';
import contentZhCN from '../../shared/i18n/locales/zh-CN/contentList.ts';
import validationZhCN from '../../shared/i18n/locales/zh-CN/validation.ts';
import commonZhCN from '../../shared/i18n/locales/zh-CN/common.ts';
import serverZhCN from '../../server/modules/cms/messages/zh-CN.ts';
import catalogEn from '../../shared/i18n/locales/en/catalog.ts';

// Issue 10 §1 in the browser: the catalog tree built by batch add, moved by dialog and by drag and
// drop, edited in its tabs, deleted with its contents and brought back from the recycle bin.
//
// Laid out right at 800 px in zh-CN, zh-TW and en (looks.ts); pictures: `npm run shots`.

const h = useHarness({ admin: 'treeadmin' });
const C = catalogZhCN;
let api: CmsApi;

beforeAll(async () => {
  api = await cmsApi(h, 'treeadmin', 'Secret123');
});

const tree = () => h.page.getByTestId('catalog-tree');
const label = (name: string) => h.page.locator('.catalog-tree-label', { hasText: new RegExp(`^${name}$`) });
/** A catalog's node in the tree, by its exact name. */
const node = (name: string) => tree().locator('.catalog-tree-node', { has: label(name) });
/** Opens a catalog's branch. */
const expand = (name: string) => tree().locator('.p-treenode-content', { has: label(name) }).locator('.p-tree-toggler').click();
/** The tree as the server has it: one line per catalog, two spaces per level. */
async function outline(): Promise<string[]> {
  type N = { label: string; children?: N[] };
  const walk = (nodes: N[], depth = 0): string[] => nodes.flatMap((n) => [`${'  '.repeat(depth)}${n.label}`, ...walk(n.children ?? [], depth + 1)]);
  return walk((await api.ok('GET', '/cms/catalog/treeData')).rows);
}
const catalogId = async (name: string) => (await h.server.database.db.select().from(cmsCatalog).where(eq(cmsCatalog.name, name)))[0]!.catalogId;
/** The server's tree is `expected`, and the screen has drawn it (the next drop is planned on what it shows). */
const waitOutline = async (expected: string[]) => {
  await expect.poll(outline, { timeout: 15_000 }).toEqual(expected);
  await expect.poll(() => h.page.locator('.catalog-tree[aria-busy]').count(), { timeout: 15_000 }).toBe(0);
};

describe('catalog tree', () => {
  it('builds a three-level tree by batch add, refusing bad indentation with the server\'s reason', async () => {
    await h.openScreen('/admin/configs/catalog', '[data-testid=catalog-choose]');
    await h.page.getByTestId('catalog-batch').click();
    const dialog = h.page.getByTestId('catalog-batch-dialog');
    await h.page.fill('#catalog-batch-text', '新闻\n   国内');
    await dialog.locator('button[type=submit]').click();
    await dialog.getByTestId('error-catalogs').waitFor();
    expect(await dialog.getByTestId('error-catalogs').textContent()).toBe(validationZhCN.outlineIndent.replace('{{line}}', '2'));
    expect(await outline()).toEqual([]);
    await h.page.fill('#catalog-batch-text', '新闻\n  国内\n    北京\n  国际\n体育');
    await dialog.locator('button[type=submit]').click();
    await dialog.waitFor({ state: 'detached' });
    await node('新闻').waitFor();
    await waitOutline(['新闻', '  国内', '    北京', '  国际', '体育']);
  });

  it('moves a catalog with the dialog, and by drag and drop; under its own child the server says no', async () => {
    await node('新闻').click();
    await expand('新闻');
    await node('国际').click();
    await h.page.getByTestId('catalog-move').click();
    const dialog = h.page.getByTestId('catalog-move-dialog');
    await dialog.locator('.catalog-tree-node', { hasText: '体育' }).click();
    await dialog.getByRole('button', { name: commonZhCN.actions.ok }).click();
    await dialog.waitFor({ state: 'detached' });
    await waitOutline(['新闻', '  国内', '    北京', '体育', '  国际']);

    // Dropped into the middle of 新闻: back under it, last.
    await node('国际').waitFor();
    await node('国际').dragTo(node('新闻'));
    await waitOutline(['新闻', '  国内', '    北京', '  国际', '体育']);
    // Dropped on the upper edge of 国内: before it among its siblings.
    await node('国际').dragTo(node('国内'), { targetPosition: { x: 10, y: 1 } });
    await waitOutline(['新闻', '  国际', '  国内', '    北京', '体育']);
    // 新闻 onto its own grandchild: refused, with the server's message, nothing moved.
    await expand('国内');
    await node('北京').waitFor();
    await node('新闻').dragTo(node('北京'));
    await h.page.getByText(serverZhCN.cms.catalog.moveIntoItself).first().waitFor();
    expect(await outline()).toEqual(['新闻', '  国际', '  国内', '    北京', '体育']);
  });

  it('moves a catalog up and down among its siblings, and hides it from navigation', async () => {
    await node('体育').click();
    await h.page.getByTestId('catalog-up').click();
    await waitOutline(['体育', '新闻', '  国际', '  国内', '    北京']);
    await expect.poll(() => h.page.getByTestId('catalog-up').isDisabled()).toBe(true);
    await h.page.getByTestId('catalog-down').click();
    await waitOutline(['新闻', '  国际', '  国内', '    北京', '体育']);
    await h.page.getByTestId('catalog-visible').click();
    await node('体育').locator('.pi-eye-slash').waitFor();
    expect((await h.server.database.db.select().from(cmsCatalog).where(eq(cmsCatalog.name, '体育')))[0]!.visibleFlag).toBe('N');
  });

  it('edits the Basic and Extend tabs and saves both', async () => {
    await node('国内').click();
    await h.page.getByTestId('catalog-basic').waitFor();
    expect(await h.page.inputValue('#catalog-alias')).toBe('xinwen_guonei');
    await h.page.fill('#catalog-name', '国内新闻');
    await h.page.fill('#catalog-alias', 'bad alias');
    await h.page.getByTestId('catalog-save').click();
    await h.page.getByTestId('error-alias').waitFor();
    await h.page.fill('#catalog-alias', 'domestic');
    await h.page.getByRole('tab', { name: C.tabs.extend }).click();
    await h.page.getByTestId('catalog-extend').waitFor();
    await h.page.fill('#catalog-pageSize', '30');
    await h.page.fill('#catalog-tpl-pc-listTemplate', 'news/list.template.html');
    await h.page.getByTestId('catalog-save').click();
    await h.page.getByText(C.saved).first().waitFor();
    const [row] = await h.server.database.db.select().from(cmsCatalog).where(eq(cmsCatalog.alias, 'domestic'));
    expect(row).toMatchObject({ name: '国内新闻', pageSize: 30 });
    expect(row!.publishPipeProps.pc).toMatchObject({ listTemplate: 'news/list.template.html' });
    await node('国内新闻').waitFor();
  });

  it('deletes a catalog with its contents after the spec\'s confirmation; the recycle bin restores them with their statuses', async () => {
    const world = await catalogId('国际');
    const made: Record<string, number> = {};
    for (const title of ['草稿一篇', '已发布一篇', '已下线一篇']) made[title] = (await api.ok('POST', '/cms/content?contentType=article', { catalogId: world, title })).contentId;
    await api.ok('POST', '/cms/content/publish', [made['已发布一篇'], made['已下线一篇']]);
    await api.ok('POST', '/cms/content/offline', [made['已下线一篇']]);
    const statuses = async () => Object.fromEntries((await h.server.database.db.select().from(cmsContent).where(eq(cmsContent.catalogId, world))).map((c) => [c.title, [c.status, c.recycleTime === null]]));
    expect(await statuses()).toEqual({ 草稿一篇: ['0', true], 已发布一篇: ['30', true], 已下线一篇: ['40', true] });

    await node('国际').click();
    await h.page.getByTestId('catalog-remove').click();
    await h.confirmBox().waitFor();
    expect(await h.confirmBox().locator('.p-confirm-dialog-message').textContent()).toBe(C.confirmDelete);
    await h.confirmBox().getByRole('button', { name: commonZhCN.actions.ok }).click();
    await waitOutline(['新闻', '  国内新闻', '    北京', '体育']);
    expect(await statuses()).toEqual({ 草稿一篇: ['0', false], 已发布一篇: ['30', false], 已下线一篇: ['40', false] });

    await h.openScreen('/admin/configs/content', '[data-testid=content-tree] .catalog-tree-node');
    await h.page.getByRole('tab', { name: contentZhCN.tabs.recycle }).click();
    const bin = h.page.getByTestId('recycle-table');
    await bin.locator('tbody tr', { hasText: '已发布一篇' }).waitFor();
    // Each with the status it will come back to, when and by whom it was deleted, and its catalog's fate.
    const row = bin.locator('tbody tr', { hasText: '已下线一篇' });
    expect(await row.textContent()).toContain('已下线');
    expect(await row.textContent()).toContain('treeadmin');
    expect(await row.textContent()).toContain(contentZhCN.deletedCatalog);
    await bin.locator('thead .p-checkbox').click();
    await h.page.getByTestId('recycle-restore').click();
    await h.page.getByText(contentZhCN.done.restored.replace('{{count}}', '3')).first().waitFor();
    expect(await statuses()).toEqual({ 草稿一篇: ['0', true], 已发布一篇: ['30', true], 已下线一篇: ['40', true] });
    await h.page.getByTestId('content-tree').locator('.catalog-tree-label', { hasText: /^新闻$/ }).waitFor();
    // Back in its place among its siblings.
    await waitOutline(['新闻', '  国际', '  国内新闻', '    北京', '体育']);
  });

  it('keeps the spec\'s English confirmation text as written', () => {
    expect(catalogEn.confirmDelete).toBe('Are you sure to delete the catalog with contents and chilren?');
  });

  // A walk in three languages: more than the default minute on a busy machine.
  it('is laid out right in every language at 800 px', async () => {
    await h.inEveryLook(async ({ tag }) => {
      await h.openScreen('/admin/configs/catalog', '[data-testid=catalog-tree] .catalog-tree-node');
      await node('北京').or(tree().locator('.catalog-tree-node').nth(3)).first().waitFor();
      await tree().locator('.catalog-tree-node').nth(3).click();
      await h.page.getByTestId('catalog-basic').waitFor();
      await h.expectLaidOut(`catalog-basic-${tag}`);
      await h.page.locator('.catalog-detail .p-tabview-nav li').nth(1).click();
      await h.page.getByTestId('catalog-extend').waitFor();
      await h.expectLaidOut(`catalog-extend-${tag}`);
      await h.page.getByTestId('catalog-batch').click();
      await h.page.getByTestId('catalog-batch-dialog').waitFor();
      await h.page.fill('#catalog-batch-text', 'A\n   B');
      await h.page.getByTestId('catalog-batch-dialog').locator('button[type=submit]').click();
      await h.page.getByTestId('catalog-batch-dialog').getByTestId('error-catalogs').waitFor();
      await h.expectLaidOut(`catalog-batch-${tag}`);
      await h.page.keyboard.press('Escape');
    });
  }, 300_000);
});

