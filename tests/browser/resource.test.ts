import { describe, expect, it } from 'vitest';
import { useHarness } from './harness.ts';
import { holdRequests } from './hold-requests.ts';
import resourceZhCN from '../../shared/i18n/locales/zh-CN/resource.ts';
import resourceEn from '../../shared/i18n/locales/en/resource.ts';
import validationZhCN from '../../shared/i18n/locales/zh-CN/validation.ts';
import fieldsZhCN from '../../shared/i18n/locales/zh-CN/fields.ts';
import commonZhCN from '../../shared/i18n/locales/zh-CN/common.ts';
import commonEn from '../../shared/i18n/locales/en/common.ts';
import widgetsZhCN from '../../shared/i18n/locales/zh-CN/widgets.ts';

// The generic resource screen end to end, on posts: search, add (with a field error), edit,
// delete with confirmation, export.

const h = useHarness({ admin: 'resadmin' });
const R = resourceZhCN;

const table = () => h.page.locator('.resource-table tbody');

async function openPosts() {
  await h.openScreen('/admin/system/post');
  await h.rowOf('ceo').waitFor();
}

describe('posts on the generic resource screen', () => {
  it('lists the seeded posts and filters them by the search form', async () => {
    await openPosts();
    expect(await table().locator('tr').count()).toBe(4);
    await h.page.fill('#search-postCode', 'ceo');
    const reply = h.page.waitForResponse((r) => r.url().includes('/prod-api/system/post/list?') && r.url().includes('postCode=ceo'));
    await h.page.getByTestId('resource-search').getByRole('button', { name: R.search, exact: true }).click();
    await reply;
    await h.page.waitForFunction(() => document.querySelectorAll('.resource-table tbody tr').length === 1);
    expect(await table().textContent()).toContain('ceo');
    await h.page.getByTestId('resource-search').getByRole('button', { name: R.reset, exact: true }).click();
    await h.page.waitForFunction(() => document.querySelectorAll('.resource-table tbody tr').length === 4);
  });

  it('sorts by a column header: ascending, descending, then the list order again', async () => {
    await openPosts();
    const header = h.page.getByRole('columnheader', { name: fieldsZhCN.postSort });
    const codes = () => table().locator('tr td:nth-child(3)').allTextContents();
    const sortedBy = async (expected: string | null, click: () => Promise<unknown>) => {
      const reply = h.page.waitForResponse((r) => r.url().includes('/prod-api/system/post/list?'));
      await click();
      const query = new URL((await reply).url()).searchParams;
      expect(query.get('isAsc')).toBe(expected);
    };
    await sortedBy('ascending', () => header.click());
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('ascending');
    await expect.poll(codes).toEqual(['ceo', 'se', 'hr', 'user']);
    // From the keyboard too.
    await sortedBy('descending', () => header.press('Enter'));
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('descending');
    await expect.poll(codes).toEqual(['user', 'hr', 'se', 'ceo']);
    await sortedBy(null, () => header.click());
    expect(await header.getAttribute('aria-sort')).toBe('none');
  });

  it("hides and shows a column from the toolbar's panel, its code fetched when first opened, and names the round buttons in tooltips", async () => {
    await openPosts();
    const T = widgetsZhCN.toolbar;
    const chooser: string[] = [];
    h.page.on('request', (r) => {
      if (/\/ColumnChooser\.[\w-]+\.js$/.test(r.url())) chooser.push(r.url());
    });
    const header = () => h.page.getByRole('columnheader', { name: fieldsZhCN.postSort }).count();
    const columns = h.page.getByRole('button', { name: T.columns });
    expect(chooser).toEqual([]);
    await columns.click();
    const panel = h.page.locator('.table-toolbar-columns');
    await panel.waitFor();
    expect(chooser).toHaveLength(1);
    const box = panel.getByRole('checkbox', { name: fieldsZhCN.postSort });
    expect(await box.isChecked()).toBe(true);
    await box.click();
    await expect.poll(header).toBe(0);
    await box.click();
    await expect.poll(header).toBe(1);
    // The button closes it, and opens it again under itself.
    await columns.click();
    await panel.waitFor({ state: 'hidden' });
    await columns.click();
    await panel.waitFor();
    await h.page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    // The round buttons are named on screen too, once hovered.
    await h.page.mouse.move(0, 0);
    await h.page.getByRole('button', { name: T.refresh }).hover();
    await h.page.locator('.p-tooltip').filter({ hasText: T.refresh }).waitFor();
  });

  it('takes a date-time typed key by key, and one picked from the panel, into the search', async () => {
    await openPosts();
    const begin = h.page.locator('#search-createTime-begin');
    await begin.click();
    await begin.pressSequentially('2020-01-02 03:04', { delay: 20 });
    await h.page.keyboard.press('Tab');
    // The picker's code may arrive just then: it takes the typed text over in its first effect.
    await expect.poll(() => begin.inputValue()).toBe('2020-01-02 03:04');
    // The end from the panel, opened by the field's button: the 15th of the month shown.
    await h.page.locator('.resource-search-range .p-datepicker-trigger').nth(1).click();
    await h.page.locator('.p-datepicker-calendar td:not(.p-datepicker-other-month) span', { hasText: /^15$/ }).click();
    await h.page.keyboard.press('Escape');
    expect(await h.page.locator('#search-createTime-end').inputValue()).toMatch(/^\d{4}-\d{2}-15 \d{2}:\d{2}$/);
    const reply = h.page.waitForResponse((r) => r.url().includes('/prod-api/system/post/list?') && r.url().includes('beginTime='));
    await h.page.getByTestId('resource-search').getByRole('button', { name: R.search, exact: true }).click();
    const query = new URL((await reply).url()).searchParams;
    expect(query.get('beginTime')).toBe('2020-01-02 03:04:00');
    expect(query.get('endTime')).toMatch(/^\d{4}-\d{2}-15 \d{2}:\d{2}:00$/);
    await h.page.getByTestId('resource-search').getByRole('button', { name: R.reset, exact: true }).click();
  });

  it('keeps a date-time typed while the calendar is still on its way, and the focus with it', async () => {
    // The calendar's code arrives after the screen is drawn (DateTimeInput); here it is held back
    // until half of the text is typed into its stand-in.
    const { release, done } = await holdRequests(h.page, /\/_assets\/DateTimePicker\.[\w-]+\.js$/);
    try {
      await openPosts();
      const begin = h.page.locator('#search-createTime-begin');
      // Untouched, both fields wait as stand-ins, not loading: the picker is asked for once one is touched.
      expect(await h.page.locator('.p-calendar[data-stand-in]').count()).toBe(2);
      expect(await h.page.locator('.p-calendar[aria-busy=true]').count()).toBe(0);
      // The stand-in is laid out as the picker: nothing moves when it arrives.
      const boxes = () => Promise.all([begin, h.page.locator('.resource-search-range .p-datepicker-trigger').first()].map((l) => l.boundingBox()));
      const standing = await boxes();
      await begin.click();
      expect(await h.page.locator('.p-calendar[aria-busy=true]:has(#search-createTime-begin)').count()).toBe(1);
      await begin.pressSequentially('2020-01-0', { delay: 10 });
      release();
      await h.page.locator('.p-calendar[aria-busy=true]').first().waitFor({ state: 'detached' });
      expect(await boxes()).toEqual(standing);
      await h.page.keyboard.type('2 03:04', { delay: 10 });
      await h.page.keyboard.press('Tab');
      expect(await begin.inputValue()).toBe('2020-01-02 03:04');
      const reply = h.page.waitForResponse((r) => r.url().includes('/prod-api/system/post/list?') && r.url().includes('beginTime='));
      await h.page.getByTestId('resource-search').getByRole('button', { name: R.search, exact: true }).click();
      expect(new URL((await reply).url()).searchParams.get('beginTime')).toBe('2020-01-02 03:04:00');
    } finally {
      await done();
    }
  });

  it('asks for the calendar only once a date field is wanted, and opens its panel from the stand-in\'s button', async () => {
    const asked: string[] = [];
    const note = (r: { url(): string }) => void (/\/_assets\/DateTimePicker\./.test(r.url()) && asked.push(r.url()));
    h.page.on('request', note);
    try {
      await openPosts();
      // The screen settled (its other widgets' code came): still no picker.
      await h.page.waitForLoadState('networkidle');
      expect(asked).toEqual([]);
      const trigger = h.page.locator('.p-calendar:has(#search-createTime-end) .p-datepicker-trigger');
      // Named as the picker's own button, in the console's language, and usable before the code is in.
      expect(await trigger.getAttribute('aria-label')).toBe('选择日期');
      expect(await trigger.isDisabled()).toBe(false);
      await trigger.click();
      await h.page.locator('.p-datepicker:not(.p-datepicker-inline)').waitFor();
      expect(asked).toHaveLength(1);
      expect(await h.page.locator('.p-calendar:has(#search-createTime-end)').getAttribute('data-stand-in')).toBeNull();
      expect(await trigger.getAttribute('aria-label')).toBe('选择日期');
      await h.page.keyboard.press('Escape');
      // The other field still waits.
      expect(await h.page.locator('.p-calendar[data-stand-in]:has(#search-createTime-begin)').count()).toBe(1);
    } finally {
      h.page.off('request', note);
    }
  });

  it('loses no key typed while the calendar takes the stand-in\'s place', async () => {
    const { release, done } = await holdRequests(h.page, /\/_assets\/DateTimePicker\.[\w-]+\.js$/);
    try {
      await openPosts();
      const begin = h.page.locator('#search-createTime-begin');
      await begin.click();
      await begin.pressSequentially('2020-01-02', { delay: 0 });
      release();
      // Keys keep coming, a digit and its erasure, until the calendar is in: a key that fell between
      // the two inputs (to the page's body) leaves a digit too many or one too few.
      const busy = h.page.locator('.p-calendar[aria-busy=true]');
      for (let i = 0; i < 500 && (await busy.count()); i++) {
        await h.page.keyboard.press('9');
        await h.page.keyboard.press('Backspace');
      }
      expect(await busy.count()).toBe(0);
      await h.page.keyboard.type(' 03:04');
      expect(await begin.inputValue()).toBe('2020-01-02 03:04');
      await h.page.keyboard.press('Tab');
      expect(await begin.inputValue()).toBe('2020-01-02 03:04');
    } finally {
      await done();
    }
  });

  it('keeps typing into a number field as its spinner arrives: every digit, and the focus', async () => {
    const { release, done } = await holdRequests(h.page, /\/_assets\/number\.[\w-]+\.js$/);
    try {
      await openPosts();
      await h.toolbar().getByRole('button', { name: R.add, exact: true }).click();
      await h.dialog().waitFor();
      const sort = h.page.locator('#field-postSort');
      const busy = h.dialog().locator('.p-inputnumber[aria-busy=true]');
      expect(await busy.count()).toBe(1);
      await sort.fill('');
      await sort.pressSequentially('1');
      release();
      // Digits keep coming until the spinner is in, then one more: none may go astray.
      let typed = '1';
      for (let i = 0; i < 2 && (await busy.count()); i++) {
        await h.page.keyboard.press('2');
        typed += '2';
      }
      await busy.waitFor({ state: 'detached' });
      await h.page.keyboard.press('3');
      typed += '3';
      expect(await h.page.evaluate(() => document.activeElement?.id)).toBe('field-postSort');
      expect((await sort.inputValue()).replace(/\D/g, '')).toBe(typed);
      await h.page.keyboard.press('Escape');
    } finally {
      await done();
    }
  });

  it('loads the form only when it opens, and says so when its code cannot arrive', async () => {
    // The list draws from the page's view of the definition: no validators until a form opens.
    const zod = /\/_assets\/zod\.[\w-]+\.js$/;
    const asked: string[] = [];
    const record = (r: { url(): string }) => void (zod.test(r.url()) && asked.push(r.url()));
    h.page.on('request', record);
    await h.page.route(zod, (route) => route.abort());
    try {
      await openPosts();
      expect(asked).toEqual([]);
      await h.toolbar().getByRole('button', { name: R.add, exact: true }).click();
      await h.page.locator('.p-toast-message', { hasText: R.formUnavailable }).waitFor();
      expect(asked.length).toBeGreaterThan(0);
      expect(await h.dialog().count()).toBe(0);
    } finally {
      h.page.off('request', record);
      await h.page.unroute(zod);
    }
  });

  it('adds a post through the dialog, showing the field error for a bad code first', async () => {
    await openPosts();
    await h.toolbar().getByRole('button', { name: R.add, exact: true }).click();
    await h.dialog().waitFor();
    await h.page.fill('#field-postCode', 'bad code!');
    await h.page.fill('#field-postName', '');
    await h.dialog().getByRole('button', { name: commonZhCN.actions.ok }).click();
    const codeError = h.page.getByTestId('error-postCode');
    await codeError.waitFor();
    expect(await codeError.textContent()).toBe(validationZhCN.code.replace('{{field}}', fieldsZhCN.postCode));
    expect(await h.page.getByTestId('error-postName').textContent()).toBe(validationZhCN.required.replace('{{field}}', fieldsZhCN.postName));
    await h.page.fill('#field-postCode', 'qa_team');
    await h.page.fill('#field-postName', '质量保证');
    const saved = h.page.waitForResponse((r) => r.url().endsWith('/prod-api/system/post') && r.request().method() === 'POST');
    await h.dialog().getByRole('button', { name: commonZhCN.actions.ok }).click();
    expect((await (await saved).json()).code).toBe(200);
    await h.rowOf('qa_team').waitFor();
    expect(await h.dialog().count()).toBe(0);
  });

  it('edits the post', async () => {
    await openPosts();
    await h.rowOf('qa_team').getByRole('button', { name: R.edit, exact: true }).click();
    await h.dialog().waitFor();
    expect(await h.page.inputValue('#field-postCode')).toBe('qa_team');
    await h.page.fill('#field-postName', '质量团队');
    await h.dialog().getByRole('button', { name: commonZhCN.actions.ok }).click();
    await h.rowOf('质量团队').waitFor();
  });

  it('asks before deleting, and deletes', async () => {
    await openPosts();
    // Nothing selected: the toolbar's delete is not offered yet.
    expect(await h.toolbar().getByRole('button', { name: R.remove, exact: true }).isDisabled()).toBe(true);
    await h.rowOf('qa_team').getByRole('button', { name: R.remove, exact: true }).click();
    const confirmBox = h.confirmBox();
    await confirmBox.waitFor();
    expect(await confirmBox.textContent()).toContain(R.confirmDelete.replace('{{count}}', '1'));
    const removed = h.page.waitForResponse((r) => r.url().endsWith('/prod-api/system/post') && r.request().method() === 'DELETE');
    await confirmBox.locator('.p-confirm-dialog-accept').click();
    expect((await (await removed).json()).code).toBe(200);
    await h.rowOf('qa_team').waitFor({ state: 'detached' });
  });

  it('exports the list as .xlsx', async () => {
    await openPosts();
    const download = h.page.waitForEvent('download');
    await h.toolbar().getByRole('button', { name: R.export, exact: true }).click();
    expect((await download).suggestedFilename()).toMatch(/^post_\d+\.xlsx$/);
  });

  it('renders in English after the language switch', async () => {
    await h.page.evaluate(() => localStorage.setItem('language', 'en'));
    await openPosts();
    await h.toolbar().getByRole('button', { name: resourceEn.add }).waitFor();
    await h.toolbar().getByRole('button', { name: resourceEn.add }).click();
    await h.dialog().waitFor();
    await h.page.fill('#field-postCode', 'bad code!');
    await h.dialog().getByRole('button', { name: commonEn.actions.ok }).click();
    await h.page.getByTestId('error-postCode').waitFor();
    expect(await h.page.getByTestId('error-postCode').textContent()).toBe('Post code may contain only letters, digits and underscores');
    await h.page.evaluate(() => localStorage.setItem('language', 'zh-CN'));
  });

  it("translates the rows' actions when the language's texts arrive after the rows (a page built in zh-CN for an English reader)", async () => {
    // A host that sends the zh-CN page whatever the language cookie: the islands hydrate in zh-CN,
    // then switch. (Where the page comes built in English, they wait for its texts and draw English
    // from the start: prepaint.test.ts.)
    await h.page.evaluate(() => {
      localStorage.setItem('language', 'en');
      document.cookie = 'castanea_lang=zh-CN;path=/admin/';
    });
    // The English texts of the screen are held back until the rows are on screen (the file holding
    // them: several namespaces share one, astro.config.mjs).
    let rowsShown!: () => void;
    const shown = new Promise<void>((resolve) => (rowsShown = resolve));
    await h.page.route('**/_assets/*.js', async (route) => {
      const reply = await route.fetch();
      const body = await reply.text();
      if (body.includes(resourceEn.confirmDelete)) await shown;
      await route.fulfill({ response: reply, body });
    });
    await h.page.goto(h.url('/admin/system/post'));
    await h.rowOf('ceo').getByRole('button', { name: R.edit, exact: true }).waitFor();
    rowsShown();
    await h.toolbar().getByRole('button', { name: resourceEn.add }).waitFor();
    await h.rowOf('ceo').getByRole('button', { name: resourceEn.edit, exact: true }).waitFor({ timeout: 5000 });
    expect(await h.rowOf('ceo').getByRole('button', { name: R.edit, exact: true }).count()).toBe(0);
    await h.page.unrouteAll();
    await h.page.evaluate(() => localStorage.setItem('language', 'zh-CN'));
  });
});
