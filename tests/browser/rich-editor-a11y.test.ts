import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { TABLE_ROWS, useHarness } from './harness.ts';
import { byName, cmsApi } from './cms-api.ts';
import { seriousViolations } from './axe.ts';
import W from '../../shared/i18n/locales/zh-CN/widgets.ts';
import E from '../../shared/i18n/locales/zh-CN/editor.ts';
import F from '../../shared/i18n/locales/zh-CN/fields.ts';
import R from '../../shared/i18n/locales/zh-CN/resource.ts';

// Issue 28 items 2 and 4, the content editor's widgets: what someone with a keyboard or a screen
// reader meets in the rich-text editor (a named toolbar, one Tab stop, pickers that open and
// choose from the keyboard, a text box named by its field) and in the tag input (a text box
// named by its label, a named button per word), errors tied to their fields, and no axe
// violation left in them.

const h = useHarness({ admin: 'richeditoradmin', password: 'Secret123' });
const BODY = '[data-testid=ce-article-body]';
const T = W.editor.tools;
let contentId = 0;

/** What has focus: its role, its accessible name's source (aria-label or text) and a few states. */
const focused = () =>
  h.page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      role: el?.getAttribute('role') ?? el?.tagName.toLowerCase() ?? '',
      name: el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? '',
      expanded: el?.getAttribute('aria-expanded') ?? null,
      selected: el?.getAttribute('aria-selected') ?? null,
      inToolbar: !!el?.closest('[role=toolbar]'),
      isBody: !!el?.classList.contains('ql-editor'),
    };
  });

/** The text of the elements an element's aria-describedby names. */
const description = (el: Locator) =>
  el.evaluate((node) => (node.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean).map((id) => document.getElementById(id)?.textContent ?? `(no #${id})`).join(' '));

async function openArticle() {
  await h.openScreen(`/admin/cms/content/editor?contentId=${contentId}`, `${BODY} .ql-editor`);
  // Quill has built its toolbar
  await h.page.locator(`${BODY} .ql-toolbar .ql-picker`).first().waitFor();
}

/** Puts the cursor in the body's second line and selects that line with the keyboard. */
async function selectSecondLine() {
  await h.page.locator(`${BODY} .ql-editor > :nth-child(2)`).click();
  await h.page.keyboard.press('Home');
  await h.page.keyboard.press('Shift+End');
}

beforeAll(async () => {
  const api = await cmsApi(h, 'richeditoradmin', 'Secret123');
  const catalogId = byName(await api.ok('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'A11y' })).A11y!;
  contentId = (await api.ok('POST', '/cms/content?contentType=article', {
    catalogId, title: 'Spring launch', author: 'Ann', tags: ['launch', 'spring', 'news'], keywords: ['plan'],
    contentHtml: '<h2>Launch plan</h2><p>The plan in three points.</p>',
  })).contentId;
});

describe('the rich-text editor, from the keyboard and a screen reader', () => {
  it('has a named toolbar, one Tab stop between the field before and the text, every control named', async () => {
    await openArticle();
    const page = h.page;
    const toolbar = page.getByRole('toolbar', { name: W.editor.toolbar });
    expect(await toolbar.count()).toBe(1);
    // every control named in the page's language; the pickers' buttons say what they hold
    for (const name of [T.bold, T.italic, T.underline, T.strike, T.ordered, T.bullet, T.outdent, T.indent, T.quote, T.link, T.image, T.clean]) {
      expect(await toolbar.getByRole('button', { name, exact: true }).count(), name).toBe(1);
    }
    for (const name of [`${T.style}：${W.editor.heading.normal}`, `${T.color}：${W.editor.colors.black}`, `${T.background}：${W.editor.colors.white}`, `${T.align}：${W.editor.align.left}`]) {
      expect(await toolbar.getByRole('button', { name, exact: true }).count(), name).toBe(1);
    }
    // the editing area: a multi-line text box named by its section's heading
    const area = page.getByRole('textbox', { name: F.content.contentHtml, exact: true });
    expect(await area.getAttribute('aria-multiline')).toBe('true');

    // From the text, Shift+Tab reaches the toolbar (its first control), once more leaves it.
    await page.locator(`${BODY} .ql-editor h2`).click();
    await page.keyboard.press('Shift+Tab');
    expect(await focused()).toMatchObject({ inToolbar: true, role: 'button', name: `${T.style}：${W.editor.heading.h2}` });
    // The console's focus ring (focus.css): 2 px in --app-focus.
    const ring = await page.evaluate(() => {
      const s = getComputedStyle(document.activeElement!);
      const probe = document.createElement('i');
      probe.style.color = 'var(--app-focus)';
      document.body.append(probe);
      const focus = getComputedStyle(probe).color;
      probe.remove();
      return { style: s.outlineStyle, width: s.outlineWidth, color: s.outlineColor, focus };
    });
    expect(ring).toMatchObject({ style: 'solid', width: '2px' });
    expect(ring.color).toBe(ring.focus);
    // the arrows move along the toolbar, round its ends
    await page.keyboard.press('ArrowRight');
    expect(await focused()).toMatchObject({ inToolbar: true, name: T.bold });
    await page.keyboard.press('End');
    expect(await focused()).toMatchObject({ inToolbar: true, name: T.clean });
    await page.keyboard.press('ArrowRight');
    expect((await focused()).name).toBe(`${T.style}：${W.editor.heading.h2}`);
    await page.keyboard.press('ArrowLeft');
    expect((await focused()).name).toBe(T.clean);
    // one Tab stop: Shift+Tab leaves the toolbar, Tab comes back to the control last used, Tab again is the text
    await page.keyboard.press('Shift+Tab');
    expect((await focused()).inToolbar).toBe(false);
    await page.keyboard.press('Tab');
    expect(await focused()).toMatchObject({ inToolbar: true, name: T.clean });
    await page.keyboard.press('Tab');
    expect((await focused()).isBody).toBe(true);
    // the editing box shows the ring while its text has focus
    const boxRing = await page.locator(`${BODY} .ql-container`).evaluate((el) => [getComputedStyle(el).outlineStyle, getComputedStyle(el).outlineWidth]);
    expect(boxRing).toEqual(['solid', '2px']);
    // and Tab in the text goes on to the next field, typing no tab
    await page.keyboard.press('Tab');
    expect((await focused()).isBody).toBe(false);
    expect(await page.locator(`${BODY} .ql-editor`).evaluate((el) => el.textContent)).not.toContain('\t');
  });

  it('opens a picker with Enter, moves with the arrows, chooses with Enter; Space and Escape too', async () => {
    await openArticle();
    const page = h.page;
    await selectSecondLine();
    await page.keyboard.press('Shift+Tab');
    const style = page.getByRole('button', { name: `${T.style}：${W.editor.heading.normal}`, exact: true });
    expect((await focused()).name).toBe(`${T.style}：${W.editor.heading.normal}`);
    await page.keyboard.press('Enter');
    expect(await style.getAttribute('aria-expanded')).toBe('true');
    // focus on the option the line has, in a listbox named after the picker
    expect(await focused()).toMatchObject({ role: 'option', name: W.editor.heading.normal, selected: 'true' });
    expect(await page.getByRole('listbox', { name: T.style }).count()).toBe(1);
    await page.keyboard.press('Home');
    expect((await focused()).name).toBe(W.editor.heading.h1);
    await page.keyboard.press('ArrowDown');
    expect((await focused()).name).toBe(W.editor.heading.h2);
    await page.keyboard.press('ArrowDown');
    expect((await focused()).name).toBe(W.editor.heading.h3);
    await page.keyboard.press('Enter');
    // chosen: the line is a heading, the picker closed, the cursor back in the text
    await page.locator(`${BODY} .ql-editor h3`).waitFor();
    expect(await page.locator(`${BODY} .ql-editor h3`).textContent()).toBe('The plan in three points.');
    expect((await focused()).isBody).toBe(true);
    const now = page.getByRole('button', { name: `${T.style}：${W.editor.heading.h3}`, exact: true });
    expect(await now.getAttribute('aria-expanded')).toBe('false');

    // the text colour, from the keyboard: Right along the toolbar, Down opens the swatches, Right to red, Space chooses
    await selectSecondLine();
    await page.keyboard.press('Shift+Tab');
    while (!(await focused()).name.startsWith(T.color)) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toMatchObject({ role: 'option', name: W.editor.colors.black, selected: 'true' });
    // the swatches are a grid of seven a row: Down is the palest of the first column (white)
    await page.keyboard.press('ArrowDown');
    expect((await focused()).name).toBe(W.editor.colors.white);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowRight');
    expect((await focused()).name).toBe(W.editor.colors.red);
    await page.keyboard.press(' ');
    await page.waitForFunction((sel) => document.querySelector(`${sel} .ql-editor h3 span[style*="color"]`) !== null, BODY);
    expect(await page.locator(`${BODY} .ql-editor h3 span`).getAttribute('style')).toContain('rgb(230, 0, 0)');
    expect(await page.getByRole('button', { name: `${T.color}：${W.editor.colors.red}`, exact: true }).count()).toBe(1);

    // Space opens, Escape closes and gives focus back to the picker's button; Tab out of an open list closes it
    await page.keyboard.press('Shift+Tab');
    expect((await focused()).name).toBe(`${T.color}：${W.editor.colors.red}`);
    await page.keyboard.press(' ');
    expect((await focused()).role).toBe('option');
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.activeElement?.classList.contains('ql-picker-label'));
    expect(await focused()).toMatchObject({ name: `${T.color}：${W.editor.colors.red}`, expanded: 'false' });
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect(await page.locator(`${BODY} .ql-picker.ql-expanded`).count()).toBe(0);
  });

  it('leaves axe nothing to find in the toolbar, an open picker and the link box', async () => {
    await openArticle();
    const page = h.page;
    expect(await seriousViolations(page, BODY)).toEqual([]);
    await page.locator(`${BODY} .ql-picker.ql-header .ql-picker-label`).focus();
    await page.keyboard.press('Enter');
    expect(await seriousViolations(page, BODY)).toEqual([]);
    await page.keyboard.press('Escape');
    // the link box, in the page's language, its field named
    await selectSecondLine();
    await page.keyboard.press('Control+k');
    const box = page.locator(`${BODY} .ql-tooltip.ql-editing`);
    await box.waitFor();
    expect(await page.getByRole('textbox', { name: W.editor.link.address }).count()).toBe(1);
    expect(await box.evaluate((el) => getComputedStyle(el, '::before').content)).toBe(`"${W.editor.link.enter}"`);
    expect(await box.getByRole('button', { name: W.editor.link.save }).count()).toBe(1);
    expect(await seriousViolations(page, BODY)).toEqual([]);
    await page.keyboard.press('Escape');
  });

  it('names the notice\'s content by its label in the notice dialog', async () => {
    await h.openScreen('/admin/system/notice', TABLE_ROWS);
    await h.toolbar().getByRole('button', { name: R.add, exact: true }).click();
    // Quill draws its area first; the editor names it in the render after (a busy machine can look in between)
    const area = h.dialog().getByRole('textbox', { name: F.noticeContent, exact: true });
    await area.waitFor();
    expect(await area.count()).toBe(1);
    expect(await h.dialog().getByRole('toolbar', { name: W.editor.toolbar }).count()).toBe(1);
    // a click on the label puts the cursor in the text
    await h.dialog().locator('label[for=field-noticeContent]').click();
    expect((await focused()).isBody).toBe(true);
  });
});

describe('the tag input', () => {
  it('is a combobox (a text box offering the site\'s tag words) named by its label and hint, with a named button per word that the keyboard reaches', async () => {
    await openArticle();
    const page = h.page;
    const side = page.getByTestId('ce-side-classify');
    const input = side.getByRole('combobox', { name: F.content.tags, exact: true });
    expect(await input.getAttribute('id')).toBe('ce-tags');
    expect(await description(input)).toBe(E.hints.words);
    // the words are a list, not a listbox holding the text box (a listbox shows only while words are offered)
    expect(await side.getByRole('listbox').count()).toBe(0);
    expect(await side.getByRole('option').count()).toBe(0);
    const remove = (word: string) => E.chips.remove.replace('{{value}}', word);
    for (const word of ['launch', 'spring', 'news']) expect(await side.getByRole('button', { name: remove(word), exact: true }).count()).toBe(1);
    expect(await seriousViolations(page, '[data-testid=ce-side-classify]')).toEqual([]);

    // Left from the empty box: the last word's button; Left again the one before; Enter removes it,
    // focus going to the next word's button; Backspace there removes that one, focus back in the box.
    await input.focus();
    await page.keyboard.press('ArrowLeft');
    expect((await focused()).name).toBe(remove('news'));
    await page.keyboard.press('ArrowLeft');
    expect((await focused()).name).toBe(remove('spring'));
    await page.keyboard.press('Enter');
    await side.getByRole('button', { name: remove('spring') }).waitFor({ state: 'detached' });
    expect((await focused()).name).toBe(remove('news'));
    await page.keyboard.press('Backspace');
    await side.getByRole('button', { name: remove('news') }).waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('ce-tags');
    // a word typed with a comma is added; Shift+Tab from the box reaches its button
    await page.keyboard.type('alpha,');
    await side.getByRole('button', { name: remove('alpha'), exact: true }).waitFor();
    await page.keyboard.press('Shift+Tab');
    expect((await focused()).name).toBe(remove('alpha'));
    expect(await side.locator('[data-field=tags] .p-chips-token').allTextContents()).toEqual(['launch', 'alpha']);
  });
});

describe('errors tied to their fields', () => {
  it('marks the field invalid, describes it by its message and puts focus there after a refused save', async () => {
    await openArticle();
    const page = h.page;
    const title = page.locator('#ce-title');
    await title.fill('');
    await page.getByTestId('ce-save').click();
    const error = page.getByTestId('error-title');
    await error.waitFor();
    await page.waitForFunction(() => document.activeElement?.id === 'ce-title');
    expect(await title.getAttribute('aria-invalid')).toBe('true');
    expect(await description(title)).toBe(await error.textContent());
    // the refusal is said aloud (the toast is a live region)
    const said = E.messages.invalid.replace('{{count}}', '1');
    await page.locator('[role=alert], [role=status], [aria-live]').filter({ hasText: said }).first().waitFor();
    // mended, the field is valid again and described by nothing
    await title.fill('Spring launch');
    await page.keyboard.press('Control+s');
    await error.waitFor({ state: 'detached' });
    expect(await title.getAttribute('aria-invalid')).toBeNull();
    expect(await title.getAttribute('aria-describedby')).toBeNull();
  });
});
