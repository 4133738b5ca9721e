import { describe, expect, it } from 'vitest';
import { TABLE_ROWS, useHarness } from './harness.ts';
import { headingProblems } from './headings.ts';
import resourceZhCN from '../../shared/i18n/locales/zh-CN/resource.ts';
import resourceEn from '../../shared/i18n/locales/en/resource.ts';
import commonZhCN from '../../shared/i18n/locales/zh-CN/common.ts';
import commonEn from '../../shared/i18n/locales/en/common.ts';
import validationEn from '../../shared/i18n/locales/en/validation.ts';
import fieldsEn from '../../shared/i18n/locales/en/fields.ts';
import fieldsZhCN from '../../shared/i18n/locales/zh-CN/fields.ts';
import widgetsZhTW from '../../shared/i18n/locales/zh-TW/widgets.ts';
import widgetsZhCN from '../../shared/i18n/locales/zh-CN/widgets.ts';
import shellZhCN from '../../shared/i18n/locales/zh-CN/shell.ts';
import systemZhCN from '../../shared/i18n/locales/zh-CN/system.ts';
import systemEn from '../../shared/i18n/locales/en/system.ts';

// Issue 28 item 4, what a screen reader user notices in the shared widgets: messages said from a
// live region that was there before them (saves, errors, a refused submit, a publish run's
// progress), fields tied to their errors with the focus on the first, tables named and sorted
// aloud, rows' checkboxes named after the rows, dialog titles as headings. Every screen's headings
// in order are checked on the walk of every screen (walk-every-screen.test.ts, headings.ts).

const h = useHarness({ admin: 'sradmin' });
const R = resourceZhCN;

const useLanguage = (lng: string) => h.page.evaluate((l) => localStorage.setItem('language', l), lng);
const polite = () => h.page.locator('#live-polite');
const assertive = () => h.page.locator('#live-assertive');
const text = async (region: ReturnType<typeof polite>) => ((await region.textContent()) ?? '').trim();

async function openAdd(path: string, add: string) {
  await h.openScreen(path, TABLE_ROWS);
  await h.toolbar().getByRole('button', { name: add, exact: true }).click();
  await h.dialog().waitFor();
  await h.page.waitForFunction(() => !document.querySelector('.p-dialog-enter-active, .p-dialog-enter'));
}

describe('live regions', () => {
  it('are in the page, empty, before any message, and say a save in the page language', async () => {
    await useLanguage('zh-CN');
    await h.openScreen('/admin/system/post', TABLE_ROWS);
    expect(await polite().getAttribute('aria-live')).toBe('polite');
    expect(await assertive().getAttribute('aria-live')).toBe('assertive');
    expect(await text(polite())).toBe('');
    await h.toolbar().getByRole('button', { name: R.add, exact: true }).click();
    await h.dialog().waitFor();
    await h.page.fill('#field-postCode', 'sr_team');
    await h.page.fill('#field-postName', '读屏小组');
    await h.dialog().getByRole('button', { name: commonZhCN.actions.ok }).click();
    await expect.poll(() => text(polite())).toBe(R.added);
    // The toast shows it; it is not a live region of its own (it would be said twice, or not at all).
    await h.page.locator('.p-toast-message', { hasText: R.added }).waitFor();
    expect(await h.page.locator('.p-toast-message[role=alert], .p-toast-message[aria-live]').count()).toBe(0);
  });

  it('say an error assertively, and put the field the server refused in focus, described by its error', async () => {
    await useLanguage('zh-CN');
    await openAdd('/admin/system/post', R.add);
    // The code is taken: the server refuses it and names the field.
    await h.page.fill('#field-postCode', 'sr_team');
    await h.page.fill('#field-postName', '另一个小组');
    await h.dialog().getByRole('button', { name: commonZhCN.actions.ok }).click();
    const toast = h.page.locator('.p-toast-message-error');
    await toast.waitFor();
    const said = ((await toast.locator('.p-toast-summary').textContent()) ?? '').trim();
    expect(said).toContain(fieldsZhCN.postCode);
    await expect.poll(() => text(assertive())).toContain(said);
    const code = h.page.locator('#field-postCode');
    await expect.poll(() => h.page.evaluate(() => document.activeElement?.id)).toBe('field-postCode');
    expect(await code.getAttribute('aria-invalid')).toBe('true');
    expect(await h.page.locator(`#${await code.getAttribute('aria-describedby')}`).textContent()).toBe(said);
    await h.page.keyboard.press('Escape');
    await h.confirmBox().locator('.p-confirm-dialog-accept').click();
  });
});

describe('fields tied to their errors', () => {
  it('marks the empty required fields invalid, describes each by its error, focuses the first and says how many need attention', async () => {
    await useLanguage('en');
    await openAdd('/admin/system/post', resourceEn.add);
    const code = h.page.locator('#field-postCode');
    expect(await code.getAttribute('aria-required')).toBe('true');
    expect(await code.getAttribute('aria-invalid')).toBeNull();
    await h.dialog().getByRole('button', { name: commonEn.actions.ok }).click();
    await h.page.getByTestId('error-postCode').waitFor();
    for (const name of ['postCode', 'postName'] as const) {
      const input = h.page.locator(`#field-${name}`);
      expect(await input.getAttribute('aria-invalid')).toBe('true');
      const described = (await input.getAttribute('aria-describedby')) ?? '';
      expect(await h.page.locator(`#${described.split(' ')[0]}`).textContent()).toBe(validationEn.required.replace('{{field}}', fieldsEn[name]));
    }
    await expect.poll(() => h.page.evaluate(() => document.activeElement?.id)).toBe('field-postCode');
    await expect.poll(() => text(polite())).toContain(resourceEn.invalidMany.replace('{{count}}', '2'));
    // Fixed, the field is valid again and described by nothing.
    await code.fill('sr_fixed');
    await expect.poll(() => code.getAttribute('aria-invalid')).toBeNull();
    expect(await code.getAttribute('aria-describedby')).toBeNull();
    await h.page.keyboard.press('Escape');
    await h.confirmBox().locator('.p-confirm-dialog-accept').click();
  });

  it("ties a tree select, a screen's own select and text input, and a hinted number to their rows too", async () => {
    await useLanguage('en');
    /** The field's input is invalid, required and described by its error only. */
    const expectTied = async (id: string) => {
      const input = h.page.locator(`#${id}`);
      expect({ id, invalid: await input.getAttribute('aria-invalid'), required: await input.getAttribute('aria-required'), described: await input.getAttribute('aria-describedby') })
        .toEqual({ id, invalid: 'true', required: 'true', described: `${id}-error` });
    };
    // A user's department: a tree select (its focusable input says it).
    await openAdd('/admin/system/user', resourceEn.add);
    await h.dialog().getByRole('button', { name: commonEn.actions.ok }).click();
    await h.page.getByTestId('error-deptId').waitFor();
    await expectTied('field-deptId');
    // Nothing typed: Esc closes at once.
    await h.page.keyboard.press('Escape');
    await h.dialog().waitFor({ state: 'detached' });
    // A job's target and cron expression: the job screen's own dropdown and text input.
    await openAdd('/admin/monitor/job', resourceEn.add);
    await h.dialog().getByRole('button', { name: commonEn.actions.ok }).click();
    await h.page.getByTestId('error-invokeTarget').waitFor();
    await expectTied('field-invokeTarget');
    await expectTied('field-cronExpression');
    await h.page.keyboard.press('Escape');
    await h.dialog().waitFor({ state: 'detached' });
    // A number with a hint (the security settings' password expiry) is described by the hint.
    await openAdd('/admin/system/security/config', resourceEn.add);
    const expiry = h.page.locator('#field-passwordExpireSeconds');
    expect(await expiry.getAttribute('aria-describedby')).toBe('field-passwordExpireSeconds-hint');
    expect(await h.page.locator('#field-passwordExpireSeconds-hint').textContent()).toContain(systemEn.security.expireHint);
    await h.page.keyboard.press('Escape');
  });
});

describe('tables', () => {
  it('are named after the screen, with column headers that say how the list is sorted', async () => {
    await useLanguage('zh-CN');
    await h.openScreen('/admin/system/post', TABLE_ROWS);
    const table = h.page.getByRole('table', { name: systemZhCN.post.title });
    expect(await table.count()).toBe(1);
    const header = table.getByRole('columnheader', { name: fieldsZhCN.postSort });
    expect(await header.getAttribute('scope')).toBe('col');
    expect(await header.getAttribute('aria-sort')).toBe('none');
    await header.click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('ascending');
    await header.click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('descending');
    expect(await table.locator('thead th:not([scope=col])').count()).toBe(0);
  });

  it("name each row's checkbox after the row, in the page's language", async () => {
    await useLanguage('zh-TW');
    await h.openScreen('/admin/system/post', TABLE_ROWS);
    // The seeded post's name (data, not translated).
    await h.rowOf('ceo').getByRole('checkbox', { name: widgetsZhTW.grid.selectNamed.replace('{{name}}', '董事长') }).waitFor();
    expect(await h.page.getByRole('checkbox', { name: widgetsZhTW.grid.selectPage }).count()).toBe(1);
    expect(await h.page.getByRole('columnheader', { name: widgetsZhTW.grid.selectColumn }).count()).toBe(1);
    await useLanguage('zh-CN');
  });

  it("name PrimeReact's selection checkboxes as the grid's, not in English (the template list)", async () => {
    await useLanguage('zh-CN');
    await h.openScreen('/admin/configs/template', '[data-testid=template-table] tbody tr');
    const table = h.page.getByTestId('template-table');
    const first = (await table.locator('tbody tr').first().locator('td').nth(1).textContent())?.trim() ?? '';
    expect(first).not.toBe('');
    await table.getByRole('checkbox', { name: `${widgetsZhCN.grid.selectColumn} ${first}` }).first().waitFor();
    // PrimeReact's box and its input are both checkboxes (their roles are another change's): both named so.
    expect(await table.getByRole('checkbox', { name: widgetsZhCN.grid.selectPage }).count()).toBeGreaterThan(0);
    expect(await table.getByRole('checkbox', { name: /Selected|unselected/i }).count()).toBe(0);
  });

  it('name a tree table after its screen too', async () => {
    await useLanguage('zh-CN');
    await h.openScreen('/admin/system/dept', TABLE_ROWS);
    // A tree table is a treegrid (the accessible pass-through), named as a table is.
    const table = h.page.getByRole('treegrid', { name: systemZhCN.dept.title });
    expect(await table.count()).toBe(1);
    expect(await table.locator('thead th[scope=col]').count()).toBe(await table.locator('thead th').count());
  });
});

describe('headings', () => {
  it("give a list screen one h1, its title, and a dialog's title as its h2", async () => {
    await useLanguage('en');
    await openAdd('/admin/system/post', resourceEn.add);
    expect(await headingProblems(h.page)).toEqual([]);
    // The h1 says what the tab and the breadcrumb say (the menu's title).
    const crumb = (await h.page.locator('.shell-breadcrumb .is-current').textContent()) ?? '';
    expect(crumb).not.toBe('');
    expect(await h.page.locator('main h1').textContent()).toBe(crumb);
    expect(await h.dialog().getByRole('heading', { level: 2 }).textContent()).toBe(resourceEn.addTitle.replace('{{title}}', 'Posts'));
    await h.page.keyboard.press('Escape');
    await useLanguage('zh-CN');
  });
});

describe('long tasks', () => {
  it("say a publish run's progress at each quarter and its end, not every poll", async () => {
    await useLanguage('zh-CN');
    // The run as the server would report it, moved on by the test.
    let run = { startTime: '2026-01-01 00:00:00', total: 40, done: 4, failed: 0, running: 2, waiting: 34, failures: [] as unknown[] };
    const reply = (data: unknown) => ({ status: 200, contentType: 'application/json', body: JSON.stringify({ code: 200, msg: 'ok', data }) });
    await h.page.route('**/prod-api/cms/publish/progress*', (route) => route.fulfill(reply(run)));
    await h.page.route('**/prod-api/cms/publish/taskCount*', (route) => route.fulfill(reply(run.running + run.waiting)));
    try {
      await h.page.evaluate(() => localStorage.setItem('publish_flag', 'true'));
      await h.openScreen('/admin/index');
      await h.page.getByTestId('publish-indicator').locator('.shell-publish-open').click();
      await h.page.getByTestId('publish-progress').waitFor();
      const step = (percent: number, done: number) => shellZhCN.publish.saidStep.replace('{{percent}}', String(percent)).replace('{{done}}', String(done)).replace('{{total}}', '40');
      // 10 %, then 15 %: nothing to say yet.
      await h.page.waitForTimeout(500);
      run = { ...run, done: 6, waiting: 32 };
      await h.page.waitForTimeout(5500);
      expect(await text(polite())).toBe('');
      run = { ...run, done: 21, waiting: 17 };
      await expect.poll(() => text(polite()), { timeout: 8000 }).toContain(step(52, 21));
      run = { ...run, done: 40, failed: 2, running: 0, waiting: 0 };
      const done = shellZhCN.publish.saidDoneFailed.replace('{{total}}', '40').replace('{{failed}}', '2');
      await expect.poll(() => text(polite()), { timeout: 8000 }).toContain(done);
      // Said once: the view is still open and polling, and the message is not repeated.
      await h.page.waitForTimeout(5500);
      expect((await text(polite())).split(done).length - 1).toBeLessThanOrEqual(1);
    } finally {
      await h.page.unrouteAll();
      await h.page.evaluate(() => localStorage.removeItem('publish_flag'));
    }
  }, 60_000);
});

describe('the sign-in page', () => {
  it('says a refused sign-in assertively from the region that was there first', async () => {
    await h.reset();
    const code = await h.openLogin();
    expect(await text(assertive())).toBe('');
    await h.submitLogin({ username: 'sradmin', password: 'Wrong-password-1', code });
    const toast = h.page.locator('.p-toast-message-error');
    await toast.waitFor();
    const said = ((await toast.textContent()) ?? '').trim();
    await expect.poll(() => text(assertive())).toBe(said);
    expect(await toast.getAttribute('role')).toBeNull();
    await h.signInAsNewAdmin('sradmin2');
  });
});
