import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { taskLogResource, taskResource } from '../../../shared/resources/monitor/task.ts';
import { id } from '../../../shared/validators/common.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { resourceRoutes } from '../../core/resource-routes.ts';
import { aliasRoute, defineRoute, noData, type ServerModule } from '../../core/route.ts';
import type { Services } from '../../core/services.ts';
import { fail } from '../../core/errors.ts';
import { cronPreviewRoute } from '../job/index.ts';
import { TASK_OPTIONS_REPLY, taskOptions } from '../job/index.ts';
import { sysScheduledTask, sysScheduledTaskLog } from './schema.ts';
import { completeTask, flattenChestnutBody, presentTask, removeTaskLogs, setTaskStatus } from './operations.ts';
import { taskSchedulerFor } from './scheduler.ts';

const API = taskResource.api;
const idParams = z.object({ taskId: id() });
// The plan is in the database; the scheduler follows it (this process now, others at their next sync).
const follow = (services: Services) => taskSchedulerFor(services).refresh();

const taskRoutes = resourceRoutes(taskResource, sysScheduledTask, {
  beforeSave: (op, values, _mode, existing) => completeTask(op, values, existing),
  beforeRemove: (op, rows) => removeTaskLogs(op.tx, rows),
  afterCommit: (op) => follow(op.services),
  present: (row, op) => presentTask(row, op),
});
const logRoutes = resourceRoutes(taskLogResource, sysScheduledTaskLog);

const statusRoute = (url: string, status: '0' | '1') =>
  defineRoute({
    method: 'POST',
    url,
    perm: 'monitor:task:changeStatus',
    params: idParams,
    log: { title: 'oplog.task', type: 'UPDATE' },
    reply: noData,
    handler: async ({ db, params, actor, services }) => {
      await setTaskStatus(db, actor, params.taskId, status);
      await follow(services);
    },
  });

/**
 * Scheduled tasks: the resource routes (list, detail, add, edit, delete; logs list and delete),
 * ChestnutCMS's paths for the same operations, enable/disable, run once, the type registry and
 * the cron preview.
 */
export const taskModule: ServerModule = {
  name: 'task',
  routes: [
    ...taskRoutes,
    ...logRoutes,
    aliasRoute(taskRoutes, `GET ${API}/:id`, `GET ${API}/detail/:id`),
    aliasRoute(taskRoutes, `POST ${API}`, `POST ${API}/add`, flattenChestnutBody),
    aliasRoute(taskRoutes, `PUT ${API}`, `POST ${API}/update`, flattenChestnutBody),
    aliasRoute(taskRoutes, `DELETE ${API}`, `POST ${API}/delete`),
    aliasRoute(logRoutes, `GET ${taskLogResource.api}/list`, `GET ${API}/logs`),
    aliasRoute(logRoutes, `DELETE ${taskLogResource.api}`, `POST ${API}/logs/delete`),
    statusRoute(`${API}/enable/:taskId`, '0'),
    statusRoute(`${API}/disable/:taskId`, '1'),
    defineRoute({
      method: 'PUT',
      url: `${API}/changeStatus`,
      perm: 'monitor:task:changeStatus',
      body: z.object({ taskId: id(), status: z.enum(['0', '1']) }),
      log: { title: 'oplog.task', type: 'UPDATE' },
      reply: noData,
      handler: async ({ db, body, actor, services }) => {
        await setTaskStatus(db, actor, body.taskId, body.status);
        await follow(services);
      },
    }),
    defineRoute({
      method: 'POST',
      url: `${API}/exec/:taskId`,
      perm: 'monitor:task:run',
      params: idParams,
      log: { title: 'oplog.task', type: 'OTHER' },
      // The run's log row, its times as text.
      reply: z.looseObject({ startTime: z.string(), endTime: z.string(), createTime: z.string() }),
      // Runs now, whatever the status or plan (which stays as it is); answers with the run's log.
      handler: async ({ db, params, services }) => {
        const [task] = await db.select().from(sysScheduledTask).where(eq(sysScheduledTask.taskId, params.taskId));
        if (!task) throw fail('resource.notFound');
        const log = await taskSchedulerFor(services).run(task);
        return { ...log, startTime: formatDateTime(log.startTime), endTime: formatDateTime(log.endTime), createTime: formatDateTime(log.createTime) };
      },
    }),
    defineRoute({
      method: 'GET',
      url: `${API}/typeOptions`,
      perm: 'monitor:task:view',
      reply: TASK_OPTIONS_REPLY,
      handler: ({ services, t }) => taskOptions(services, t),
    }),
    cronPreviewRoute(`${API}/cronNextRuns`, 'monitor:task:view'),
  ],
  async start(app, services) {
    const scheduler = taskSchedulerFor(services);
    await scheduler.start();
    app.addHook('onClose', () => scheduler.stop());
  },
};
