import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { useHarness } from './harness.ts';
import { seriousViolations, untilStill } from './axe.ts';
import { settle } from './console-pages.ts';
import { cmsXModelData } from '../../server/modules/cms/xmodel/schema.ts';
import X from '../../shared/i18n/locales/zh-CN/xmodel.ts';
import catalogZhCN from '../../shared/i18n/locales/zh-CN/catalog.ts';

// Issue 29 part 3 in the browser: the content editor's Extend part shows the fields of the model
// bound to its type, refuses a broken rule under the field (the shared rules, before anything is
// sent), and saves the values with the content; the catalog's Extend tab saves its own.

process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'castanea-browser-extend-'));
const h = useHarness({ admin: 'extendadmin' });
afterAll(() => {
  delete process.env.DATA_DIR;
});

let token = '';
let siteId = 0;
let catalogId = 0;
async function api(method: string, path: string, body?: unknown) {
  const r = await h.server.api(method, path, { token, body, headers: { CurrentSite: String(siteId), repeatSubmit: 'false' } });
  expect(r.code, `${method} ${path}: ${r.msg}`).toBe(200);
  return r.data as any;
}
const stored = async (dataType: string, ownerId: number) =>
  (await h.server.database.db.select().from(cmsXModelData).where(and(eq(cmsXModelData.dataType, dataType), eq(cmsXModelData.ownerId, ownerId))))[0]?.values;

beforeAll(async () => {
  token = decodeURIComponent((await h.context.cookies()).find((c) => c.name === 'Admin-Token')!.value);
  siteId = (await api('POST', '/cms/site', { name: 'Extended', path: 'extended' })).siteId;
  catalogId = (await api('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'Books' }))[0].catalogId;
  const modelId = (await api('POST', '/cms/exmodel', { name: 'Book facts', code: 'book', bindTo: 'content', contentType: 'article' })).modelId;
  await api('POST', '/xmodel/field', { modelId, label: '作者', code: 'author', fieldType: 'text', required: 'Y', maxLength: 10, sortFlag: 1, searchable: 'Y' });
  await api('POST', '/xmodel/field', { modelId, label: '页数', code: 'pages', fieldType: 'number', minValue: 1, maxValue: 999, sortFlag: 2 });
  await api('POST', '/xmodel/field', { modelId, label: '签名', code: 'signed', fieldType: 'select', dictType: 'YesOrNo', sortFlag: 3 });
  await api('POST', '/xmodel/field', { modelId, label: '推荐', code: 'featured', fieldType: 'switch', sortFlag: 4 });
  const catModel = (await api('POST', '/cms/exmodel', { name: 'Catalog extras', code: 'cat', bindTo: 'catalog' })).modelId;
  await api('POST', '/xmodel/field', { modelId: catModel, label: '横幅', code: 'banner', fieldType: 'text', sortFlag: 1 });
  await api('POST', '/xmodel/field', { modelId: catModel, label: '简介', code: 'intro', fieldType: 'richtext', required: 'Y', sortFlag: 2 });
  await api('POST', '/xmodel/field', { modelId: catModel, label: '开放', code: 'open', fieldType: 'radio', dictType: 'YesOrNo', sortFlag: 3 });
  await api('POST', '/xmodel/field', { modelId: catModel, label: '标记', code: 'marks', fieldType: 'checkbox', dictType: 'YesOrNo', sortFlag: 4 });
  await api('POST', '/xmodel/field', { modelId: catModel, label: '开业', code: 'opened', fieldType: 'date', sortFlag: 5 });
  h.page.on('dialog', (d) => void d.accept());
  await h.page.goto(h.url('/admin/favicon.svg'));
  await h.page.evaluate((id) => localStorage.setItem('CurrentSite', id), String(siteId));
});

describe('the Extend part of the content editor', () => {
  it('refuses a broken rule under its field before saving, then saves the values with the content', async () => {
    await h.openScreen(`/admin/cms/content/editor?catalogId=${catalogId}&contentType=article`, '[data-testid=content-editor]');
    const page = h.page;
    const extend = page.getByTestId('ce-extend');
    await extend.waitFor();
    expect(await extend.getByRole('heading', { name: X.title }).count()).toBe(1);
    await page.locator('#ce-title').fill('A novel');
    await page.locator('#ce-x-pages').fill('1000');
    await page.keyboard.press('Control+s');
    // The author is required and the pages out of range: both said under their fields, nothing saved.
    await page.getByTestId('error-x-author').filter({ hasText: '作者不能为空' }).waitFor();
    await page.getByTestId('error-x-pages').filter({ hasText: '页数必须介于 1 和 999 之间' }).waitFor();
    expect(new URL(page.url()).searchParams.get('contentId')).toBeNull();
    await page.locator('#ce-x-author').fill('Lu Xun');
    await page.locator('#ce-x-pages').fill('320');
    // Choices are the console's dropdown (SelectInput), as on every other form.
    await page.locator('.p-dropdown:has(#ce-x-signed)').click();
    await page.getByRole('option', { name: '是', exact: true }).click();
    await page.locator('#ce-x-featured').check({ force: true });
    await page.keyboard.press('Control+s');
    await page.waitForURL(/contentId=\d+/);
    const contentId = Number(new URL(page.url()).searchParams.get('contentId'));
    await expect.poll(() => stored('content', contentId)).toEqual({ author: 'Lu Xun', pages: 320, signed: 'Y', featured: 'Y' });
    // Opened again, the values are there.
    await page.reload();
    await page.locator('#ce-x-author').waitFor();
    expect(await page.locator('#ce-x-author').inputValue()).toBe('Lu Xun');
    expect(await page.locator('.p-dropdown:has(#ce-x-signed) .p-dropdown-label').textContent()).toBe('是');
  });

  it('shows no Extend part for a type without a model', async () => {
    await h.openScreen(`/admin/cms/content/editor?catalogId=${catalogId}&contentType=image`, '[data-testid=content-editor]');
    await h.page.waitForTimeout(500);
    expect(await h.page.getByTestId('ce-extend').count()).toBe(0);
  });

  it('leaves axe nothing serious on the Extend part and the model screens', async () => {
    const page = h.page;
    await h.openScreen(`/admin/cms/content/editor?catalogId=${catalogId}&contentType=article`, '[data-testid=content-editor]');
    await page.getByTestId('ce-extend').waitFor();
    await untilStill(page);
    expect(await seriousViolations(page, '[data-testid=ce-extend]')).toEqual([]);
    const modelId = (await api('GET', '/cms/exmodel/list')).rows[0].modelId;
    for (const path of ['/admin/configs/exmodel', `/admin/configs/exmodel/fields?modelId=${modelId}`]) {
      await page.goto(h.url(path));
      await settle(page);
      await untilStill(page);
      expect(await seriousViolations(page), path).toEqual([]);
    }
    // The fields screen lists the model's fields with their kinds' names.
    expect(await page.getByRole('cell', { name: '作者', exact: true }).count()).toBe(1);
    expect(await page.getByRole('cell', { name: '单行文本' }).count()).toBeGreaterThan(0);
  });

  it('saves a catalog\'s extension values from its Extend tab', async () => {
    const page = h.page;
    await h.openScreen('/admin/configs/catalog', '[data-testid=catalog-tree]');
    await page.locator('[data-testid=catalog-tree] .catalog-tree-node', { hasText: 'Books' }).first().click();
    await page.getByTestId('catalog-basic').waitFor();
    await page.getByRole('tab', { name: catalogZhCN.tabs.extend }).click();
    const panel = page.getByTestId('extend-panel');
    await panel.waitFor();
    await page.locator('#ce-x-banner').fill('Summer reads');
    await panel.getByTestId('extend-save').click();
    // Rich text is the rich-text editor; its error (required) is tied to its editing area.
    await page.getByTestId('error-x-intro').filter({ hasText: '简介不能为空' }).waitFor();
    const intro = page.locator('#ce-x-intro');
    expect(await intro.getAttribute('contenteditable')).toBe('true');
    expect(await intro.getAttribute('aria-invalid')).toBe('true');
    expect(await intro.getAttribute('aria-describedby')).toContain('ce-x-intro-error');
    await intro.click();
    await page.keyboard.type('Long days');
    // Radios and checkboxes: named groups of labelled choices.
    expect(await page.getByRole('radiogroup', { name: '开放' }).count()).toBe(1);
    await page.locator('#ce-x-open').getByText('是', { exact: true }).click();
    await page.locator('#ce-x-marks').getByText('是', { exact: true }).click();
    await page.locator('#ce-x-marks').getByText('否', { exact: true }).click();
    // A date is the console's calendar (a day, no time), stored as the server checks it: yyyy-MM-dd.
    expect(await page.locator('.p-calendar:has(#ce-x-opened)').count()).toBe(1);
    await page.locator('#ce-x-opened').fill('2026-05-01');
    await page.keyboard.press('Tab');
    await panel.getByTestId('extend-save').click();
    await expect.poll(() => stored('catalog', catalogId)).toMatchObject({ banner: 'Summer reads', open: 'Y', marks: ['Y', 'N'], opened: '2026-05-01' });
    expect(String((await stored('catalog', catalogId))!.intro)).toContain('Long days');
    await untilStill(page);
    expect(await seriousViolations(page, '[data-testid=extend-panel]')).toEqual([]);
  });

  it('finds contents by a searchable extension field from the list\'s toolbar', async () => {
    const page = h.page;
    await h.openScreen('/admin/configs/content', '[data-testid=content-table] .content-title-link');
    const search = page.getByTestId('content-extend-search');
    await search.waitFor();
    expect(await search.locator('input').getAttribute('placeholder')).toContain('作者');
    await search.locator('input').fill('Lu Xun');
    await search.locator('input').press('Enter');
    await expect.poll(async () => page.locator('[data-testid=content-table] .content-title-link').allTextContents(), { timeout: 5000 }).toEqual(['A novel']);
    await search.locator('input').fill('Nobody');
    await search.locator('input').press('Enter');
    await expect.poll(async () => page.locator('[data-testid=content-table] .content-title-link').count(), { timeout: 5000 }).toBe(0);
    await untilStill(page);
    expect(await seriousViolations(page, '[data-testid=content-extend-search]')).toEqual([]);
  });
});
