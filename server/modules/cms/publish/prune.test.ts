import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { sysJob } from '../../job/schema.ts';
import { cmsPublishRun, cmsPublishTask, cmsSite } from '../schema.ts';

// Housekeeping jobs, seeded on: finished publish tasks are forgotten after a week (the current
// run's kept), and the database is vacuumed nightly (PGlite has no autovacuum).
const ts = useTestServer();
const H = { repeatSubmit: 'false' };
const DAY = 86_400_000;

const runJob = async (invokeTarget: string) => {
  const [job] = await ts.database.db.select().from(sysJob).where(eq(sysJob.invokeTarget, invokeTarget));
  expect(job, `${invokeTarget} is seeded`).toBeDefined();
  expect(job!.status).toBe('0');
  const run = await ts.api('PUT', '/monitor/job/run', { token: ts.admin, headers: H, body: { jobId: job!.jobId } });
  expect(run.code, run.msg).toBe(200);
  expect(run.data.status, run.data.jobMessage).toBe('0');
  return run.data as { jobMessage: string };
};

describe('housekeeping jobs', () => {
  it('forgets finished publish tasks older than a week, keeping waiting ones and the current run', async () => {
    const db = ts.database.db;
    const [a] = await db.insert(cmsSite).values({ name: 'Old', path: 'old' }).returning();
    const [b] = await db.insert(cmsSite).values({ name: 'Busy', path: 'busy' }).returning();
    const ago = (days: number) => new Date(Date.now() - days * DAY);
    const task = (siteId: number, dataId: number, status: string, endedDaysAgo: number | null, createdDaysAgo: number) =>
      ({ siteId, dataType: 'content', dataId, status, endTime: endedDaysAgo === null ? null : ago(endedDaysAgo), createTime: ago(createdDaysAgo) });
    // Site b's current run started 10 days ago and is still going: its tasks are what its progress view shows.
    await db.insert(cmsPublishRun).values({ siteId: b!.siteId, startTime: ago(10) });
    await db.insert(cmsPublishTask).values([
      task(a!.siteId, 1, 'SUCCESS', 8, 8), task(a!.siteId, 2, 'FAILED', 30, 30), // old: go
      task(a!.siteId, 3, 'SUCCESS', 2, 2), task(a!.siteId, 4, 'FAILED', 6, 6), // within the week: stay
      task(a!.siteId, 5, 'READY', null, 40), task(a!.siteId, 6, 'RUNNING', null, 40), // not finished: stay
      task(b!.siteId, 7, 'SUCCESS', 9, 9), // old, but in the current run: stays
      task(b!.siteId, 8, 'SUCCESS', 12, 12), // old, before the current run: goes
    ]);
    const run = await runJob('cms.prunePublishTasks');
    expect(run.jobMessage).toContain('3');
    const left = await db.select({ dataId: cmsPublishTask.dataId }).from(cmsPublishTask);
    expect(left.map((r) => r.dataId).sort((x, y) => x - y)).toEqual([3, 4, 5, 6, 7]);
  });

  it('vacuums the database, and says what it did', async () => {
    const pglite = ts.database.kind === 'pglite';
    const started = new Date(Date.now() - 1000);
    const run = await runJob('db.vacuum');
    expect(run.jobMessage).toMatch(pglite ? /vacuum analyze: \d+ ms$/ : /analyze: \d+ ms$/);
    // The server's own statistics say it was done (PostgreSQL reports them a moment later).
    const last = async () => {
      const [row] = (await ts.database.db.execute(sql`select last_vacuum, last_analyze from pg_stat_user_tables where relname = 'cms_publish_task'`) as unknown as { rows: { last_vacuum: string | null; last_analyze: string | null }[] }).rows;
      const at = pglite ? row?.last_vacuum : row?.last_analyze;
      return at ? new Date(at).getTime() : 0;
    };
    await expect.poll(last, { timeout: 5000 }).toBeGreaterThanOrEqual(started.getTime());
  });
});
