import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { id } from '../../../../shared/validators/common.ts';
import { formatDateTime } from '../../../../shared/format.ts';
import { v } from '../../../../shared/validators/issues.ts';
import { defineRoute, noData, type AnyRoute } from '../../../core/route.ts';
import { pageOf, rowSchemaOf } from '../../../core/row-schema.ts';
import { readOf, writeOf } from '../../../core/operation.ts';
import { paging, table } from '../../../core/envelope.ts';
import { failAt } from '../../../core/errors.ts';
import { editsSite, publishesSite } from '../site/current.ts';
import { enqueue } from '../publish/enqueue.ts';
import { publishWorkerOf } from '../publish/service.ts';
import { cmsPushJob } from './schema.ts';
import { retryJob } from './dispatch.ts';
import { PUSH_TARGETS } from './targets.ts';

const PERMS = { view: 'cms:setting:view', edit: 'cms:setting:edit' } as const;
export const PUSH_STATUSES = ['PENDING', 'RUNNING', 'SUCCESS', 'FAILED'] as const;
/** URLs a log row shows of its job (a job holds up to 10,000); `urlCount` says how many it has. */
const URLS_SHOWN = 100;

const logQuery = z.object({
  target: z.enum(PUSH_TARGETS, { error: v('invalid') }).optional(),
  status: z.enum(PUSH_STATUSES, { error: v('invalid') }).optional(),
  pageNum: z.string().optional(),
  pageSize: z.string().optional(),
});

// The push log of the current site (search-engine pushes and CDN purges after publishes), and ChestnutCMS's "generate sitemap".
export const seoRoutes: AnyRoute[] = [
  defineRoute({
    method: 'GET', url: '/cms/seo/logs', perm: PERMS.view, site: true, query: logQuery,
    reply: pageOf(rowSchemaOf(cmsPushJob).omit({ urls: true, nextTime: true, createTime: true, endTime: true }).extend({
      urls: z.array(z.string()).describe(`the first ${URLS_SHOWN}`), urlCount: z.int(), nextTime: z.string(), createTime: z.string(), endTime: z.string(),
    })),
    handler: async (ctx) => {
      const op = readOf(ctx);
      const where: SQL[] = [eq(cmsPushJob.siteId, op.site.siteId)];
      if (ctx.query.target) where.push(eq(cmsPushJob.target, ctx.query.target));
      if (ctx.query.status) where.push(eq(cmsPushJob.status, ctx.query.status));
      const { offset, limit } = paging(ctx.query);
      const [rows, [total]] = await Promise.all([
        op.tx.select().from(cmsPushJob).where(and(...where)).orderBy(desc(cmsPushJob.jobId)).limit(limit).offset(offset),
        op.tx.select({ n: count() }).from(cmsPushJob).where(and(...where)),
      ]);
      // Times as every other list shows them (yyyy-MM-dd HH:mm:ss), not as ISO strings.
      return table(rows.map(({ urls, nextTime, createTime, endTime, ...r }) => ({
        ...r, urls: urls.slice(0, URLS_SHOWN), urlCount: urls.length,
        nextTime: formatDateTime(nextTime), createTime: formatDateTime(createTime), endTime: formatDateTime(endTime),
      })), Number(total?.n ?? 0));
    },
  }),
  // A finished push of the current site sent once more, its attempts counted afresh.
  defineRoute({
    method: 'POST', url: '/cms/seo/logs/:jobId/retry', perm: PERMS.edit, site: true, grants: [editsSite],
    params: z.object({ jobId: id() }),
    log: { title: 'oplog.pushRetry', type: 'OTHER' },
    reply: noData,
    handler: (ctx) => writeOf(ctx, async (op) => {
      if (!(await retryJob(op.tx, op.site.siteId, ctx.params.jobId))) throw failAt('jobId', 'settings.pushNotRetried');
    }),
  }),
  // ChestnutCMS's POST /cms/seo/sitemap: the sitemaps are written by the site's index task, so it is queued.
  defineRoute({
    method: 'POST', url: '/cms/seo/sitemap', perm: 'cms:site:publish', site: true, grants: [publishesSite],
    log: { title: 'oplog.sitemap', type: 'OTHER' },
    reply: noData,
    handler: async (ctx) => {
      await writeOf(ctx, (op) => enqueue(op.tx, [{ siteId: op.site.siteId, dataType: 'site', dataId: op.site.siteId }], op.actor.userName));
      if (ctx.services.config.publishWorker) publishWorkerOf(ctx.services).wake();
    },
  }),
];
