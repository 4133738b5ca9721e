import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestServer } from '../../../tests/helpers/server.ts';
import { sysJob, sysJobLog } from './schema.ts';
import { JobScheduler, schedulerFor } from './scheduler.ts';
import { parseTarget, runRegistered } from './registry.ts';

const ts = useTestServer();
const H = { repeatSubmit: 'false' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const logsOf = async (jobId: number) => ts.database.db.select().from(sysJobLog).where(eq(sysJobLog.jobId, jobId));

describe('scheduled jobs', () => {
  it('previews the next 5 run times of a Quartz-style expression', async () => {
    const r = await ts.api('GET', '/monitor/job/cronNextRuns', { token: ts.admin, query: { cronExpression: '0/10 * * * * ?' } });
    expect(r.data).toHaveLength(5);
    const times = (r.data as string[]).map((s) => new Date(s.replace(' ', 'T')).getTime());
    for (let i = 1; i < 5; i++) expect(times[i]! - times[i - 1]!).toBe(10_000);
    expect((r.data as string[]).every((s) => /:[0-5]0$/.test(s))).toBe(true);
    const bad = await ts.api('GET', '/monitor/job/cronNextRuns', { token: ts.admin, query: { cronExpression: 'every day' }, headers: { 'accept-language': 'en' } });
    expect(bad).toEqual({ code: 500, msg: 'The cron expression is not valid' });
  });

  it('refuses a target that is not a registered task', async () => {
    const r = await ts.api('POST', '/monitor/job', { token: ts.admin, headers: { ...H, 'accept-language': 'en' }, body: { jobName: 'Evil', invokeTarget: "process.exit(1)", cronExpression: '* * * * * ?' } });
    expect(r).toEqual({ code: 500, msg: 'The invoke target is not a registered task' });
    expect(parseTarget(ts.server.services, 'log.cleanLoginLog(30)')).toMatchObject({ key: 'log.cleanLoginLog', arg: '30' });
  });

  it("refuses the names every plain object has (constructor, toString…), which are no task", async () => {
    for (const invokeTarget of ['constructor', 'constructor(1)', 'toString', 'hasOwnProperty', 'valueOf', '__proto__', '__defineGetter__']) {
      const r = await ts.api('POST', '/monitor/job', { token: ts.admin, headers: { ...H, 'accept-language': 'en' }, body: { jobName: `Proto ${invokeTarget}`, invokeTarget, cronExpression: '0 0 3 * * ?' } });
      expect(r, invokeTarget).toEqual({ code: 500, msg: 'The invoke target is not a registered task' });
      expect(parseTarget(ts.server.services, invokeTarget), invokeTarget).toBeNull();
    }
    for (const key of ['constructor', '__proto__', 'toString']) expect((await runRegistered(ts.server.services, key)).message).toBe(`Error: Unknown task: ${key}`);
  });

  it('runs on schedule, writes job logs, and stops when paused', async () => {
    const add = await ts.api('POST', '/monitor/job', { token: ts.admin, headers: H, body: { jobName: 'Echo', invokeTarget: "demo.echo('tick')", cronExpression: '* * * * * ?', status: '0' } });
    expect(add.code, add.msg).toBe(200);
    const jobId = add.data.jobId as number;
    await sleep(2600);
    const running = await logsOf(jobId);
    expect(running.length).toBeGreaterThanOrEqual(1);
    expect(running[0]).toMatchObject({ status: '0', jobName: 'Echo' });
    expect(running[0]!.jobMessage).toContain('tick');
    expect((await ts.api('PUT', '/monitor/job/changeStatus', { token: ts.admin, headers: H, body: { jobId, status: '1' } })).code).toBe(200);
    const atPause = (await logsOf(jobId)).length;
    await sleep(2200);
    expect((await logsOf(jobId)).length).toBe(atPause);
    const missing = await ts.api('PUT', '/monitor/job/changeStatus', { token: ts.admin, headers: { ...H, 'accept-language': 'en' }, body: { jobId: 999_999, status: '0' } });
    expect(missing.code).toBe(500);
    const list = await ts.api('GET', '/monitor/jobLog/list', { token: ts.admin, query: { jobId: String(jobId) } });
    expect(list.data.total).toBe(atPause);
  });

  it('runs once on demand and records a failure with its reason', async () => {
    const add = await ts.api('POST', '/monitor/job', { token: ts.admin, headers: H, body: { jobName: 'Clean', invokeTarget: 'log.cleanLoginLog(30)', cronExpression: '0 0 3 * * ?' } });
    const run = await ts.api('PUT', '/monitor/job/run', { token: ts.admin, headers: H, body: { jobId: add.data.jobId } });
    expect(run.code, run.msg).toBe(200);
    expect(run.data.status).toBe('0');
    // "Clear" empties the run log: nothing written before it is left. (A job of an earlier test may
    // still be finishing a run on PostgreSQL's own connections, and write its log after the clear.)
    const before = (await ts.database.db.select().from(sysJobLog)).map((l) => l.jobLogId);
    expect(before.length).toBeGreaterThan(0);
    expect((await ts.api('DELETE', '/monitor/jobLog/clean', { token: ts.admin, headers: H })).code).toBe(200);
    const left = (await ts.api('GET', '/monitor/jobLog/list', { token: ts.admin })).data.rows as { jobLogId: number; jobName: string }[];
    expect(left.filter((l) => l.jobLogId <= Math.max(...before)).map((l) => l.jobName)).toEqual([]);
    expect(left.map((l) => l.jobName)).not.toContain('Clean');
  });

  it('editing one job does not make up the missed fires of another (only a restart does)', async () => {
    const add = await ts.api('POST', '/monitor/job', { token: ts.admin, headers: H, body: { jobName: 'Nightly', invokeTarget: 'demo.echo(n)', cronExpression: '0 0 3 * * ?', misfirePolicy: '1', status: '0' } });
    const jobId = add.data.jobId as number;
    await ts.database.db.update(sysJob).set({ lastFireTime: new Date(Date.now() - 3 * 86_400_000) }).where(eq(sysJob.jobId, jobId));
    const other = await ts.api('POST', '/monitor/job', { token: ts.admin, headers: H, body: { jobName: 'Other', invokeTarget: 'demo.echo(o)', cronExpression: '0 0 4 * * ?' } });
    expect(other.code, other.msg).toBe(200);
    await sleep(300);
    expect(await logsOf(jobId)).toHaveLength(0);
    // A restart (start) does make it up, once, as its misfire policy says.
    const restarted = new JobScheduler(ts.server.services);
    await restarted.start();
    await sleep(300);
    await restarted.stopAll();
    expect(await logsOf(jobId)).toHaveLength(1);
  });

  it("follows another process's edits: a job re-timed there gets the new schedule here, a paused one loses its timer", async () => {
    const add = await ts.api('POST', '/monitor/job', { token: ts.admin, headers: H, body: { jobName: 'Elsewhere', invokeTarget: 'demo.echo(e)', cronExpression: '0 0 3 * * ?', status: '0' } });
    const jobId = add.data.jobId as number;
    const here = new JobScheduler(ts.server.services);
    await here.start(60_000);
    const timer = () => (here as unknown as { timers: Map<number, { getPattern(): string }> }).timers.get(jobId);
    expect(timer()?.getPattern()).toBe('0 0 3 * * ?');
    // Written by "another process": straight into the table.
    await ts.database.db.update(sysJob).set({ cronExpression: '0 30 4 * * ?' }).where(eq(sysJob.jobId, jobId));
    await here.follow();
    expect(timer()?.getPattern()).toBe('0 30 4 * * ?');
    await ts.database.db.update(sysJob).set({ status: '1' }).where(eq(sysJob.jobId, jobId));
    await here.follow();
    expect(timer()).toBeUndefined();
    await here.stopAll();
  });

  it('refuses "run once" while a run of a job that forbids overlapping is under way', async () => {
    const add = await ts.api('POST', '/monitor/job', { token: ts.admin, headers: H, body: { jobName: 'Solo', invokeTarget: 'demo.echo(s)', cronExpression: '0 0 3 * * ?', concurrent: '1' } });
    const jobId = add.data.jobId as number;
    const busy = (schedulerFor(ts.server.services) as unknown as { busy: Set<number> }).busy;
    busy.add(jobId);
    const refused = await ts.api('PUT', '/monitor/job/run', { token: ts.admin, headers: { ...H, 'accept-language': 'en' }, body: { jobId } });
    expect(refused).toMatchObject({ code: 500, msg: expect.stringContaining('still running') });
    busy.delete(jobId);
    expect((await ts.api('PUT', '/monitor/job/run', { token: ts.admin, headers: H, body: { jobId } })).code).toBe(200);
  });

  it('claims each fire once, however many server processes run the job', async () => {
    const add = await ts.api('POST', '/monitor/job', { token: ts.admin, headers: H, body: { jobName: 'Once', invokeTarget: 'demo.echo(x)', cronExpression: '0 0 3 * * ?', status: '0' } });
    const jobId = add.data.jobId as number;
    const a = new JobScheduler(ts.server.services);
    const b = new JobScheduler(ts.server.services);
    const at = new Date(Math.floor(Date.now() / 1000) * 1000);
    await Promise.all([a.fire(jobId, at), b.fire(jobId, at)]);
    expect(await logsOf(jobId)).toHaveLength(1);
  });
});
