import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { jobLogResource, jobResource } from '../../../shared/resources/monitor/job.ts';
import { id } from '../../../shared/validators/common.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { resourceOperations } from '../../core/resource.ts';
import { routesOf, statusRoute } from '../../core/resource-routes.ts';
import { logRoutes } from '../monitor/index.ts';
import { defineRoute, type ServerModule } from '../../core/route.ts';
import { fail } from '../../core/errors.ts';
import { sysJob, sysJobLog } from './schema.ts';
import { cronPreviewRoute, parseCron } from './cron.ts';
import { JOB_SEEDS } from './seed.ts';
import { parseTarget, TASK_OPTIONS_REPLY, taskOptions } from './registry.ts';
import { schedulerFor } from './scheduler.ts';
import { shownJobName } from './seeded-name.ts';
import type { OpContext } from '../../core/operation.ts';

const jobs = resourceOperations(jobResource, sysJob, {
  beforeSave(op, values, _mode, existing) {
    const merged = { ...existing, ...values };
    if (!parseCron(String(merged.cronExpression))) throw fail('job.badCron');
    if (!parseTarget(op.services, String(merged.invokeTarget))) throw fail('job.badTarget');
  },
  afterCommit: async (op) => {
    // Which job changed is not passed here; re-arming all is cheap (a handful of timers).
    await schedulerFor(op.services).resync();
  },
  present: (row, op) => named(row, op),
});

/** A job's row, or a run's, with the name in the reader's language (seeded-name.ts). */
const named = (row: Record<string, unknown>, op: OpContext) => ({ ...row, jobName: shownJobName(op.services, op.locale, row) });

// The run log: list, detail, export, delete and clean, like the other logs.
const jobLogRoutes = logRoutes(jobLogResource, sysJobLog, 'monitor:job:clean', { present: (row, op) => named(row, op) });

export const jobModule: ServerModule = {
  name: 'job',
  seeds: JOB_SEEDS,
  routes: [
    ...routesOf(jobs),
    ...jobLogRoutes,
    statusRoute(jobs, 'monitor:job:changeStatus', (op, jobId) => schedulerFor(op.services).reschedule(jobId)),
    defineRoute({
      method: 'PUT',
      url: '/monitor/job/run',
      perm: 'monitor:job:run',
      body: z.object({ jobId: id() }),
      log: { title: 'oplog.job', type: 'OTHER' },
      // The run's log row, its times as text.
      reply: z.looseObject({ startTime: z.string(), stopTime: z.string(), createTime: z.string() }),
      // Runs now, whatever the schedule or status; answers with the run's log.
      handler: async ({ db, body, services }) => {
        const [job] = await db.select().from(sysJob).where(eq(sysJob.jobId, body.jobId));
        if (!job) throw fail('resource.notFound');
        const log = await schedulerFor(services).runOnce(job);
        return { ...log, startTime: formatDateTime(log.startTime), stopTime: formatDateTime(log.stopTime), createTime: formatDateTime(log.createTime) };
      },
    }),
    cronPreviewRoute('/monitor/job/cronNextRuns', 'monitor:job:view'),
    defineRoute({
      method: 'GET',
      url: '/monitor/job/targets',
      perm: 'monitor:job:view',
      // The registry the invoke target is chosen from.
      reply: TASK_OPTIONS_REPLY,
      handler: ({ services, t }) => taskOptions(services, t),
    }),
  ],
  async start(app, services) {
    const scheduler = schedulerFor(services);
    await scheduler.start();
    app.addHook('onClose', async () => scheduler.stopAll());
  },
};
