import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from './harness.ts';
import { sysCaptcha } from '../../server/modules/auth/schema.ts';
import { sysJob } from '../../server/modules/job/schema.ts';
import { createUser } from '../../server/modules/auth/test-fixtures.ts';
import monitorZhCN from '../../shared/i18n/locales/zh-CN/monitor.ts';
import resourceZhCN from '../../shared/i18n/locales/zh-CN/resource.ts';
import commonZhCN from '../../shared/i18n/locales/zh-CN/common.ts';
import cmsMessagesZhCN from '../../server/modules/cms/messages/zh-CN.ts';
import cmsMessagesZhTW from '../../server/modules/cms/messages/zh-TW.ts';
import cmsMessagesEn from '../../server/modules/cms/messages/en.ts';

// The monitor screens end to end as an administrator: scheduled jobs (cron preview, run once and
// its log, pause/resume), online users (force logout really ends the session), the server
// monitor.

const h = useHarness({ admin: 'monadmin' });
const M = monitorZhCN;
const R = resourceZhCN;

/** Signs in through the API (captcha answered from the database); returns the token. */
async function apiLogin(username: string, password: string): Promise<string> {
  const captcha = await h.server.api('GET', '/captchaImage');
  const uuid = captcha.data?.uuid as string | undefined;
  let code = '';
  if (uuid) {
    const [row] = await h.server.database.db.select({ code: sysCaptcha.code }).from(sysCaptcha).where(eq(sysCaptcha.uuid, uuid));
    code = row!.code;
  }
  const res = await h.server.api('POST', '/login', { body: { username, password, code, uuid }, headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0' } });
  expect(res.code, res.msg).toBe(200);
  return (res.data?.token ?? res.data) as string;
}

beforeAll(async () => {
  await createUser(h.server.database.db, 'visitor', { password: 'Visit1234' });
});

describe('scheduled jobs', () => {
  // Issue 26 item 7: the seeded names were English in Chinese and wrapped to five lines.
  it('shows the seeded jobs in the reader\'s language, each name on one line with the whole name in its tooltip', async () => {
    for (const [lng, names] of [['zh-CN', cmsMessagesZhCN.job.name], ['zh-TW', cmsMessagesZhTW.job.name], ['en', cmsMessagesEn.job.name]] as const) {
      await h.page.evaluate((l) => localStorage.setItem('language', l), lng);
      for (const width of [1440, 800]) {
        await h.page.setViewportSize({ width, height: 900 });
        await h.openScreen('/admin/monitor/job', `.resource-table tbody tr:has-text("${names.cmsPublishDue}")`);
        const cell = h.page.locator('.resource-table tbody tr', { hasText: names.cmsPurgeRecycled }).locator('.resource-cell-ellipsis');
        expect(await cell.getAttribute('title'), lng).toBe(names.cmsPurgeRecycled);
        const lines = await h.page.locator('.resource-table tbody .resource-cell-ellipsis').evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().height / parseFloat(getComputedStyle(e).lineHeight || '20'))));
        expect(Math.max(...lines), `${lng} ${width}`).toBeLessThanOrEqual(1);
      }
    }
    await h.page.evaluate(() => localStorage.setItem('language', 'zh-CN'));
    await h.page.setViewportSize({ width: 1280, height: 800 });
  });

  it('adds a job: task with its argument, cron with the next 5 run times', async () => {
    await h.openScreen('/admin/monitor/job');
    await h.page.locator('.resource-table').waitFor();
    await h.toolbar().getByRole('button', { name: R.add, exact: true }).click();
    await h.dialog().waitFor();
    await h.page.fill('#field-jobName', 'Echo job');
    await h.dialog().locator('.job-target .p-dropdown').click();
    await h.page.locator('.p-dropdown-item', { hasText: 'demo.echo' }).click();
    await h.page.fill('#field-invokeTarget-arg', 'hello-monitor');
    await h.page.fill('#field-cronExpression', '0/10 * * * * ?');
    await h.page.waitForFunction(() => document.querySelectorAll('[data-testid=cron-next-runs] li').length === 5);
    const runs = await h.page.locator('[data-testid=cron-next-runs] li').allTextContents();
    expect(runs.every((r) => /^\d{4}-\d\d-\d\d \d\d:\d\d:\d0$/.test(r))).toBe(true);
    // The policy choices show their localized labels.
    expect(await h.dialog().textContent()).toContain(M.job.misfire['1']);
    const saved = h.page.waitForResponse((r) => r.url().endsWith('/prod-api/monitor/job') && r.request().method() === 'POST');
    await h.dialog().getByRole('button', { name: commonZhCN.actions.ok }).click();
    expect((await (await saved).json()).code).toBe(200);
    await h.rowOf('Echo job').waitFor();
    const [job] = await h.server.database.db.select().from(sysJob).where(eq(sysJob.jobName, 'Echo job'));
    expect(job).toMatchObject({ invokeTarget: 'demo.echo(hello-monitor)', cronExpression: '0/10 * * * * ?', status: '1' });
  });

  it('runs the job once, shows the result and lists its log', async () => {
    await h.openScreen('/admin/monitor/job');
    await h.rowOf('Echo job').getByRole('button', { name: M.job.run }).click();
    await h.confirmBox().waitFor();
    const ran = h.page.waitForResponse((r) => r.url().endsWith('/prod-api/monitor/job/run'));
    await h.confirmBox().locator('.p-confirm-dialog-accept').click();
    expect((await (await ran).json()).data.status).toBe('0');
    // The toast carries the run's log message: "<job> OK <n> ms: <task output>".
    const done = M.job.runDone.replace('{{message}}', '');
    await h.toasts().getByText(new RegExp(`^${done}Echo job OK \\d+ ms: hello-monitor$`)).waitFor();
    await h.rowOf('Echo job').getByRole('button', { name: M.job.logs }).click();
    await h.page.waitForURL((u) => u.pathname.endsWith('/monitor/job-log') && u.searchParams.has('jobId'));
    await h.rowOf('hello-monitor').first().waitFor();
    expect(await h.page.locator('.resource-table tbody tr').count()).toBeGreaterThanOrEqual(1);
  });

  it('resumes and pauses the job with its switch', async () => {
    await h.openScreen('/admin/monitor/job');
    const toggle = async (status: string) => {
      const put = h.page.waitForResponse((r) => r.url().endsWith('/prod-api/monitor/job/changeStatus'));
      const listed = h.page.waitForResponse((r) => r.url().includes('/prod-api/monitor/job/list'));
      await h.rowOf('Echo job').locator('.status-switch').click();
      const res = await put;
      expect(JSON.parse(res.request().postData() ?? '{}').status).toBe(status);
      expect((await res.json()).code).toBe(200);
      await listed;
      const [job] = await h.server.database.db.select().from(sysJob).where(eq(sysJob.jobName, 'Echo job'));
      expect(job!.status).toBe(status);
    };
    await toggle('0');
    await h.rowOf('Echo job').locator('.status-switch.p-highlight').waitFor();
    await toggle('1');
    await h.rowOf('Echo job').locator('.status-switch.p-highlight').waitFor({ state: 'detached' });
  });
});

describe('online users', () => {
  it('marks the own session and force-logs out another one, whose token then gets 401', async () => {
    const token = await apiLogin('visitor', 'Visit1234');
    const info = async () => (await (await fetch(h.url('/prod-api/getInfo'), { headers: { Authorization: `Bearer ${token}` } })).json()) as { code: number };
    expect((await info()).code).toBe(200);
    await h.openScreen('/admin/monitor/online');
    await h.rowOf('visitor').waitFor();
    expect(await h.rowOf('monadmin').getByTestId('online-current').count()).toBe(1);
    expect(await h.rowOf('visitor').getByTestId('online-current').count()).toBe(0);
    await h.rowOf('visitor').getByRole('button', { name: M.online.forceLogout }).click();
    await h.confirmBox().waitFor();
    expect(await h.confirmBox().textContent()).toContain(M.online.confirm.replace('{{name}}', 'visitor'));
    const gone = h.page.waitForResponse((r) => r.url().includes('/prod-api/monitor/online/') && r.request().method() === 'DELETE');
    await h.confirmBox().locator('.p-confirm-dialog-accept').click();
    expect((await (await gone).json()).code).toBe(200);
    await h.rowOf('visitor').waitFor({ state: 'detached' });
    expect((await info()).code).toBe(401);
  });
});

describe('server monitor', () => {
  it('shows CPU, memory, the process, the host and the disks', async () => {
    await h.openScreen('/admin/monitor/server');
    await h.page.getByTestId('server-cpu').waitFor();
    expect(await h.page.getByTestId('server-cpu').textContent()).toContain(M.server.cpu.cores);
    const mem = await h.page.getByTestId('server-mem').textContent();
    expect(mem).toMatch(/\d+\.\d\d (MB|GB|TB)/);
    expect(await h.page.getByTestId('server-mem').locator('.p-progressbar').count()).toBe(1);
    expect(await h.page.getByTestId('server-disks').locator('tbody tr').count()).toBeGreaterThanOrEqual(1);
    const again = h.page.waitForResponse((r) => r.url().endsWith('/prod-api/monitor/server'));
    await h.page.getByRole('button', { name: M.server.refresh }).click();
    expect((await (await again).json()).code).toBe(200);
  });
});

describe('cache monitor', () => {
  it('shows cache statistics and process memory', async () => {
    await h.openScreen('/admin/monitor/cache');
    await h.page.getByTestId('cache-stats').locator('tbody tr', { hasText: 'i18n' }).waitFor();
    expect(await h.page.getByTestId('cache-memory').textContent()).toMatch(/\d+\.\d\d (KB|MB|GB)/);
  });

  it('goes from names to keys to a value, and clears a key', async () => {
    await h.openScreen('/admin/monitor/cacheList');
    await h.page.getByTestId('cache-names').locator('.cache-item-open', { hasText: 'i18n' }).click();
    const firstKey = h.page.getByTestId('cache-keys').locator('.cache-item-open').first();
    await firstKey.waitFor();
    const key = (await firstKey.textContent())!.trim();
    const got = h.page.waitForResponse((r) => r.url().includes('/prod-api/monitor/cache/getValue/i18n?key='));
    await firstKey.click();
    expect((await (await got).json()).data.cacheKey).toBe(key);
    await h.page.getByTestId('cache-value').locator('pre.cache-value').waitFor();
    expect((await h.page.getByTestId('cache-value').locator('pre.cache-value').textContent())!.length).toBeGreaterThan(0);
    await h.page.getByTestId('cache-keys').getByRole('button', { name: `${M.cache.clearKey} ${key}` }).click();
    await h.confirmBox().waitFor();
    const cleared = h.page.waitForResponse((r) => r.url().includes('/prod-api/monitor/cache/clearCacheName/i18n?key='));
    await h.confirmBox().locator('.p-confirm-dialog-accept').click();
    expect((await (await cleared).json()).code).toBe(200);
    await h.page.getByRole('button', { name: M.cache.clearAll }).click();
    await h.confirmBox().waitFor();
    const all = h.page.waitForResponse((r) => r.url().endsWith('/prod-api/monitor/cache/clearCacheAll'));
    await h.confirmBox().locator('.p-confirm-dialog-accept').click();
    expect((await (await all).json()).code).toBe(200);
  });
});

describe('async tasks', () => {
  it('follows a running task by itself, stops it and removes it', async () => {
    let report: (p: number, m?: string) => void = () => undefined;
    h.server.server.services.tasks.submit('demo', 'Long job', 'monadmin', async ({ progress, signal }) => {
      report = progress;
      progress(40, 'halfway');
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
    });
    await h.openScreen('/admin/monitor/async');
    const row = h.rowOf('Long job');
    await row.locator('[data-status=RUNNING]').waitFor();
    expect(await row.getByTestId('task-percent').textContent()).toBe('40%');
    // No click: the list reloads itself while a task runs.
    report(70, 'further');
    await row.getByText('70%').waitFor({ timeout: 10_000 });
    // Deleting a running task keeps it, and says so rather than "deleted".
    await row.getByRole('button', { name: R.remove, exact: true }).click();
    await h.confirmBox().waitFor();
    await h.confirmBox().locator('.p-confirm-dialog-accept').click();
    await h.toasts().getByText(M.async.removedSome.replace('{{removed}}', '0').replace('{{kept}}', '1')).waitFor();
    expect(await row.count()).toBe(1);
    await row.getByRole('button', { name: M.async.stop }).click();
    await h.confirmBox().waitFor();
    const stopped = h.page.waitForResponse((r) => r.url().includes('/prod-api/monitor/async/task/stop/'));
    await h.confirmBox().locator('.p-confirm-dialog-accept').click();
    expect((await (await stopped).json()).code).toBe(200);
    await row.locator('[data-status=INTERRUPTED]').waitFor();
    await row.getByRole('button', { name: R.remove, exact: true }).click();
    await h.confirmBox().waitFor();
    const removed = h.page.waitForResponse((r) => r.url().endsWith('/prod-api/monitor/async/task') && r.request().method() === 'DELETE');
    await h.confirmBox().locator('.p-confirm-dialog-accept').click();
    const removedReply = await (await removed).json();
    expect(removedReply.data?.removed, JSON.stringify(removedReply)).toBe(1);
    await row.waitFor({ state: 'detached' });
  });
});
