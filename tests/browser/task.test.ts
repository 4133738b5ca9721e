import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useHarness } from './harness.ts';
import { sysScheduledTask } from '../../server/modules/task/schema.ts';
import monitorZhCN from '../../shared/i18n/locales/zh-CN/monitor.ts';
import resourceZhCN from '../../shared/i18n/locales/zh-CN/resource.ts';
import commonZhCN from '../../shared/i18n/locales/zh-CN/common.ts';

// Scheduled tasks end to end as an administrator: add a periodic task through the form, see it
// listed, run it once and find the run in its log dialog, enable and disable it with its switch.


const h = useHarness({ admin: 'taskadmin' });
const M = monitorZhCN;
const R = resourceZhCN;

const screen = () => h.page.locator('.resource-screen[data-resource=scheduled_task]');
const rowOf = (text: string) => screen().locator('.resource-table tbody tr', { hasText: text });
const formRow = (field: string) => h.dialog().locator('.resource-form-row', { has: h.page.locator(`#field-${field}`) });
const taskNamed = async (name: string) => (await h.server.database.db.select().from(sysScheduledTask).where(eq(sysScheduledTask.taskName, name)))[0];

async function open() {
  await h.openScreen('/admin/monitor/task');
  await screen().locator('.resource-table').waitFor();
}

describe('scheduled tasks', () => {
  it('adds a periodic task through the form and lists it', async () => {
    await open();
    await h.toolbar().getByRole('button', { name: R.add, exact: true }).click();
    await h.dialog().waitFor();
    await h.page.fill('#field-taskName', 'Screen ticker');
    await formRow('taskType').locator('.p-dropdown').click();
    await h.page.locator('.p-dropdown-item', { hasText: 'demo.echo' }).click();
    // The echo task takes a text argument; the cron field belongs to the default trigger.
    await h.page.fill('#field-taskArg', 'from-screen');
    await h.page.locator('#field-cron').waitFor();
    await h.dialog().locator('.field-radio', { hasText: M.task.trigger.Periodic }).click();
    await h.page.locator('#field-cron').waitFor({ state: 'detached' });
    await h.page.locator('#field-period').fill('0');
    await h.dialog().getByRole('button', { name: commonZhCN.actions.ok }).click();
    await h.dialog().getByTestId('error-period').waitFor();
    await h.page.locator('#field-period').fill('3600');
    const saved = h.page.waitForResponse((r) => r.url().endsWith('/prod-api/monitor/task') && r.request().method() === 'POST');
    await h.dialog().getByRole('button', { name: commonZhCN.actions.ok }).click();
    expect((await (await saved).json()).code).toBe(200);
    await rowOf('Screen ticker').waitFor();
    expect(await rowOf('Screen ticker').textContent()).toContain(M.task.periodic.replace('{{period}}', '3600').replace('{{mode}}', M.task.fixedDelay).replace('{{delay}}', '0'));
    expect(await taskNamed('Screen ticker')).toMatchObject({ taskType: 'demo.echo', taskArg: 'from-screen', taskTrigger: 'Periodic', period: 3600, status: '1', readyTime: null });
  });

  it('runs the task once and shows the run in its log dialog', async () => {
    await open();
    await rowOf('Screen ticker').getByRole('button', { name: M.task.run }).click();
    await h.confirmBox().waitFor();
    const ran = h.page.waitForResponse((r) => r.url().includes('/prod-api/monitor/task/exec/'));
    await h.confirmBox().locator('.p-confirm-dialog-accept').click();
    expect((await (await ran).json()).data).toMatchObject({ result: '0', message: 'from-screen' });
    await h.toasts().getByText(M.task.runDone.replace('{{message}}', 'from-screen')).waitFor();
    await rowOf('Screen ticker').getByRole('button', { name: M.task.logs }).click();
    const logs = h.page.getByTestId('task-logs');
    await logs.locator('.resource-table tbody tr', { hasText: 'from-screen' }).waitFor();
    expect(await logs.locator('.resource-table tbody tr').count()).toBe(1);
    await logs.locator('.p-dialog-header-close').click();
    await logs.waitFor({ state: 'detached' });
  });

  it('enables and disables the task with its switch', async () => {
    await open();
    const { taskId } = (await taskNamed('Screen ticker'))!;
    const toggle = async (status: string) => {
      const put = h.page.waitForResponse((r) => r.url().endsWith('/prod-api/monitor/task/changeStatus'));
      await h.page.getByTestId(`task-status-${taskId}`).click();
      const res = await put;
      expect(JSON.parse(res.request().postData() ?? '{}')).toEqual({ taskId, status });
      expect((await res.json()).code).toBe(200);
    };
    const reloaded = h.page.waitForResponse((r) => r.url().includes('/prod-api/monitor/task/list?'));
    await toggle('0');
    const ready = (await taskNamed('Screen ticker'))!.readyTime;
    expect(ready).not.toBeNull();
    // The list reloads, so the next run shows at once.
    await reloaded;
    const shown = new Date(ready!).toISOString().slice(0, 19).replace('T', ' ');
    await rowOf('Screen ticker').getByText(shown).waitFor();
    await toggle('1');
    expect((await taskNamed('Screen ticker'))!.readyTime).toBeNull();
  });
});
