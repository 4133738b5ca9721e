import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from './harness.ts';
import { byName, cmsApi, type CmsApi } from './cms-api.ts';
import { drainQueue } from '../../server/modules/cms/publish/worker.ts';
import S from '../../shared/i18n/locales/zh-CN/search.ts';
import C from '../../shared/i18n/locales/zh-CN/contentList.ts';
import commonZhCN from '../../shared/i18n/locales/zh-CN/common.ts';

// Issue 30 §5–7 in the console: the Content Index screen (the site's indexed documents, highlighted,
// viewed with their terms, deleted and rebuilt with its progress), the Index Dictionary screen (a
// custom word changes the Analyze box's segmentation at once) and the content list's full-text
// mode (a simplified query finds a traditional body, with a snippet, loaded only when switched on).
// Both screens laid out at 800 px in zh-CN, zh-TW and en (looks.ts).

const h = useHarness({ admin: 'searchscreens' });
let api: CmsApi;
const ids: Record<string, number> = {};

beforeAll(async () => {
  api = await cmsApi(h, 'searchscreens', 'Secret123');
  const news = byName(await api.ok('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'News' })).News!;
  for (const [title, html] of [['Harbour lights reopen', '<p>The lighthouse keepers are back. 灯塔报告 published.</p>'], ['Market day', '<p>Fresh bread, and a fair of 軟體 makers.</p>']] as const) {
    ids[title] = (await api.ok('POST', '/cms/content?contentType=article', { catalogId: news, title, author: 'Ann', contentHtml: html })).contentId;
  }
  await api.ok('POST', '/cms/content/publish', { contentIds: Object.values(ids) });
  await drainQueue(h.server.server.services);
  // Indexed now, whatever the publish queue's indexing does by then.
  for (const id of Object.values(ids)) await api.ok('POST', `/cms/search/build/${id}`);
});

const confirm = async () => {
  await h.confirmBox().waitFor();
  await h.confirmBox().getByRole('button', { name: commonZhCN.actions.ok }).click();
};

describe('the search screens', () => {
  it('Content Index: search with highlights, the indexed document, delete and rebuild all', async () => {
    const table = h.page.getByTestId('search-index-table');
    await h.openScreen('/admin/configs/search/index', '[data-testid=search-index-table] tbody tr:has-text("Market day")');
    expect(await h.page.title()).toContain(S.index.title);
    await h.page.getByLabel(S.index.query).fill('harbour');
    await h.page.getByRole('button', { name: S.index.search, exact: true }).click();
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    // The hit is a <mark> drawn as text: no HTML from the server is parsed.
    expect(await table.locator('tbody tr mark.search-hit').first().textContent()).toBe('Harbour');
    const row = table.locator('tbody tr', { hasText: 'Harbour lights' });

    await row.getByRole('button', { name: S.index.view }).click();
    const doc = h.page.getByRole('dialog', { name: S.doc.title.replace('{{title}}', 'Harbour lights reopen') });
    await doc.waitFor();
    await expect.poll(() => doc.getByTestId('search-doc-terms').textContent()).toContain("'harbour'");
    await h.page.keyboard.press('Escape');
    await doc.waitFor({ state: 'detached' });

    await row.getByRole('button', { name: S.index.remove }).click();
    await confirm();
    await table.locator('tbody tr', { hasText: 'Harbour lights' }).waitFor({ state: 'detached' });

    // Rebuild all: progress while it runs (polled), the list again when it is over.
    await h.page.getByTestId('search-rebuild-all').click();
    await confirm();
    await table.locator('tbody tr', { hasText: 'Harbour lights' }).waitFor({ timeout: 20_000 });
    await h.expectLaidOut('content index');
  }, 120_000);

  it('Index Dictionary: a custom word added changes how the Analyze box segments the next time', async () => {
    await h.openScreen('/admin/configs/dictWord', '[data-testid=search-analyze]');
    expect(await h.page.title()).toContain(S.dict.title);
    const words = () => h.page.getByTestId('search-analyze-words').locator('.search-chip-word').allTextContents();
    await h.page.getByLabel(S.analyze.text).fill('人工智能研究所发布了灯塔报告');
    await h.page.getByTestId('search-analyze-run').click();
    await expect.poll(words).toContain('研究所');
    expect(await words()).not.toContain('灯塔报告');

    await h.page.getByTestId('search-dict-add-open').click();
    await h.page.getByLabel(S.dict.words).fill('灯塔报告\n研究报告');
    await h.page.getByRole('button', { name: S.dict.save }).click();
    await h.page.getByTestId('search-dict-table').locator('tbody tr', { hasText: '灯塔报告' }).waitFor();
    await h.page.getByTestId('search-analyze-run').click();
    await expect.poll(words).toContain('灯塔报告');
    await h.expectLaidOut('index dictionary');
  }, 60_000);

  it('Content list: the full-text mode finds bodies (simplified query, traditional text) with snippets, loaded when switched on', async () => {
    await h.openScreen('/admin/configs/content', '[data-testid=content-table] .content-title-link');
    const loaded = () => h.page.evaluate(() => performance.getEntriesByType('resource').some((e) => /FullTextSearch/.test(e.name)));
    expect(await loaded()).toBe(false);
    await h.page.getByRole('button', { name: C.filter.fullText }).click();
    const results = h.page.getByTestId('content-full-text-table');
    await results.waitFor();
    expect(await loaded()).toBe(true);
    await h.page.getByLabel(S.fullText.query).fill('软件');
    await h.page.getByTestId('content-full-text').getByRole('button', { name: S.index.search, exact: true }).click();
    await expect.poll(() => results.locator('tbody tr').count()).toBe(1);
    const hit = results.locator('tbody tr').first();
    expect(await hit.locator('.search-snippet mark').textContent()).toBe('軟體');
    expect(await hit.locator('a.content-title-link').getAttribute('href')).toContain(`contentId=${ids['Market day']}`);
    // Back to the list as it was.
    await h.page.getByTestId('content-full-text-toggle').click();
    await h.page.getByTestId('content-table').locator('.content-title-link', { hasText: 'Harbour lights' }).waitFor();
  }, 60_000);

  it('is laid out at 800 px in zh-CN, zh-TW and en', async () => {
    await h.inEveryLook(async ({ tag }) => {
      await h.openScreen('/admin/configs/search/index', '[data-testid=search-index-table] tbody tr:has-text("Market day")');
      await h.expectLaidOut(`content index ${tag}`);
      await h.openScreen('/admin/configs/dictWord', '[data-testid=search-dict-table] tbody tr:has-text("灯塔报告")');
      await h.expectLaidOut(`index dictionary ${tag}`);
    });
  }, 120_000);
});
