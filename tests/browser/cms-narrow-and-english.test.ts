import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from './harness.ts';
import W from '../../shared/i18n/locales/en/widgets.ts';

// Two defects met in the acceptance walk of issue 10: the article editor's paragraph-style picker
// kept the Chinese "正文" on an English page (Quill copies the option texts once, before the
// English catalogue arrived), and at 800 px the content list's last columns slid under its
// pinned actions column.

process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'castanea-browser-narrow-'));
const h = useHarness({ admin: 'narrowadmin' });
afterAll(() => {
  delete process.env.DATA_DIR;
});

let siteId = 0;
let catalogId = 0;
beforeAll(async () => {
  const token = decodeURIComponent((await h.context.cookies()).find((c) => c.name === 'Admin-Token')!.value);
  const api = async (method: string, path: string, body?: unknown) => (await h.server.api(method, path, { token, body, headers: { CurrentSite: String(siteId), repeatSubmit: 'false' } })).data;
  siteId = (await api('POST', '/cms/site', { name: 'Narrow', path: 'narrow' })).siteId;
  catalogId = (await api('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'News' }))[0].catalogId;
  for (const title of ['First story', 'Second story']) await api('POST', '/cms/content?contentType=article', { catalogId, title, author: 'Ann' });
  await h.page.goto(h.url('/admin/favicon.svg'));
  await h.page.evaluate((id) => { localStorage.setItem('CurrentSite', id); localStorage.setItem('language', 'en'); }, String(siteId));
});

describe('the walk\'s defects', () => {
  it('labels the article editor\'s paragraph-style picker in English on an English page', async () => {
    await h.openScreen(`/admin/cms/content/editor?catalogId=${catalogId}&contentType=article`, '[data-testid=ce-article-body] .ql-editor');
    const label = h.page.locator('[data-testid=ce-article-body] .ql-picker.ql-header .ql-picker-label');
    await expect.poll(() => label.getAttribute('data-label'), { timeout: 10_000 }).toBe(W.editor.heading.normal);
    const items = await h.page.locator('[data-testid=ce-article-body] .ql-picker.ql-header .ql-picker-item').evaluateAll((els) => els.map((e) => e.getAttribute('data-label')));
    expect(items).toEqual([W.editor.heading.h1, W.editor.heading.h2, W.editor.heading.h3, W.editor.heading.h4, W.editor.heading.normal]);
  });

  it('fits the content list in an 800 px window without sliding columns under the actions', async () => {
    await h.page.setViewportSize({ width: 800, height: 900 });
    await h.openScreen('/admin/configs/content', '[data-testid=content-table] .content-title-link');
    const table = h.page.locator('[data-testid=content-table]');
    const overflow = await table.locator('.p-datatable-wrapper').evaluate((w) => w.scrollWidth - w.clientWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    // The title, status and publish date stay; the author and views make room.
    const headers = await table.locator('thead th').evaluateAll((ths) => ths.filter((th) => (th as HTMLElement).offsetParent !== null).map((th) => th.textContent?.trim()));
    expect(headers).toEqual(expect.arrayContaining(['Title', 'Status', 'Publish date']));
    expect(headers).not.toContain('Author');
    // Wide enough, everything shows again.
    await h.page.setViewportSize({ width: 1600, height: 900 });
    await expect.poll(async () => table.locator('thead th', { hasText: 'Author' }).isVisible()).toBe(true);
  });
});
