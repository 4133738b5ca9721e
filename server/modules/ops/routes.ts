import { z } from 'zod';
import { defineRoute, noData, type ServerModule } from '../../core/route.ts';
import { pageOf } from '../../core/row-schema.ts';
import { fail } from '../../core/errors.ts';
import { paging, table } from '../../core/envelope.ts';
import { hasPermission } from '../../core/access.ts';
import type { AsyncTask } from '../../core/async-tasks.ts';
import { formatDateTime } from '../../../shared/format.ts';
import type { Services } from '../../core/services.ts';
import { serverInfo, serverInfoReply } from './server-info.ts';

const ASYNC_VIEW = 'monitor:async:view';
const cacheName = z.object({ cacheName: z.string().min(1).max(50) });
const asyncTaskId = z.string().regex(/^[0-9a-f]{32}$/);

/** The registered cache of that name, or a not-found failure. */
function cacheNamed(services: Services, name: string) {
  const c = services.caches.get(name);
  if (!c) throw fail('resource.notFound');
  return c;
}

/** A background task as replied: dates as text ('' before it started or ended). */
const taskReply = z.looseObject({
  taskId: z.string(), type: z.string(), name: z.string(), owner: z.string(), status: z.string(), percent: z.number(),
  progressMessage: z.string(), errMessages: z.array(z.string()), readyTime: z.string(), startTime: z.string(), endTime: z.string(),
});

const present = (t: AsyncTask) => ({
  ...t,
  readyTime: formatDateTime(t.readyTime),
  startTime: formatDateTime(t.startTime),
  endTime: formatDateTime(t.endTime),
});

/** Runtime monitors: the server itself, its caches, its background tasks. */
export const opsModule: ServerModule = {
  name: 'ops',
  routes: [
    defineRoute({
      method: 'GET',
      url: '/monitor/server',
      perm: 'monitor:server:view',
      reply: serverInfoReply,
      handler: async ({ services }) => {
        const info = await serverInfo(services.config.dataDir);
        return { ...info, node: { ...info.node, startTime: formatDateTime(info.node.startTime) } };
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/monitor/cache',
      perm: 'monitor:cache:view',
      // Statistics: each cache's size, plus the process memory that holds them.
      reply: z.object({ caches: z.array(z.object({ cacheName: z.string(), remark: z.string(), size: z.int() })), memory: z.record(z.string(), z.number()) }),
      handler: ({ services, t }) => ({
        caches: services.caches.list().map((c) => ({ cacheName: c.name, remark: t(c.describe), size: c.keys().length })),
        memory: process.memoryUsage(),
      }),
    }),
    defineRoute({
      method: 'GET',
      url: '/monitor/cache/getKeys/:cacheName',
      perm: 'monitor:cache:view',
      params: cacheName,
      reply: z.array(z.string()),
      handler: ({ services, params }) => cacheNamed(services, params.cacheName).keys(),
    }),
    defineRoute({
      method: 'GET',
      url: '/monitor/cache/getValue/:cacheName',
      perm: 'monitor:cache:view',
      params: cacheName,
      query: z.object({ key: z.string().min(1).max(500) }),
      reply: z.object({ cacheName: z.string(), cacheKey: z.string(), cacheValue: z.string().describe('the value as JSON') }),
      handler: ({ services, params, query }) => ({
        cacheName: params.cacheName,
        cacheKey: query.key,
        cacheValue: JSON.stringify(cacheNamed(services, params.cacheName).value(query.key) ?? null),
      }),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/monitor/cache/clearCacheName/:cacheName',
      perm: 'monitor:cache:clear',
      params: cacheName,
      query: z.object({ key: z.string().max(500).optional() }),
      log: { title: 'oplog.cache', type: 'CLEAN' },
      reply: noData,
      handler: async ({ services, params, query }) => {
        await cacheNamed(services, params.cacheName).clear(query.key || undefined);
      },
    }),
    defineRoute({
      method: 'DELETE',
      url: '/monitor/cache/clearCacheAll',
      perm: 'monitor:cache:clear',
      log: { title: 'oplog.cache', type: 'CLEAN' },
      reply: noData,
      handler: async ({ services }) => {
        for (const c of services.caches.list()) await c.clear();
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/monitor/async/task/list',
      perm: ASYNC_VIEW,
      query: z.object({ status: z.string().optional(), type: z.string().optional(), pageNum: z.string().optional(), pageSize: z.string().optional() }),
      reply: pageOf(taskReply),
      handler: ({ services, query }) => {
        const all = services.tasks.list().filter((t) => (!query.status || t.status === query.status) && (!query.type || t.type === query.type));
        const { offset, limit } = paging(query);
        return table(all.slice(offset, offset + limit).map(present), all.length);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/async/task/:taskId',
      perm: 'login',
      params: z.object({ taskId: asyncTaskId }),
      reply: taskReply,
      // Whoever started a task may follow it (the content editor polls its save); monitors see all.
      handler: ({ services, params, actor }) => {
        const task = services.tasks.get(params.taskId);
        if (!task || (task.owner !== actor.userName && !hasPermission(actor, ASYNC_VIEW))) throw fail('resource.notFound');
        return present(task);
      },
    }),
    defineRoute({
      method: 'PUT',
      url: '/monitor/async/task/stop/:taskId',
      perm: 'monitor:async:stop',
      params: z.object({ taskId: asyncTaskId }),
      log: { title: 'oplog.asyncTask', type: 'OTHER' },
      reply: noData,
      handler: ({ services, params }) => {
        if (!services.tasks.stop(params.taskId)) throw fail('asyncTask.notRunning');
      },
    }),
    defineRoute({
      method: 'DELETE',
      url: '/monitor/async/task',
      perm: 'monitor:async:remove',
      body: z.array(asyncTaskId).min(1).max(500),
      log: { title: 'oplog.asyncTask', type: 'DELETE' },
      reply: z.object({ removed: z.int() }),
      handler: ({ services, body }) => ({ removed: services.tasks.remove(body) }),
    }),
  ],
};
