import { describe, expect, it } from 'vitest';
import { useHarness } from './harness.ts';
import { cmsApi } from './cms-api.ts';
import { tagWordResource } from '../../shared/resources/cms/tag-word.ts';
import { hotWordResource } from '../../shared/resources/cms/hot-word.ts';
import { sensitiveWordResource } from '../../shared/resources/cms/sensitive-word.ts';
import { errorProneWordResource } from '../../shared/resources/cms/error-prone-word.ts';
import cmsZhCN from '../../shared/i18n/locales/zh-CN/cms.ts';
import resourceZhCN from '../../shared/i18n/locales/zh-CN/resource.ts';
import commonZhCN from '../../shared/i18n/locales/zh-CN/common.ts';

// The Words screen (issue 30): four tabs of resource lists; a tag word group and its words added
// through the groups on the left and the batch dialog; the content editor's tag field offering
// the site's tag words as one types, taken with the keyboard. Laid out right at 800 px in
// zh-CN, zh-TW and en (looks.ts).
const h = useHarness({ admin: 'wordadmin' });
const W = cmsZhCN.word;
const R = resourceZhCN;
const ok = () => h.dialog().getByRole('button', { name: commonZhCN.actions.ok }).click();
const tagGroups = () => h.page.getByTestId('groups-tagWordGroup');
const openWords = () => h.openScreen('/admin/configs/word', '[data-testid=groups-tagWordGroup]');

describe('the Words screen', () => {
  it('shows four tabs, adds a tag word group and its words, one by one and several at once', async () => {
    await openWords();
    const tabs = h.page.getByRole('tab');
    expect(await tabs.allTextContents()).toEqual([tagWordResource, hotWordResource, sensitiveWordResource, errorProneWordResource].map((d) => d.texts!.title['zh-CN']));

    await tagGroups().getByRole('button', { name: W.addGroup }).click();
    await h.dialog().waitFor();
    await h.page.fill('#field-name', '科技');
    await h.page.fill('#field-code', 'tech');
    await ok();
    await tagGroups().getByText('科技').click();

    await h.toolbar().getByRole('button', { name: R.add, exact: true }).click();
    await h.dialog().waitFor();
    await h.page.fill('#field-word', 'Castanea');
    await ok();
    await h.rowOf('Castanea').waitFor();

    await h.page.getByTestId('word-batch-add').click();
    await h.page.getByTestId('word-batch-dialog').waitFor();
    await h.page.fill('#word-batch-words', 'Chestnut\nCastanea\n');
    await h.page.getByTestId('word-batch-dialog').getByRole('button', { name: commonZhCN.actions.ok }).click();
    await h.rowOf('Chestnut').waitFor();
    expect(await h.rowOf('Castanea').count()).toBe(1);

    // A sub-group goes under the chosen group.
    await tagGroups().getByRole('button', { name: W.addSubGroup }).click();
    await h.dialog().waitFor();
    await h.page.fill('#field-name', '人工智能');
    await h.page.fill('#field-code', 'ai');
    await ok();
    await tagGroups().locator('.p-treenode .p-treenode .p-treenode-label', { hasText: '人工智能' }).waitFor();

    // The other tabs: hot words with their groups, the global lists.
    await tabs.nth(1).click();
    await h.page.getByTestId('groups-hotWordGroup').waitFor();
    await tabs.nth(2).click();
    await h.page.locator('[data-resource=sensitiveWord]').waitFor();
  });

  it('is laid out right at 800 px in every language', async () => {
    await h.inEveryLook(async ({ tag }) => {
      await openWords();
      await h.page.waitForTimeout(300);
      await h.hideDemand();
      await h.expectLaidOut(`words-${tag}`);
    });
    await h.page.evaluate(() => localStorage.setItem('language', 'zh-CN'));
    await h.page.setViewportSize({ width: 1280, height: 800 });
  });

  it('offers the site\'s tag words in the content editor\'s tag field, taken with the keyboard', async () => {
    const api = await cmsApi(h, 'wordadmin', 'Secret123');
    const [catalog] = await api.ok('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'Words news' });
    await h.openScreen(`/admin/cms/content/editor?catalogId=${catalog.catalogId}&contentType=article`, '[data-testid=content-editor]');
    await h.hideDemand();
    await h.page.locator('#ce-tags').pressSequentially('cast');
    const list = h.page.getByRole('listbox', { name: /推荐词汇/ });
    await list.getByRole('option', { name: 'Castanea' }).waitFor();
    expect(await h.page.locator('#ce-tags').getAttribute('aria-expanded')).toBe('true');
    await h.page.keyboard.press('ArrowDown');
    await h.page.keyboard.press('Enter');
    await h.page.locator('.p-chips-token', { hasText: 'Castanea' }).waitFor();
    await list.waitFor({ state: 'detached' });
    expect(await h.page.locator('#ce-tags').inputValue()).toBe('');
  });
});
