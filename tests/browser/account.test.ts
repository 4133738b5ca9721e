import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useHarness } from './harness.ts';
import shellZhCN from '../../shared/i18n/locales/zh-CN/shell.ts';
import userZhCN from '../../shared/i18n/locales/zh-CN/user.ts';
import validationZhCN from '../../shared/i18n/locales/zh-CN/validation.ts';
import { sysUser } from '../../server/modules/system/schema.ts';

// The account center end to end: the forced password change leads to the password tab, the
// form's own checks, a real change that ends the demand, and the basic data surviving a reload.

const h = useHarness();
const NEW_PASSWORD = 'Chestnut2024';

beforeAll(async () => {
  await h.reset();
});

const admin = async () => (await h.server.database.db.select().from(sysUser).where(eq(sysUser.userName, 'admin')))[0]!;

describe('account center', () => {
  it('takes a forced admin from the modal to the password tab and changes the password', async () => {
    const page = h.page;
    await h.signIn();
    const modal = page.getByTestId('password-demand');
    await modal.waitFor();
    await page.getByRole('button', { name: shellZhCN.password.change }).click();
    await page.waitForURL('**/admin/user/profile?tab=resetPwd');

    // The password tab is open and the modal does not cover the account center.
    const form = page.getByTestId('password-form');
    await form.waitFor();
    expect(await page.getByTestId('password-demand').count()).toBe(0);
    expect(await page.getByTestId('basic-form').isVisible()).toBe(false);
    // the seeded security config's rules are shown as a hint
    await page.getByText(userZhCN.password.hintLength.replace('{{min}}', '8').replace('{{max}}', '20'), { exact: false }).waitFor();

    // A mismatched confirmation is caught before anything is sent.
    await page.fill('#pwd-oldPassword', 'admin123');
    await page.fill('#pwd-newPassword', NEW_PASSWORD);
    await page.fill('#pwd-confirmPassword', `${NEW_PASSWORD}x`);
    await page.getByTestId('password-save').click();
    const mismatch = page.getByTestId('pwd-confirmPassword-error');
    await mismatch.waitFor();
    expect(await mismatch.textContent()).toBe(validationZhCN.passwordMismatch);
    expect((await admin()).forceModifyPassword).toBe('Y');

    // Too short for the policy: the shared module's message, still nothing sent.
    await page.fill('#pwd-newPassword', 'abc');
    await page.fill('#pwd-confirmPassword', 'abc');
    await page.getByTestId('password-save').click();
    await page.getByTestId('pwd-newPassword-error').waitFor();
    expect(await page.getByTestId('pwd-newPassword-error').textContent()).toBe('密码长度必须介于 8 和 20 之间');

    // A valid change: success message, the form is cleared, the flag is gone.
    await page.fill('#pwd-newPassword', NEW_PASSWORD);
    await page.fill('#pwd-confirmPassword', NEW_PASSWORD);
    const reply = page.waitForResponse((r) => r.url().includes('/prod-api/system/user/profile/updatePwd'));
    await page.getByTestId('password-save').click();
    expect((await (await reply).json()).code).toBe(200);
    await h.toasts().getByText(userZhCN.password.changed).waitFor();
    expect(await page.inputValue('#pwd-oldPassword')).toBe('');
    expect(await page.inputValue('#pwd-newPassword')).toBe('');
    expect((await admin()).forceModifyPassword).toBe('N');

    // After a reload, on the account center and elsewhere, no demand appears.
    await page.reload();
    await page.getByTestId('password-form').waitFor();
    await page.goto(h.url('/admin/index'));
    await page.getByTestId('home-welcome').waitFor();
    await page.waitForTimeout(500);
    expect(await page.getByTestId('password-demand').count()).toBe(0);
  });

  it('saves the nickname from Basic data; it shows after a reload', async () => {
    const page = h.page;
    await page.goto(h.url('/admin/user/profile'));
    const nick = page.locator('#basic-nickName');
    await page.getByTestId('basic-form').waitFor();
    await page.waitForFunction(() => (document.querySelector('#basic-nickName') as HTMLInputElement | null)?.value !== '');
    // an empty nickname is refused on the spot
    await nick.fill('  ');
    await page.getByTestId('basic-save').click();
    await page.getByTestId('basic-nickName-error').waitFor();
    expect(await page.getByTestId('basic-nickName-error').textContent()).toBe('用户昵称不能为空');

    await nick.fill('栗子管理员');
    const reply = page.waitForResponse((r) => r.url().endsWith('/prod-api/system/user/profile') && r.request().method() === 'PUT');
    await page.getByTestId('basic-save').click();
    expect((await (await reply).json()).code).toBe(200);
    await page.reload();
    await page.waitForFunction(() => (document.querySelector('#basic-nickName') as HTMLInputElement | null)?.value === '栗子管理员');
    expect(await page.getByTestId('profile-nickname').textContent()).toBe('栗子管理员');
    expect((await admin()).nickName).toBe('栗子管理员');
  });
});
