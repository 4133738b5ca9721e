import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, it } from 'vitest';
import { useHarness } from '../browser/harness.ts';
import { drainQueue } from '../../server/modules/cms/publish/worker.ts';

// Issue 30's console search screens (Content Index with an indexed document open, Index Dictionary
// with the Analyze box's chips, the content list's full-text mode) in zh-CN, zh-TW and en at 1440
// and 800 px, saved as <SHOTS_DIR>/<screen>-<language>-<width>.png. Checks nothing.

const DIR = process.env.SHOTS_DIR || 'shots';
const h = useHarness({ admin: 'searchshots' });
let token = '';
let siteId = 0;
const ids: number[] = [];
async function api(method: string, path: string, body?: unknown) {
  const r = await h.server.api(method, path, { token, body, headers: { CurrentSite: String(siteId), repeatSubmit: 'false' } });
  if (r.code !== 200) throw new Error(`${method} ${path}: ${r.msg}`);
  return r.data as any;
}

beforeAll(async () => {
  token = decodeURIComponent((await h.context.cookies()).find((c) => c.name === 'Admin-Token')!.value);
  siteId = (await api('POST', '/cms/site', { name: 'Harbour', path: 'harbour' })).siteId;
  const catalogId = (await api('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'News' }))[0].catalogId;
  const items = [
    ['Harbour lights reopen after the storm', '<p>The lighthouse keepers are back at the harbour. 灯塔报告 published; <b>tags</b> &amp; more.</p>'],
    ['港口灯塔重新开放', '<p>港口的灯塔在风暴后重新开放,人工智能研究所发布了灯塔报告。</p>'],
    ['Market day', '<p>Fresh bread, and a fair of 軟體 makers at the harbour market.</p>'],
  ];
  for (const [title, contentHtml] of items) ids.push((await api('POST', '/cms/content?contentType=article', { catalogId, title, author: 'Ann', contentHtml })).contentId);
  await api('POST', '/cms/content/publish', { contentIds: ids });
  await drainQueue(h.server.server.services);
  for (const id of ids) await api('POST', `/cms/search/build/${id}`);
  await api('POST', '/search/dict', { wordType: 'WORD', words: ['灯塔报告', '人工智能研究所'] });
  await api('POST', '/search/dict', { wordType: 'STOP', words: ['重新'] });
  await h.page.goto(h.url('/admin/favicon.svg'));
  await h.page.evaluate((id) => localStorage.setItem('CurrentSite', id), String(siteId));
});

async function save(name: string, tag: string, fullPage = true) {
  await h.page.waitForLoadState('networkidle').catch(() => undefined);
  await h.page.waitForTimeout(300);
  await h.page.screenshot({ path: join(DIR, `${name}-${tag}.png`), fullPage });
}

it('saves the search screens', async () => {
  mkdirSync(DIR, { recursive: true });
  await h.inEveryLook(async ({ tag }) => {
    await h.openScreen('/admin/configs/search/index', '[data-testid=search-index-table] tbody tr:has-text("Market day")');
    await h.page.locator('#search-index-query').fill('harbour 灯塔');
    await h.page.locator('#search-index-query').press('Enter');
    await h.page.waitForTimeout(500);
    await save('search-index', tag);
    await h.page.locator(`[data-testid=search-view-${ids[0]}]`).click();
    await h.page.getByTestId('search-doc').waitFor();
    await h.page.waitForFunction(() => !document.querySelector('.p-dialog-enter-active, .p-dialog-enter'));
    await save('search-index-doc', tag, false);
    await h.page.keyboard.press('Escape');

    await h.openScreen('/admin/configs/dictWord', '[data-testid=search-dict-table] tbody tr');
    await h.page.locator('.search-analyze textarea').fill('港口的灯塔在风暴后重新开放,人工智能研究所发布了灯塔报告。Lighthouse keepers returned.');
    await h.page.getByTestId('search-analyze-run').click();
    await h.page.getByTestId('search-analyze-words').waitFor();
    await h.page.getByTestId('search-dict-add-open').click();
    await save('search-dict', tag);

    await h.openScreen('/admin/configs/content', '[data-testid=content-table] .content-title-link');
    await h.page.getByTestId('content-full-text-toggle').click();
    await h.page.locator('#content-full-text-query').fill('harbour');
    await h.page.locator('#content-full-text-query').press('Enter');
    await h.page.getByTestId('content-full-text-table').locator('tbody tr mark').first().waitFor();
    await save('content-full-text', tag);
  }, [1440, 800]);
});
