import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useHarness } from './harness.ts';
import { cmsApi } from './cms-api.ts';
import { memberResource } from '../../shared/resources/cms/member.ts';
import { memberLevelResource } from '../../shared/resources/cms/member-level.ts';
import { memberExpResource } from '../../shared/resources/cms/member-exp.ts';
import { cmsMember } from '../../server/modules/cms/member/schema.ts';
import { verifyPassword } from '../../server/modules/system/index.ts';
import commonZhCN from '../../shared/i18n/locales/zh-CN/common.ts';

// The Member screens (issue 31 item 2), drawn from their definitions: the list with a reader's
// nickname carrying markup shown as text, the enable/disable switch and the password reset; Level
// Config and Exp Config open under their titles. Laid out right (looks.ts).
const h = useHarness({ admin: 'memberadmin' });
const M = memberResource.texts!;

describe('the Member screens', () => {
  it('lists members with a reader\'s markup as text, switches one off and resets its password', async () => {
    const api = await cmsApi(h, 'memberadmin', 'Secret123');
    const { memberId } = await api.ok('POST', '/member', { userName: 'browsing', nickName: '<img src=x onerror="__hit=1">', email: 'browsing@example.com', password: 'Browse2026x' });
    await h.openScreen('/admin/member/list', '.resource-table tbody tr:has-text("browsing")');
    expect(await h.page.title()).toContain(M.title['zh-CN']);
    const row = h.rowOf('browsing');
    await expect.poll(() => row.textContent()).toContain('<img src=x');
    expect(await row.locator('img').count()).toBe(0);
    expect(await h.page.evaluate(() => (window as unknown as { __hit?: number }).__hit)).toBeUndefined();
    await h.expectLaidOut('member list');

    const status = h.page.getByTestId(`member-status-${memberId}`);
    const switched = h.page.waitForResponse((r) => r.url().endsWith('/prod-api/member/changeStatus'));
    await status.click();
    expect((await switched).status()).toBe(200);
    const [stored] = await h.server.database.db.select().from(cmsMember).where(eq(cmsMember.memberId, memberId));
    expect(stored!.status).toBe('1');

    await h.page.getByTestId(`member-reset-${memberId}`).click();
    const dialog = h.page.locator('.member-reset-dialog');
    await dialog.waitFor();
    await h.page.fill('#member-reset-password', 'Browse2027x');
    const reset = h.page.waitForResponse((r) => r.url().endsWith('/prod-api/member/resetPassword'));
    await dialog.getByRole('button', { name: commonZhCN.actions.ok }).click();
    expect((await reset).status()).toBe(200);
    const [after] = await h.server.database.db.select().from(cmsMember).where(eq(cmsMember.memberId, memberId));
    expect(await verifyPassword('Browse2027x', after!.password)).toBe(true);
  });

  it('opens Level Config and Exp Config', async () => {
    await h.openScreen('/admin/member/levelConfig', '.resource-table');
    expect(await h.page.title()).toContain(memberLevelResource.texts!.title['zh-CN']);
    await h.openScreen('/admin/member/expConfig', '.resource-table');
    expect(await h.page.title()).toContain(memberExpResource.texts!.title['zh-CN']);
    await h.expectLaidOut('exp config');
  });
});
