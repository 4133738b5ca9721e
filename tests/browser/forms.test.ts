import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { TABLE_ROWS, useHarness } from './harness.ts';
import { sysRole } from '../../server/modules/system/schema.ts';
import commonZhCN from '../../shared/i18n/locales/zh-CN/common.ts';
import commonZhTW from '../../shared/i18n/locales/zh-TW/common.ts';
import commonEn from '../../shared/i18n/locales/en/common.ts';
import resourceZhCN from '../../shared/i18n/locales/zh-CN/resource.ts';
import resourceZhTW from '../../shared/i18n/locales/zh-TW/resource.ts';
import resourceEn from '../../shared/i18n/locales/en/resource.ts';
import systemZhCN from '../../shared/i18n/locales/zh-CN/system.ts';

// Issue #8's form defects, on the shared form dialog: Esc on an open dropdown closes only the
// dropdown, a changed form asks before it is closed, required fields carry an asterisk, OK and
// Cancel read alike everywhere, and batch actions wait for a selection.

const h = useHarness({ admin: 'formadmin' });
const C = commonZhCN.actions;
const R = resourceZhCN;
const LANGUAGES = [
  ['zh-CN', commonZhCN, resourceZhCN],
  ['zh-TW', commonZhTW, resourceZhTW],
  ['en', commonEn, resourceEn],
] as const;

const useLanguage = (lng: string) => h.page.evaluate((l) => localStorage.setItem('language', l), lng);

async function openAdd(path: string, ready = TABLE_ROWS, add = R.add) {
  await h.openScreen(path, ready);
  await h.toolbar().getByRole('button', { name: add, exact: true }).click();
  await h.dialog().waitFor();
  // Past the dialog's opening animation, so a click lands where it is aimed.
  await h.page.waitForFunction(() => !document.querySelector('.p-dialog-enter-active, .p-dialog-enter'));
}

/** The dialog is still open a moment after the key: a close would already have unmounted it. */
async function expectDialogStays() {
  await h.page.waitForTimeout(300);
  expect(await h.dialog().count()).toBe(1);
}

const discardQuestion = () => h.confirmBox().filter({ hasText: R.discardChanges });

describe('Esc on an open overlay inside a form dialog', () => {
  it('closes only the dropdown, the tree select, the multi-select and the date panel, not the dialog', async () => {
    await openAdd('/admin/system/role');
    await h.page.locator('.p-dropdown:has(#field-dataScope)').click();
    await h.page.locator('.p-dropdown-panel').waitFor();
    await h.page.keyboard.press('Escape');
    await h.page.locator('.p-dropdown-panel').waitFor({ state: 'detached' });
    await expectDialogStays();
    // Nothing was changed, so a second Esc closes the dialog at once.
    await h.page.keyboard.press('Escape');
    await h.dialog().waitFor({ state: 'detached' });

    await openAdd('/admin/system/user');
    await h.page.locator('.resource-dialog .p-treeselect').click();
    // The focus is in the panel's filter, outside the dialog's own markup.
    await h.page.locator('.p-treeselect-panel input.p-treeselect-filter').focus();
    await h.page.keyboard.press('Escape');
    await h.page.locator('.p-treeselect-panel').waitFor({ state: 'detached' });
    await expectDialogStays();
    await h.page.locator('.resource-dialog .p-multiselect').first().click();
    await h.page.locator('.p-multiselect-panel').waitFor();
    await h.page.keyboard.press('Escape');
    await h.page.locator('.p-multiselect-panel').waitFor({ state: 'detached' });
    await expectDialogStays();
    await h.dialog().getByRole('button', { name: C.cancel, exact: true }).click();
    await h.dialog().waitFor({ state: 'detached' });

    await openAdd('/admin/system/iprule', '.resource-table');
    // A click on the mask that closes an open panel is not meant for the dialog either.
    await h.dialog().locator('.p-datepicker-trigger').click();
    // Opened all the way: the panel listens for clicks outside once its opening animation ends.
    await h.page.locator('.p-datepicker.p-connected-overlay-enter-done').waitFor();
    await h.page.locator('.p-dialog-mask:has(.resource-dialog)').click({ position: { x: 5, y: 5 } });
    await h.page.locator('.p-datepicker').waitFor({ state: 'detached' });
    await expectDialogStays();
    expect(await h.confirmBox().count()).toBe(0);
    await h.dialog().locator('.p-datepicker-trigger').click();
    await h.page.locator('.p-datepicker').waitFor();
    await h.page.keyboard.press('Escape');
    await h.page.locator('.p-datepicker').waitFor({ state: 'detached' });
    await expectDialogStays();
  });
});

describe('closing a form dialog', () => {
  it('closes an unchanged form at once, by Esc, the X, Cancel and the mask', async () => {
    await openAdd('/admin/system/post');
    await h.page.keyboard.press('Escape');
    await h.dialog().waitFor({ state: 'detached' });
    await h.toolbar().getByRole('button', { name: R.add, exact: true }).click();
    await h.dialog().locator('.p-dialog-header-close').click();
    await h.dialog().waitFor({ state: 'detached' });
    await h.toolbar().getByRole('button', { name: R.add, exact: true }).click();
    await h.dialog().getByRole('button', { name: C.cancel, exact: true }).click();
    await h.dialog().waitFor({ state: 'detached' });
    await h.toolbar().getByRole('button', { name: R.add, exact: true }).click();
    await h.page.waitForFunction(() => !document.querySelector('.p-dialog-enter-active, .p-dialog-enter'));
    await h.page.locator('.p-dialog-mask:has(.resource-dialog)').click({ position: { x: 5, y: 5 } });
    await h.dialog().waitFor({ state: 'detached' });
    expect(await h.confirmBox().count()).toBe(0);
  });

  it('asks before a changed form is closed by Esc, the X, Cancel or the mask; "Cancel" keeps what was typed', async () => {
    await openAdd('/admin/system/post');
    await h.page.fill('#field-postName', '未保存的岗位');
    const closers: [string, () => Promise<void>][] = [
      ['Esc', () => h.page.keyboard.press('Escape')],
      ['X', () => h.dialog().locator('.p-dialog-header-close').click()],
      ['Cancel', () => h.dialog().getByRole('button', { name: C.cancel, exact: true }).click()],
      ['mask', () => h.page.locator('.p-dialog-mask:has(.resource-dialog)').click({ position: { x: 5, y: 5 } })],
    ];
    for (const [how, close] of closers) {
      await close();
      await discardQuestion().waitFor();
      await discardQuestion().locator('.p-confirm-dialog-reject').click();
      await discardQuestion().waitFor({ state: 'detached' });
      expect({ how, open: await h.dialog().count(), value: await h.page.inputValue('#field-postName') }).toEqual({ how, open: 1, value: '未保存的岗位' });
    }
    await h.dialog().getByRole('button', { name: C.cancel, exact: true }).click();
    await discardQuestion().locator('.p-confirm-dialog-accept').click();
    await h.dialog().waitFor({ state: 'detached' });
  });

  it('closes an edit form at once when its values are back to what it opened with', async () => {
    await h.openScreen('/admin/system/post', TABLE_ROWS);
    await h.rowOf('ceo').getByRole('button', { name: R.edit, exact: true }).click();
    await h.dialog().waitFor();
    const name = await h.page.inputValue('#field-postName');
    await h.page.fill('#field-postName', `${name}x`);
    await h.page.fill('#field-postName', name);
    await h.page.keyboard.press('Escape');
    await h.dialog().waitFor({ state: 'detached' });
    expect(await h.confirmBox().count()).toBe(0);
  });

  it('asks in the small forms of extensions too (reset password)', async () => {
    await h.openScreen('/admin/system/user', TABLE_ROWS);
    await h.rowOf('formadmin').getByRole('button', { name: systemZhCN.user.resetPwd }).click();
    const reset = h.page.locator('.user-reset-dialog');
    await reset.waitFor();
    await h.page.fill('#reset-password', 'Typed1234');
    // "Cancel" on the question keeps the form and what was typed; OK closes it.
    await reset.getByRole('button', { name: C.cancel, exact: true }).click();
    await discardQuestion().locator('.p-confirm-dialog-reject').click();
    await discardQuestion().waitFor({ state: 'detached' });
    expect({ open: await reset.count(), value: await h.page.inputValue('#reset-password') }).toEqual({ open: 1, value: 'Typed1234' });
    await reset.getByRole('button', { name: C.cancel, exact: true }).click();
    await discardQuestion().locator('.p-confirm-dialog-accept').click();
    await reset.waitFor({ state: 'detached' });
    expect(await reset.count()).toBe(0);
  });
});

describe('required fields', () => {
  const required = (id: string) =>
    h.page.evaluate((i) => {
      const label = document.querySelector(`label[for="${i}"]`);
      return { asterisk: !!label?.querySelector('.resource-form-required'), aria: document.getElementById(i)?.getAttribute('aria-required') === 'true' };
    }, id);

  it('carry an asterisk on their label and aria-required on their input, from the definition', async () => {
    await openAdd('/admin/system/post');
    for (const id of ['field-postCode', 'field-postName']) expect({ id, ...(await required(id)) }).toEqual({ id, asterisk: true, aria: true });
    for (const id of ['field-postSort', 'field-remark']) expect({ id, ...(await required(id)) }).toEqual({ id, asterisk: false, aria: false });
    expect(await h.dialog().locator('.resource-form-required').count()).toBe(2);

    // A custom renderer (the department tree select) and a password.
    await openAdd('/admin/system/user');
    for (const id of ['field-userName', 'field-nickName', 'field-deptId', 'field-password']) expect({ id, ...(await required(id)) }).toEqual({ id, asterisk: true, aria: true });
    for (const id of ['field-phoneNumber', 'field-email', 'field-roleIds']) expect({ id, ...(await required(id)) }).toEqual({ id, asterisk: false, aria: false });

    // Sub-fields of a variant field: the SMTP host is required, its user name is not.
    await openAdd('/admin/system/messaging', '.resource-table');
    expect(await required('field-config-host')).toEqual({ asterisk: true, aria: true });
    expect(await required('field-config-username')).toEqual({ asterisk: false, aria: false });
  });
});

describe('one wording for OK and Cancel', () => {
  for (const [lng, common, resource] of LANGUAGES) {
    it(`${lng}: the form dialog, the delete confirmation and the discard question say ${common.actions.ok} / ${common.actions.cancel}`, async () => {
      await useLanguage(lng);
      for (const width of [1440, 800]) {
        await h.page.setViewportSize({ width, height: 900 });
        await openAdd('/admin/system/post', TABLE_ROWS, resource.add);
        const footer = h.dialog().locator('.p-dialog-footer .p-button');
        await h.page.waitForFunction((ok) => document.querySelector('.resource-dialog .p-dialog-footer .p-button')?.textContent === ok, common.actions.ok);
        expect(await footer.allTextContents()).toEqual([common.actions.ok, common.actions.cancel]);
        await h.page.fill('#field-postName', 'x');
        await h.page.keyboard.press('Escape');
        const question = h.confirmBox().filter({ hasText: resource.discardChanges });
        await question.waitFor();
        await h.page.waitForFunction(() => !document.querySelector('.p-dialog-enter-active, .p-dialog-enter'));
        expect(await question.locator('.p-button').allTextContents()).toEqual([common.actions.cancel, common.actions.ok]);
        expect(await question.locator('.p-dialog-title').textContent()).toBe(common.dialog.systemTip);
        await question.locator('.p-confirm-dialog-accept').click();
        await h.dialog().waitFor({ state: 'detached' });
      }
      await h.rowOf('ceo').getByRole('button', { name: resource.remove, exact: true }).click();
      await h.confirmBox().waitFor();
      expect(await h.confirmBox().locator('.p-button').allTextContents()).toEqual([common.actions.cancel, common.actions.ok]);
      expect(await h.confirmBox().locator('.p-dialog-title').textContent()).toBe(common.dialog.systemTip);
      await h.confirmBox().locator('.p-confirm-dialog-reject').click();
    });
  }
  // The language and size the other cases of the file expect.
  afterAll(async () => {
    await useLanguage('zh-CN');
    await h.page.setViewportSize({ width: 1280, height: 800 });
  });
});

describe('batch actions', () => {
  it("keep the toolbar's delete disabled until rows are selected", async () => {
    await h.openScreen('/admin/system/post', TABLE_ROWS);
    const remove = h.toolbar().getByRole('button', { name: R.remove, exact: true });
    expect(await remove.isDisabled()).toBe(true);
    await h.rowOf('ceo').locator('.p-checkbox').click();
    expect(await remove.isDisabled()).toBe(false);
    await h.rowOf('ceo').locator('.p-checkbox').click();
    expect(await remove.isDisabled()).toBe(true);
  });

  it('keep "revoke selected" on the role-auth screen disabled until users are selected', async () => {
    const [role] = await h.server.database.db.select().from(sysRole).where(eq(sysRole.roleKey, 'editor'));
    await h.openScreen(`/admin/system/role-auth/user/${role!.roleId}`, '[data-testid=role-auth-allocated]');
    const revoke = h.page.getByRole('button', { name: systemZhCN.role.cancelSelected });
    await revoke.waitFor();
    expect(await revoke.isDisabled()).toBe(true);
  });
});
