import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useHarness } from './harness.ts';
import { cmsApi, demoSiteId } from './cms-api.ts';
import { seriousViolations } from './axe.ts';
import { createUser } from '../../server/modules/auth/test-fixtures.ts';
import { sysUser } from '../../server/modules/system/schema.ts';
import { DESIGN_PROPS } from '../../shared/cms/form-design.ts';
import zhCN from '../../shared/i18n/locales/zh-CN/formBuilder.ts';
import commonZhCN from '../../shared/i18n/locales/zh-CN/common.ts';

// Tools → Form Builder (menu 115, issue 33 item 3): a form built by keyboard and pointer, saved as
// an extension model, reopened, changed and saved again keeps every property; refused without
// tool:build:view; laid out in three languages at 1440 and 800 px.
const h = useHarness({ admin: 'fbadmin' });

const field = (code: string) => h.page.locator(`[data-testid=fb-field][data-code="${code}"]`);
const prop = (name: string) => h.page.locator(`#ce-fb-${name}`);
/** Sets a text property of the selected field (the input is replaced whole, as a user would). */
async function setProp(name: string, value: string) {
  await prop(name).fill(value);
}
const codes = () => h.page.getByTestId('fb-field').evaluateAll((els) => els.map((e) => e.getAttribute('data-code')));

describe('the Form Builder', () => {
  it('builds a form by keyboard and pointer, saves it as a model, and every property round-trips', async () => {
    const api = await cmsApi(h, 'fbadmin', 'Secret123');
    await h.openScreen('/admin/tool/build', '[data-testid=fb-designer] [data-kind=text]');
    expect(await h.page.title()).toContain(zhCN.title);

    // By keyboard: Enter on a palette kind adds it, the new field's row takes the focus.
    await h.page.locator('[data-kind=text]').focus();
    await h.page.keyboard.press('Enter');
    await expect.poll(() => h.page.evaluate(() => document.activeElement?.closest('[data-testid=fb-field]')?.getAttribute('data-code'))).toBe('text');
    // Typed key by key: the focus stays in the property while the canvas redraws.
    await prop('label').fill('');
    await prop('label').pressSequentially('Author');
    expect(await prop('label').inputValue()).toBe('Author');
    await setProp('code', 'author');
    await prop('required').press('Space');
    await setProp('maxLength', '40');
    await setProp('pattern', '[A-Za-z ]+');
    await prop('searchable').press('Space');
    await h.page.locator('[data-kind=number]').focus();
    await h.page.keyboard.press('Enter');
    await setProp('label', 'Pages');
    await setProp('code', 'pages');
    await setProp('minValue', '1');
    await setProp('maxValue', '999');
    await setProp('defaultValue', '10');
    // By pointer: a kind dragged onto the canvas, another clicked.
    await h.page.locator('[data-kind=radio]').dragTo(h.page.getByTestId('fb-drop-end'));
    await field('radio').waitFor();
    await field('radio').locator('.fb-select').click();
    await setProp('label', 'Signed');
    await setProp('code', 'signed');
    await h.page.locator('[data-kind=switch]').click();
    await setProp('label', 'Featured');
    await setProp('code', 'featured');
    expect(await codes()).toEqual(['author', 'pages', 'signed', 'featured']);

    // Reordered by keyboard (Alt+Up on the selected row) and by dragging a row.
    await field('pages').locator('.fb-select').focus();
    await h.page.keyboard.press('Alt+ArrowUp');
    expect(await codes()).toEqual(['pages', 'author', 'signed', 'featured']);
    await expect.poll(() => h.page.evaluate(() => document.activeElement?.closest('[data-testid=fb-field]')?.getAttribute('data-code'))).toBe('pages');
    await field('featured').dragTo(field('pages'), { targetPosition: { x: 20, y: 2 } });
    expect(await codes()).toEqual(['featured', 'pages', 'author', 'signed']);
    // Undo and redo, by keys and by buttons.
    await h.page.keyboard.press('Control+z');
    expect(await codes()).toEqual(['pages', 'author', 'signed', 'featured']);
    await h.page.keyboard.press('Control+Shift+z');
    expect(await codes()).toEqual(['featured', 'pages', 'author', 'signed']);
    await h.page.getByTestId('fb-undo').click();
    await h.page.getByTestId('fb-redo').click();
    expect(await codes()).toEqual(['featured', 'pages', 'author', 'signed']);
    // The preview draws the form with the Extend tab's controls.
    await expect.poll(() => h.page.locator('.fb-preview [data-field]').count()).toBe(4);
    await h.page.locator('#ce-x-signed').waitFor();
    expect(await seriousViolations(h.page)).toEqual([]);

    // Saved as a new extension model (a form model: a site has as many as it likes).
    await h.page.getByTestId('fb-save-model').click();
    await h.page.locator('#ce-fb-as-name').fill('Book facts');
    await h.page.locator('#ce-fb-as-code').fill('book_facts');
    await h.page.getByTestId('fb-save-as-submit').click();
    await expect.poll(() => h.page.getByTestId('fb-status').textContent()).toContain('book_facts');
    const model = (await api.ok('GET', '/cms/exmodel/list?query=Book facts')).rows[0];
    expect(model).toMatchObject({ code: 'book_facts', bindTo: 'form' });
    const stored = async () => ((await api.ok('GET', `/xmodel/field/list?modelId=${model.modelId}&pageSize=100`)).rows as Record<string, unknown>[])
      .map((r) => Object.fromEntries(DESIGN_PROPS.map((p) => [p, r[p] === '' ? null : r[p]])));
    const blank = { required: 'N', searchable: 'N', dictType: null, minLength: null, maxLength: null, pattern: null, minValue: null, maxValue: null, defaultValue: null };
    const expected = [
      { ...blank, label: 'Featured', code: 'featured', fieldType: 'switch' },
      { ...blank, label: 'Pages', code: 'pages', fieldType: 'number', minValue: 1, maxValue: 999, defaultValue: '10' },
      { ...blank, label: 'Author', code: 'author', fieldType: 'text', required: 'Y', maxLength: 40, pattern: '[A-Za-z ]+', searchable: 'Y' },
      { ...blank, label: 'Signed', code: 'signed', fieldType: 'radio', dictType: 'YesOrNo' },
    ];
    expect(await stored()).toEqual(expected);

    // Reopened on a fresh page, one property changed, saved: every other property as it was.
    await h.openScreen('/admin/tool/build', '[data-testid=fb-designer] [data-kind=text]');
    await h.page.locator('.fb-model').click();
    await h.page.getByRole('option', { name: 'Book facts (book_facts)' }).click();
    await field('author').waitFor();
    expect(await codes()).toEqual(['featured', 'pages', 'author', 'signed']);
    await field('author').locator('.fb-select').click();
    expect(await prop('pattern').inputValue()).toBe('[A-Za-z ]+');
    await setProp('maxLength', '50');
    await h.page.getByTestId('fb-save').click();
    await expect.poll(async () => (await stored())[2]!.maxLength).toBe(50);
    expect(await stored()).toEqual(expected.map((f) => (f.code === 'author' ? { ...f, maxLength: 50 } : f)));

    // A bad rule is shown under its field and nothing is sent.
    await setProp('minLength', '60');
    await h.page.getByTestId('fb-save').click();
    await h.page.getByTestId('error-fb-minLength').waitFor();
    expect(await stored()).toEqual(expected.map((f) => (f.code === 'author' ? { ...f, maxLength: 50 } : f)));
  }, 180_000);

  it('gives the focus to the palette when the last field is removed by its Delete key', async () => {
    await h.openScreen('/admin/tool/build', '[data-testid=fb-designer] [data-kind=text]');
    await h.page.locator('[data-kind=date]').focus();
    await h.page.keyboard.press('Enter');
    await expect.poll(() => h.page.evaluate(() => document.activeElement?.closest('[data-testid=fb-field]') !== null)).toBe(true);
    await h.page.keyboard.press('Delete');
    await expect.poll(() => h.page.getByTestId('fb-field').count()).toBe(0);
    expect(await h.page.evaluate(() => document.activeElement?.getAttribute('data-kind'))).toBe('text');
  });

  it('shows a label carrying markup as text on the canvas and in the preview, nothing run', async () => {
    await h.openScreen('/admin/tool/build', '[data-testid=fb-designer] [data-kind=text]');
    const label = '<img src=x onerror="window.__fbPwned=1">Bold <b>name</b>';
    await h.page.locator('[data-kind=text]').click();
    await setProp('label', label);
    await expect.poll(() => h.page.locator('.fb-preview [data-field]').first().textContent()).toContain(label);
    expect(await field('text').textContent()).toContain(label);
    expect(await h.page.locator('[data-testid=fb-designer] img, [data-testid=fb-designer] b').count()).toBe(0);
    expect(await h.page.evaluate(() => (window as unknown as { __fbPwned?: number }).__fbPwned)).toBeUndefined();
    // The unsaved design holds the console's own page changes; leaving anyway drops it.
    await h.page.locator('a[href*="/admin/index"]').first().click();
    await h.confirmBox().getByText(zhCN.leavePage).waitFor();
    await h.confirmBox().getByRole('button', { name: commonZhCN.actions.cancel }).click();
    expect(new URL(h.page.url()).pathname).toBe('/admin/tool/build');
    expect(await field('text').count()).toBe(1);
    await h.page.locator('a[href*="/admin/index"]').first().click();
    await h.confirmBox().getByRole('button', { name: commonZhCN.actions.ok }).click();
    await h.page.waitForURL((u) => u.pathname.replace(/\/$/, '') === '/admin/index');
  });

  it('is laid out in three languages at 1440 and 800 px', async () => {
    await h.inEveryLook(async ({ tag }) => {
      await h.openScreen('/admin/tool/build', '[data-testid=fb-designer] [data-kind=text]');
      await h.page.locator('[data-kind=text]').click();
      await h.page.locator('[data-kind=radio]').click();
      await h.expectLaidOut(`form builder ${tag}`);
    }, [1440, 800]);
  }, 180_000);

  it('sends a user without tool:build:view to 401', async () => {
    const db = h.server.database.db;
    await createUser(db, 'fbnobody', { roles: ['fb_nobody'] });
    await db.update(sysUser).set({ passwordModifyTime: new Date() }).where(eq(sysUser.userName, 'fbnobody'));
    expect(await demoSiteId(h)).toBeGreaterThan(0);
    await h.signInAs('fbnobody', 'Secret123');
    await h.page.goto(h.url('/admin/tool/build'));
    await h.page.waitForURL((u) => u.pathname === '/admin/401');
  });
});
