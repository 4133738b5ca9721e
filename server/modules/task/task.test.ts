import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestServer } from '../../../tests/helpers/server.ts';
import { createUser, grantPermission } from '../auth/test-fixtures.ts';
import { sysScheduledTask, sysScheduledTaskLog } from './schema.ts';
import { TaskScheduler } from './scheduler.ts';

const ts = useTestServer();
let viewer: string;
let nobody: string;
const H = { repeatSubmit: 'false', 'accept-language': 'en' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  await grantPermission(ts.database.db, 'task_viewer', 'monitor:task:view');
  await createUser(ts.database.db, 'taskviewer', { roles: ['task_viewer'] });
  await createUser(ts.database.db, 'tasknobody');
  viewer = await ts.login('taskviewer', 'Secret123');
  nobody = await ts.login('tasknobody', 'Secret123');
});

const logsOf = (taskId: number) => ts.database.db.select().from(sysScheduledTaskLog).where(eq(sysScheduledTaskLog.taskId, taskId));
const taskRow = async (taskId: number) => (await ts.database.db.select().from(sysScheduledTask).where(eq(sysScheduledTask.taskId, taskId)))[0];
const add = (body: Record<string, unknown>) => ts.api('POST', '/monitor/task', { token: ts.admin, headers: H, body });
const echo = (extra: Record<string, unknown> = {}) => ({ taskType: 'demo.echo', taskArg: 'tick', taskTrigger: 'Periodic', period: 1, initialDelay: 0, fixedRate: 'N', ...extra });

describe('scheduled tasks: access and validation', () => {
  it('answers 403 to users without the task permissions', async () => {
    for (const [method, path, body] of [
      ['GET', '/monitor/task/list'],
      ['GET', '/monitor/task/typeOptions'],
      ['GET', '/monitor/task/logs'],
      ['POST', '/monitor/task/add', echo()],
      ['POST', '/monitor/task/exec/1'],
      ['POST', '/monitor/task/enable/1'],
      ['POST', '/monitor/task/logs/delete', [1]],
    ] as const) {
      expect((await ts.api(method, path, { token: nobody, body, headers: H })).code, `${method} ${path}`).toBe(403);
    }
    // Viewing is not changing.
    expect((await ts.api('GET', '/monitor/task/list', { token: viewer })).code).toBe(200);
    for (const [method, path, body] of [
      ['POST', '/monitor/task', echo()],
      ['PUT', '/monitor/task/changeStatus', { taskId: 1, status: '0' }],
      ['POST', '/monitor/task/exec/1'],
      ['POST', '/monitor/task/delete', [1]],
    ] as const) {
      expect((await ts.api(method, path, { token: viewer, body, headers: H })).code, `${method} ${path}`).toBe(403);
    }
  });

  it('refuses bad values with a message naming the field', async () => {
    expect(await add(echo({ period: 0 }))).toEqual({ code: 500, msg: 'Period (seconds) must be between 1 and 31536000' });
    expect(await add(echo({ initialDelay: -1 }))).toEqual({ code: 500, msg: 'Initial delay (seconds) must be between 0 and 31536000' });
    expect(await add({ taskType: 'session.cleanExpired', taskTrigger: 'Cron' })).toEqual({ code: 500, msg: 'Cron expression cannot be empty' });
    expect(await add({ taskType: 'session.cleanExpired', taskTrigger: 'Cron', cron: 'every day' })).toEqual({ code: 500, msg: 'The cron expression is not valid' });
    expect(await add(echo({ taskType: 'process.exit' }))).toEqual({ code: 500, msg: 'The task type is not one the server can run' });
    // Names every plain object has are no task type.
    for (const taskType of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      expect(await add(echo({ taskType })), taskType).toEqual({ code: 500, msg: 'The task type is not one the server can run' });
    }
    expect(await add(echo({ taskType: 'log.cleanLoginLog', taskArg: 'ten' }))).toEqual({ code: 500, msg: 'Argument must be a whole number of days, 1 or more' });
    expect((await add(echo({ taskTrigger: 'Hourly' }))).msg).toMatch(/^Trigger /);
  });

  it('offers the registry as localized type options and previews cron runs', async () => {
    const types = await ts.api('GET', '/monitor/task/typeOptions', { token: viewer, headers: { 'accept-language': 'en' } });
    expect(types.data).toEqual(expect.arrayContaining([{ value: 'log.cleanOperLog', label: expect.stringMatching(/operation logs/), arg: 'days' }, { value: 'session.cleanExpired', label: 'Remove expired sessions', arg: null }]));
    const runs = await ts.api('GET', '/monitor/task/cronNextRuns', { token: viewer, query: { cronExpression: '0 0 3 * * ?' } });
    expect(runs.data).toHaveLength(5);
    expect((runs.data as string[]).every((r) => r.endsWith('03:00:00'))).toBe(true);
  });
});

describe('scheduled tasks: running', () => {
  it('runs an enabled periodic task every second, logging each run, until disabled', async () => {
    const r = await add(echo({ taskName: 'Ticker', status: '0' }));
    expect(r.code, r.msg).toBe(200);
    const taskId = r.data.taskId as number;
    expect((await taskRow(taskId))!.readyTime).not.toBeNull();
    await sleep(2600);
    const logs = await logsOf(taskId);
    expect(logs.length).toBeGreaterThanOrEqual(2);
    expect(logs[0]).toMatchObject({ taskName: 'Ticker', taskType: 'demo.echo', result: '0', message: 'tick' });
    expect(logs[0]!.endTime.getTime() - logs[0]!.startTime.getTime()).toBe(logs[0]!.duration);
    const list = await ts.api('GET', '/monitor/task/list', { token: viewer, query: { status: '0' } });
    expect(list.data.rows.find((t: { taskId: number }) => t.taskId === taskId)).toMatchObject({ taskTrigger: 'Periodic', readyTime: expect.stringMatching(/^\d{4}-/) });

    expect((await ts.api('POST', `/monitor/task/disable/${taskId}`, { token: ts.admin, headers: H })).code).toBe(200);
    expect((await taskRow(taskId))!.readyTime).toBeNull();
    const atDisable = (await logsOf(taskId)).length;
    await sleep(2200);
    // A run already under way when disabled may still finish and log; nothing starts after.
    expect((await logsOf(taskId)).length).toBeLessThanOrEqual(atDisable + 1);
    const settled = (await logsOf(taskId)).length;
    await sleep(1200);
    expect((await logsOf(taskId)).length).toBe(settled);
  });

  it('waits the initial delay before the first run, and the status switch starts and stops it', async () => {
    const r = await add(echo({ taskName: 'Delayed', initialDelay: 60 }));
    const taskId = r.data.taskId as number;
    expect((await taskRow(taskId))!).toMatchObject({ status: '1', readyTime: null });
    expect((await ts.api('PUT', '/monitor/task/changeStatus', { token: ts.admin, headers: H, body: { taskId, status: '0' } })).code).toBe(200);
    const planned = (await taskRow(taskId))!.readyTime!.getTime() - Date.now();
    expect(planned).toBeGreaterThan(58_000);
    expect(planned).toBeLessThanOrEqual(60_000);
    await sleep(1500);
    expect(await logsOf(taskId)).toHaveLength(0);
    // Editing reschedules: a cron trigger plans the next cron time.
    expect((await ts.api('PUT', '/monitor/task', { token: ts.admin, headers: H, body: { taskId, taskTrigger: 'Cron', cron: '0 0 3 * * ?' } })).code).toBe(200);
    const next = (await taskRow(taskId))!.readyTime!;
    expect([next.getHours(), next.getMinutes(), next.getSeconds()]).toEqual([3, 0, 0]);
    expect((await ts.api('PUT', '/monitor/task/changeStatus', { token: ts.admin, headers: H, body: { taskId, status: '1' } })).code).toBe(200);
    expect((await taskRow(taskId))!.readyTime).toBeNull();
  });

  it('runs a task once on demand, disabled or not, and answers with its log', async () => {
    const r = await add({ taskType: 'log.cleanLoginLog', taskArg: '30', taskTrigger: 'Cron', cron: '0 0 3 * * ?' });
    const taskId = r.data.taskId as number;
    expect((await taskRow(taskId))!.taskName).toBe('log.cleanLoginLog');
    const run = await ts.api('POST', `/monitor/task/exec/${taskId}`, { token: ts.admin, headers: H });
    expect(run.code, run.msg).toBe(200);
    expect(run.data).toMatchObject({ taskId, result: '0', startTime: expect.stringMatching(/^\d{4}-/) });
    expect(await logsOf(taskId)).toHaveLength(1);
    expect((await taskRow(taskId))!.readyTime).toBeNull();
  });

  it('deletes a task with its logs, and deletes single logs', async () => {
    const r = await add(echo({ taskArg: 'bye' }));
    const taskId = r.data.taskId as number;
    for (let i = 0; i < 3; i++) await ts.api('POST', `/monitor/task/exec/${taskId}`, { token: ts.admin, headers: H });
    const logs = await ts.api('GET', '/monitor/task/logs', { token: viewer, query: { taskId: String(taskId), pageNum: '1', pageSize: '2' } });
    expect(logs.data.total).toBe(3);
    expect(logs.data.rows).toHaveLength(2);
    expect((await ts.api('POST', '/monitor/task/logs/delete', { token: ts.admin, headers: H, body: [logs.data.rows[0].logId] })).code).toBe(200);
    expect(await logsOf(taskId)).toHaveLength(2);
    expect((await ts.api('POST', '/monitor/task/delete', { token: ts.admin, headers: H, body: [taskId] })).code).toBe(200);
    expect(await taskRow(taskId)).toBeUndefined();
    expect(await logsOf(taskId)).toHaveLength(0);
  });

  it('claims each planned run once, however many server processes follow the plan', async () => {
    const r = await add(echo({ taskArg: 'once', initialDelay: 3600, status: '0' }));
    const taskId = r.data.taskId as number;
    const planned = (await taskRow(taskId))!.readyTime!;
    const a = new TaskScheduler(ts.server.services);
    const b = new TaskScheduler(ts.server.services);
    await Promise.all([a.fire(taskId, planned), b.fire(taskId, planned)]);
    expect(await logsOf(taskId)).toHaveLength(1);
    // The plan moved on: a period after that run's end (fixed delay).
    expect((await taskRow(taskId))!.readyTime!.getTime()).toBeGreaterThan(Date.now());
    await ts.api('POST', `/monitor/task/disable/${taskId}`, { token: ts.admin, headers: H });
  });

  it('never runs a task twice at once in one process', async () => {
    const r = await add(echo({ taskArg: 'solo' }));
    const task = (await taskRow(r.data.taskId as number))!;
    const s = new TaskScheduler(ts.server.services);
    const first = s.run(task);
    await expect(s.run(task)).rejects.toMatchObject({ key: 'scheduledTask.busy' });
    expect((await first).result).toBe('0');
    expect(await logsOf(task.taskId)).toHaveLength(1);
  });

  it('clears its timers when stopped', async () => {
    const r = await add(echo({ taskArg: 'later', initialDelay: 3600, status: '0' }));
    const s = new TaskScheduler(ts.server.services);
    await s.start();
    expect(s.armedTaskIds()).toContain(r.data.taskId);
    await s.stop();
    expect(s.armedTaskIds()).toEqual([]);
    await ts.api('POST', `/monitor/task/disable/${r.data.taskId as number}`, { token: ts.admin, headers: H });
  });
});

describe('scheduled tasks: ChestnutCMS shapes', () => {
  it('accepts and returns the trigger nested in data, under ChestnutCMS paths', async () => {
    const r = await ts.api('POST', '/monitor/task/add', { token: ts.admin, headers: H, body: { taskType: 'captcha.cleanExpired', taskTrigger: 'Periodic', status: '1', data: { fixedRate: 'Y', seconds: 300, delaySeconds: 10 } } });
    expect(r.code, r.msg).toBe(200);
    const taskId = r.data.taskId as number;
    const detail = await ts.api('GET', `/monitor/task/detail/${taskId}`, { token: viewer, headers: { 'accept-language': 'en' } });
    expect(detail.data).toMatchObject({ taskId, fixedRate: 'Y', period: 300, initialDelay: 10, taskTypeName: 'Remove expired captchas', data: { fixedRate: 'Y', seconds: 300, delaySeconds: 10 } });
    // A ChestnutCMS edit form sends the detail back with its `data` edited.
    const upd = await ts.api('POST', '/monitor/task/update', { token: ts.admin, headers: H, body: { ...detail.data, taskId: String(taskId), taskTrigger: 'Cron', data: { cron: '0 */5 * * * ?' } } });
    expect(upd.code, upd.msg).toBe(200);
    expect((await ts.api('GET', `/monitor/task/detail/${taskId}`, { token: viewer })).data.data).toEqual({ cron: '0 */5 * * * ?' });
    expect((await ts.api('POST', `/monitor/task/enable/${taskId}`, { token: ts.admin, headers: H })).code).toBe(200);
    const enabled = await ts.api('GET', '/monitor/task/list', { token: viewer, query: { status: '0' } });
    expect(enabled.data.rows.map((t: { taskId: number }) => t.taskId)).toContain(taskId);
    expect((await ts.api('POST', '/monitor/task/delete', { token: ts.admin, headers: H, body: [taskId] })).code).toBe(200);
    // Our own flat shape works under those paths too.
    const flat = await ts.api('POST', '/monitor/task/add', { token: ts.admin, headers: H, body: { taskType: 'session.cleanExpired', taskTrigger: 'Cron', cron: '0 0 4 * * ?' } });
    expect(flat.code, flat.msg).toBe(200);
    expect((await taskRow(flat.data.taskId as number))!.cron).toBe('0 0 4 * * ?');
  });
});
