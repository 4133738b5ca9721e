import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TABLE_ROWS, useHarness } from './harness.ts';
import { sysSecurityConfig, sysUser } from '../../server/modules/system/schema.ts';
import { sysCaptcha } from '../../server/modules/auth/schema.ts';
import { createUser } from '../../server/modules/auth/test-fixtures.ts';
import { workbookBuffer, XLSX_TYPE } from '../../server/core/xlsx.ts';
import { IMPORT_COLUMNS } from '../../server/modules/system/user-import.ts';
import R from '../../shared/i18n/locales/zh-CN/resource.ts';
import S from '../../shared/i18n/locales/zh-CN/system.ts';
import M from '../../shared/i18n/locales/zh-CN/monitor.ts';
import V from '../../shared/i18n/locales/zh-CN/validation.ts';
import commonZhCN from '../../shared/i18n/locales/zh-CN/common.ts';

// The security config screen, the users' import dialog and the login log's unlock, as an
// administrator: a config made and enabled on its screen is what the users screen enforces; an
// import file with one bad row changes nothing; a locked account is unlocked from the login log
// and signs in.

const h = useHarness({ admin: 'secadmin', password: 'Secret12345' });

const db = () => h.server.database.db;
const fill = (text: string, params: Record<string, unknown>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k]));

/** A sign-in attempt through the API (captcha answered from the database). */
async function apiLogin(username: string, password: string) {
  const uuid = (await h.server.api('GET', '/captchaImage')).data?.uuid as string;
  const [row] = await db().select({ code: sysCaptcha.code }).from(sysCaptcha).where(eq(sysCaptcha.uuid, uuid));
  return h.server.api('POST', '/login', { body: { username, password, code: row!.code, uuid }, headers: { 'accept-language': 'en' } });
}

const switchOn = async (testId: string) => (await h.page.getByTestId(testId).locator('input').getAttribute('aria-checked')) === 'true';
let configId = 0;

describe('security config screen', () => {
  it('adds a config with every field, refusing a minimum above the maximum by name', async () => {
    await h.openScreen('/admin/system/security/config', TABLE_ROWS);
    await h.toolbar().getByRole('button', { name: R.add, exact: true }).click();
    await h.dialog().waitFor();
    await h.page.fill('#field-passwordLenMin', '30');
    await h.page.locator('#field-passwordLenMax').click();
    await h.dialog().getByRole('button', { name: commonZhCN.actions.ok }).click();
    const error = h.page.getByTestId('error-passwordLenMin');
    await error.waitFor();
    expect(await error.textContent()).toBe(fill(V.notAbove, { field: '密码最小长度', other: '密码最大长度' }));

    await h.page.fill('#field-passwordLenMin', '10');
    await h.page.keyboard.press('Tab');
    await h.page.getByTestId('error-passwordLenMin').waitFor({ state: 'detached' });
    await h.page.locator('.resource-dialog .p-dropdown:has(#field-passwordRule)').click();
    await h.page.locator('.p-dropdown-item', { hasText: /^必须包含字母、数字$/ }).click();
    await h.page.locator('.resource-dialog .p-multiselect:not([aria-busy])').click();
    await h.page.locator('.p-multiselect-panel .p-multiselect-item', { hasText: '用户名' }).click();
    await h.page.locator('.resource-dialog .p-dialog-title').click();
    await h.page.locator('.p-multiselect-panel').waitFor({ state: 'detached' });
    await h.page.fill('#field-weakPasswords', 'letmein2025\nqwerty2025');
    await h.page.fill('#field-passwordExpireSeconds', String(30 * 86_400));
    await h.page.locator('#field-passwordRetryLimit').click();
    expect(await h.page.getByTestId('hint-passwordExpireSeconds').textContent()).toContain('= 30天');
    // The lock duration only means something under the LOCK strategy.
    expect(await h.page.locator('#field-passwordRetryLockSeconds').count()).toBe(0);
    await h.dialog().locator('.field-radio', { hasText: '锁定账号' }).click();
    await h.page.fill('#field-passwordRetryLockSeconds', '600');
    await h.page.locator('#field-passwordRetryLimit').click();
    expect(await h.page.getByTestId('hint-passwordRetryLockSeconds').textContent()).toContain('= 10分钟');
    await h.page.fill('#field-remark', 'QA rules');
    const saved = h.page.waitForResponse((r) => r.url().endsWith('/prod-api/system/security/config') && r.request().method() === 'POST');
    await h.dialog().getByRole('button', { name: commonZhCN.actions.ok }).click();
    const body = (await (await saved).json()) as { code: number; msg: string; data: { configId: number } };
    expect(body.code, body.msg).toBe(200);
    configId = body.data.configId;
    await h.rowOf('30天').waitFor();
    const [row] = await db().select().from(sysSecurityConfig).where(eq(sysSecurityConfig.configId, configId));
    expect(row).toMatchObject({
      status: '1',
      passwordLenMin: 10,
      passwordLenMax: 20,
      passwordRule: 'LETTER_NUMBER',
      passwordSensitive: ['ACCOUNT'],
      weakPasswords: 'letmein2025\nqwerty2025',
      passwordExpireSeconds: 30 * 86_400,
      passwordRetryStrategy: 'LOCK',
      passwordRetryLockSeconds: 600,
    });
  });

  it('enables one config at a time: the list shows the other one switched off', async () => {
    await h.openScreen('/admin/system/security/config', TABLE_ROWS);
    const [seeded] = await db().select().from(sysSecurityConfig).where(eq(sysSecurityConfig.createBy, 'system'));
    const flip = async (id: number) => {
      const changed = h.page.waitForResponse((r) => r.url().endsWith(`/prod-api/system/security/config/changeStatus/${id}`));
      const listed = h.page.waitForResponse((r) => r.url().includes('/prod-api/system/security/config/list'));
      await h.page.getByTestId(`security-status-${id}`).click();
      expect((await (await changed).json()).code).toBe(200);
      await listed;
    };
    // The seeded config ships enabled.
    expect(await switchOn(`security-status-${seeded!.configId}`)).toBe(true);
    await flip(configId);
    await h.page.waitForFunction((id) => document.querySelector(`[data-testid=security-status-${id}] input`)?.getAttribute('aria-checked') === 'false', seeded!.configId);
    expect(await switchOn(`security-status-${configId}`)).toBe(true);
  });

  it('makes the users screen refuse a password shorter than its minimum, with the message', async () => {
    await h.openScreen('/admin/system/user', TABLE_ROWS);
    await h.toolbar().getByRole('button', { name: R.add, exact: true }).click();
    await h.dialog().waitFor();
    await h.page.fill('#field-userName', 'short_pw');
    await h.page.fill('#field-nickName', 'Short');
    await h.page.fill('#field-password', 'Abc12345');
    await h.page.locator('.resource-dialog .p-treeselect').click();
    await h.page.locator('.p-treeselect-panel .p-treenode-label').first().click();
    const saved = h.page.waitForResponse((r) => r.url().endsWith('/prod-api/system/user') && r.request().method() === 'POST');
    await h.dialog().getByRole('button', { name: commonZhCN.actions.ok }).click();
    const reply = (await (await saved).json()) as { code: number; msg: string };
    const text = fill(V.passwordPolicy.length, { min: 10, max: 20 });
    expect(reply).toMatchObject({ code: 500, msg: text });
    await h.page.getByText(text).first().waitFor();
    await h.dialog().waitFor();
    expect(await db().select().from(sysUser).where(eq(sysUser.userName, 'short_pw'))).toEqual([]);
  });
});

describe('user import dialog', () => {
  const upload = async (rows: (string | number)[][]) => {
    const buffer = await workbookBuffer([{ name: 'users', header: [...IMPORT_COLUMNS], rows }]);
    await h.page.locator('.user-import-dialog input[type=file]').setInputFiles({ name: 'users.xlsx', mimeType: XLSX_TYPE, buffer });
    const sent = h.page.waitForResponse((r) => r.url().endsWith('/prod-api/system/user/importData'));
    await h.page.locator('.user-import-dialog').getByRole('button', { name: S.user.import.upload }).click();
    return (await (await sent).json()) as { code: number; data: { imported: number; errors: { row: number; message: string }[] } };
  };

  it('offers the template, shows the bad row of a refused file and imports nothing', async () => {
    await h.openScreen('/admin/system/user', TABLE_ROWS);
    // Counted in the database: the list may still be reloading for the department tree.
    const before = (await db().select({ id: sysUser.userId }).from(sysUser)).length;
    await h.toolbar().getByRole('button', { name: S.user.import.button }).click();
    await h.page.locator('.user-import-dialog').waitFor();
    const download = h.page.waitForEvent('download');
    await h.page.locator('.user-import-dialog').getByRole('button', { name: S.user.import.template }).click();
    expect((await download).suggestedFilename()).toBe('user_template.xlsx');

    const reply = await upload([
      ['imp_good1', 'Good One', 100, '', '', '', '', 'Importer12345'],
      ['imp_bad1', 'Bad One', 100, '', 'not-mail', '', '', 'Importer12345'],
    ]);
    expect(reply.data.imported).toBe(0);
    const errors = h.page.getByTestId('user-import-errors');
    await errors.waitFor();
    expect(await errors.textContent()).toContain(fill(S.user.import.rejected, { count: 1 }));
    const rows = await errors.locator('tbody tr').allTextContents();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain('3');
    expect(rows[0]).toContain(reply.data.errors[0]!.message);
    expect(await db().select().from(sysUser).where(inArray(sysUser.userName, ['imp_good1', 'imp_bad1']))).toEqual([]);
    expect((await db().select({ id: sysUser.userId }).from(sysUser)).length).toBe(before);
  });

  it('imports a clean file, says how many and shows them in the list', async () => {
    const listed = h.page.waitForResponse((r) => r.url().includes('/prod-api/system/user/list'));
    const reply = await upload([
      ['imp_good1', 'Good One', 100, '', '', '', '', 'Importer12345'],
      ['imp_good2', 'Good Two', 100, '', 'two@example.com', '1', '0', 'Importer67890'],
    ]);
    expect(reply.data).toEqual({ imported: 2, errors: [] });
    await h.page.getByText(fill(S.user.import.done, { count: 2 })).first().waitFor();
    await h.page.locator('.user-import-dialog').waitFor({ state: 'detached' });
    await listed;
    await h.rowOf('imp_good2').waitFor();
    await h.rowOf('imp_good1').waitFor();
  });

  it('has no department-id box in the search form: the tree filters', async () => {
    await h.openScreen('/admin/system/user', TABLE_ROWS);
    expect(await h.page.locator('#search-deptId').count()).toBe(0);
    expect(await h.page.locator('#search-userName').count()).toBe(1);
  });
});

describe('unlock from the login log', () => {
  it('unlocks an account locked by wrong passwords, which then signs in', async () => {
    const admin = (await apiLogin('secadmin', 'Secret12345')).data as string;
    const set = await h.server.api('PUT', '/system/security/config', { token: admin, headers: { repeatSubmit: 'false' }, body: { configId, passwordRetryLimit: 3 } });
    expect(set.code, set.msg).toBe(200);
    await createUser(db(), 'lockme', { password: 'Lockme12345' });
    for (let i = 0; i < 3; i++) await apiLogin('lockme', 'wrong-password');
    expect((await apiLogin('lockme', 'Lockme12345')).msg).toBe('This account is locked, please try again later');

    await h.openScreen('/admin/system/logininfor', TABLE_ROWS);
    const searched = h.page.waitForResponse((r) => r.url().includes('/prod-api/monitor/logininfor/list') && r.url().includes('userName=lockme'));
    await h.page.fill('#search-userName', 'lockme');
    await h.page.getByTestId('resource-search').getByRole('button', { name: R.search }).click();
    await searched;
    const unlockButton = h.toolbar().getByRole('button', { name: M.logininfor.unlock });
    expect(await unlockButton.isDisabled()).toBe(true);
    await h.rowOf('lockme').first().locator('.p-checkbox').click();
    expect(await unlockButton.isDisabled()).toBe(false);
    const unlocked = h.page.waitForResponse((r) => r.url().endsWith('/prod-api/monitor/logininfor/unlock/lockme'));
    await unlockButton.click();
    const reply = (await (await unlocked).json()) as { code: number; msg: string };
    expect(reply.code).toBe(200);
    await h.page.getByText(reply.msg).first().waitFor();

    await h.signInAs('lockme', 'Lockme12345');
    expect(new URL(h.page.url()).pathname).not.toMatch(/\/login$/);
  });
});
