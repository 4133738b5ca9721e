import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { it } from 'vitest';
import { useHarness } from '../browser/harness.ts';
import { byName, cmsApi } from '../browser/cms-api.ts';

// The article editor in zh-CN, zh-TW and en at 1440 and 800 px (docs/screenshots.md): the
// rich-text toolbar at rest, with its paragraph-style and colour pickers opened from the keyboard
// and with its link box; the tag input holding tags, its box focused, then a tag's remove button.
// Saved as <SHOTS_DIR>/editor-*-<language>-<width>.png. Checks nothing.

const DIR = process.env.SHOTS_DIR || 'shots';
const WIDTHS = [1440, 800] as const;
const h = useHarness({ admin: 'editorshotsadmin', password: 'Secret123' });

async function save(name: string, tag: string, fullPage = true) {
  await h.page.waitForLoadState('networkidle').catch(() => undefined);
  await h.page.waitForTimeout(300);
  await h.page.screenshot({ path: join(DIR, `${name}-${tag}.png`), fullPage });
}

it('saves the article editor, its toolbar and its tags', async () => {
  mkdirSync(DIR, { recursive: true });
  const api = await cmsApi(h, 'editorshotsadmin', 'Secret123');
  const catalogId = byName(await api.ok('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'Shots' })).Shots!;
  const { contentId } = await api.ok('POST', '/cms/content?contentType=article', {
    catalogId, title: 'Spring launch', author: 'Ann', tags: ['launch', 'spring', 'news'], keywords: ['plan'],
    contentHtml: '<h2>Launch plan</h2><p>The plan, in <strong>three</strong> points.</p><ul><li>First point</li><li>Second point</li></ul>',
  });
  const body = '[data-testid=ce-article-body] .ql-editor';
  await h.inEveryLook(async ({ tag }) => {
    await h.openScreen(`/admin/cms/content/editor?contentId=${contentId}`, body);
    await save('editor-article', tag);
    // the toolbar's paragraph-style picker opened from the keyboard
    const label = h.page.locator('[data-testid=ce-article-body] .ql-picker.ql-header .ql-picker-label');
    await label.focus();
    await h.page.keyboard.press('Enter');
    await h.page.waitForTimeout(200);
    await h.page.locator('[data-testid=ce-article-body]').screenshot({ path: join(DIR, `editor-toolbar-open-${tag}.png`) });
    await h.page.keyboard.press('Escape');
    // the text colour's swatches, from the keyboard; then the link box (Ctrl+K) on the second line, in the page's language
    await h.page.locator('[data-testid=ce-article-body] .ql-picker.ql-color .ql-picker-label').focus();
    await h.page.keyboard.press('ArrowDown');
    await h.page.keyboard.press('ArrowRight');
    await h.page.waitForTimeout(200);
    await h.page.locator('[data-testid=ce-article-body]').screenshot({ path: join(DIR, `editor-colour-open-${tag}.png`) });
    await h.page.keyboard.press('Escape');
    await h.page.locator(`${body} > :nth-child(2)`).click();
    await h.page.keyboard.press('Home');
    await h.page.keyboard.press('Shift+End');
    await h.page.keyboard.press('Control+k');
    await h.page.waitForTimeout(200);
    await h.page.locator('[data-testid=ce-article-body]').screenshot({ path: join(DIR, `editor-link-${tag}.png`) });
    // Escape: back in the text, which shows the focus ring
    await h.page.keyboard.press('Escape');
    await h.page.locator('[data-testid=ce-article-body]').screenshot({ path: join(DIR, `editor-body-focused-${tag}.png`) });
    // the tags, the input focused
    await h.page.locator('#ce-tags').focus();
    await h.page.locator('[data-testid=ce-side-classify]').screenshot({ path: join(DIR, `editor-tags-${tag}.png`) });
    // Left from the empty box: the last tag's remove button, focused
    await h.page.keyboard.press('ArrowLeft');
    await h.page.locator('[data-testid=ce-side-classify]').screenshot({ path: join(DIR, `editor-tags-remove-${tag}.png`) });
  }, WIDTHS);
});
