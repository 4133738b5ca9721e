import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useHarness } from './harness.ts';
import { cmsArticleDetail } from '../../server/modules/cms/schema.ts';
import { cmsErrorProneWord, cmsSensitiveWord } from '../../server/modules/cms/word/schema.ts';
import E from '../../shared/i18n/locales/zh-CN/editor.ts';

// Issue 30 item 3 in the browser: the body's "Check words" marks sensitive and error-prone words in
// the editor (highlights, never markup), lists them, and fixes an error-prone word in one keypress.
process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'castanea-browser-words-'));
const h = useHarness({ admin: 'wordadmin' });
afterAll(() => {
  delete process.env.DATA_DIR;
});

let token = '';
let siteId = 0;
let contentId = 0;
async function api(method: string, path: string, body?: unknown) {
  const r = await h.server.api(method, path, { token, body, headers: { CurrentSite: String(siteId), repeatSubmit: 'false' } });
  expect(r.code, `${method} ${path}: ${r.msg}`).toBe(200);
  return r.data as any;
}
/** How many ranges each named highlight holds (0: none). */
const marks = () => h.page.evaluate(() => Object.fromEntries(['ce-sensitive', 'ce-error-prone'].map((n) => [n, (CSS as any).highlights.get(n)?.size ?? 0])));

beforeAll(async () => {
  token = decodeURIComponent((await h.context.cookies()).find((c) => c.name === 'Admin-Token')!.value);
  siteId = (await api('POST', '/cms/site', { name: 'Words', path: 'wordcheck' })).siteId;
  const catalogId = (await api('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'News' }))[0].catalogId;
  await h.server.database.db.insert(cmsSensitiveWord).values({ word: '赌博', type: 'SENSITIVE' });
  await h.server.database.db.insert(cmsErrorProneWord).values({ word: '按装', replaceWord: '安装' });
  contentId = (await api('POST', '/cms/content?contentType=article', { catalogId, title: 'Check me', contentHtml: '<p>请按装软件，不要赌博。</p><p>再按装一次</p>' })).contentId;
  await h.page.goto(h.url('/admin/favicon.svg'));
  await h.page.evaluate((id) => localStorage.setItem('CurrentSite', id), String(siteId));
});

describe('the body\'s word check', () => {
  it('marks the words without changing the body, lists them, and fixes an error-prone word from the keyboard', async () => {
    const page = h.page;
    await h.openScreen(`/admin/cms/content/editor?contentId=${contentId}`, '[data-testid=content-editor]');
    await page.locator('.ql-editor').filter({ hasText: '请按装软件' }).waitFor();
    await page.getByRole('button', { name: E.check.button }).click();
    await page.getByRole('status').filter({ hasText: '敏感词：1 个；易错词：1 个' }).waitFor();
    // Drawn on the next frame after the list renders.
    await expect.poll(marks).toEqual({ 'ce-sensitive': 1, 'ce-error-prone': 2 });
    // The marks are drawn over the text: the editing area holds no markup of them.
    expect(await page.locator('.ql-editor').innerHTML()).toBe('<p>请按装软件，不要赌博。</p><p>再按装一次</p>');
    const panel = page.getByRole('region', { name: E.check.title });
    await expect.poll(() => panel.getByRole('listitem').allInnerTexts()).toEqual([expect.stringContaining('赌博'), expect.stringMatching(/按装\s*→\s*安装/)]);
    // One keypress on the fix, named for screen readers with the word and its replacement.
    const fix = panel.getByRole('button', { name: '将 按装 替换为 安装' });
    await fix.focus();
    await page.keyboard.press('Enter');
    await page.locator('.ql-editor').filter({ hasText: '再安装一次' }).waitFor();
    expect(await page.locator('.ql-editor').innerText()).not.toContain('按装');
    await expect.poll(marks).toEqual({ 'ce-sensitive': 1, 'ce-error-prone': 0 });
    // Saved, the body has the fix and nothing of the marks.
    await page.keyboard.press('Control+s');
    await page.getByTestId('ce-save-state').filter({ hasText: /已于 .* 保存/ }).waitFor();
    const [row] = await h.server.database.db.select().from(cmsArticleDetail).where(eq(cmsArticleDetail.contentId, contentId));
    expect(row!.contentHtml).toBe('<p>请安装软件，不要赌博。</p><p>再安装一次</p>');
  });
});
