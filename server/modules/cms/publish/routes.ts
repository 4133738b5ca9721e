import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import { id } from '../../../../shared/validators/common.ts';
import { v } from '../../../../shared/validators/issues.ts';
import { TEMPLATE_NAME_PATTERN } from '../../../../shared/cms/template-name.ts';
import { defineRoute, noData, type AnyRoute } from '../../../core/route.ts';
import { readOf, writeOf, type OpSource, type SiteOp, type SiteRef } from '../../../core/operation.ts';
import { cmsSite } from '../site/schema.ts';
import { publishesSite, viewableSites } from '../site/current.ts';
import { onCatalog } from '../catalog/needs.ts';
import type { Held } from '../../../core/grants.ts';

/** A catalog's publish needs Publish on the stored catalog (its sub-catalogs follow: a grant covers its subtree). */
const catalogToPublish = onCatalog('Publish', 'body.catalogId');
import { cmsPublishTask } from './schema.ts';
import { clearReadyTasks, pendingTaskCount } from './queue.ts';
import { PUBLISHABLE_STATUSES } from '../../../../shared/cms/content.ts';
import { publishCatalog, publishProgress, publishSite, publishTemplateUsers } from './operations.ts';
import { publishWorkerOf } from './service.ts';

const status = () => z.enum(PUBLISHABLE_STATUSES, { error: v('invalid') }).optional();
const flag = () => z.boolean().optional();
const siteBody = z.object({ siteId: id(), publishIndex: flag(), contentStatus: status() });
const catalogBody = z.object({ catalogId: id(), publishChild: flag(), publishDetail: flag(), publishStatus: status() });
const templateBody = z.object({ pipeCode: z.string().trim().min(1, v('required')).max(20, v('tooLong')), path: z.string().trim().min(1, v('required')).max(255, v('tooLong')).refine((s) => TEMPLATE_NAME_PATTERN.test(s), v('templateName')) });

/** How many pages a publish queued. */
const queuedReply = z.object({ queued: z.int().min(0) });

/** Queues in a transaction, then wakes this server's worker (when it runs one) so the pages start at once. */
const queueing = <B>(fn: (op: SiteOp, body: B, held: Held) => Promise<number>) =>
  async (ctx: OpSource<SiteRef> & { body: B; held: Held }) => {
    const queued = await writeOf(ctx, (op) => fn(op, ctx.body, ctx.held));
    if (ctx.services.config.publishWorker) publishWorkerOf(ctx.services).wake();
    return { queued };
  };


// The navbar's publish indicator (spec §4): the queue's length, and clearing what waits.
export const publishRoutes: AnyRoute[] = [
  // Site publish (ChestnutCMS body: siteId, publishIndex, contentStatus); the site is the checked current one.
  defineRoute({
    method: 'POST', url: '/cms/site/publish', perm: 'cms:site:publish', site: true, grants: [publishesSite], body: siteBody,
    log: { title: 'oplog.publishSite', type: 'OTHER' },
    reply: queuedReply,
    handler: queueing(publishSite),
  }),
  // Catalog publish (catalogId, publishChild, publishDetail, publishStatus): Publish on the stored catalog.
  defineRoute({
    method: 'POST', url: '/cms/catalog/publish', perm: 'cms:catalog:publish', site: true, grants: [catalogToPublish], body: catalogBody,
    log: { title: 'oplog.publishCatalog', type: 'OTHER' },
    reply: queuedReply,
    handler: queueing((op, body, held) => publishCatalog(op, held.row(catalogToPublish), body)),
  }),
  // The workbench's "republish what uses it" after a template save.
  defineRoute({
    method: 'POST', url: '/cms/publish/template', perm: 'cms:template:edit', site: true, grants: [publishesSite], body: templateBody,
    log: { title: 'oplog.publishTemplate', type: 'OTHER' },
    reply: queuedReply,
    handler: queueing(publishTemplateUsers),
  }),
  // The progress view: done / total of the current site's run, each failure with template, line and message.
  defineRoute({
    method: 'GET', url: '/cms/publish/progress', perm: 'login', site: true,
    reply: z.object({
      startTime: z.string().nullable(), total: z.number(), done: z.number(), failed: z.number(), running: z.number(), waiting: z.number(),
      failures: z.array(z.looseObject({ taskId: z.int(), message: z.string() })),
    }),
    handler: (ctx) => publishProgress(readOf(ctx), ctx.t),
  }),
  defineRoute({
    method: 'GET',
    url: '/cms/publish/taskCount',
    perm: 'login',
    reply: z.number().int().min(0).describe('units of publishing waiting or running'),
    // Tasks of the sites the user may view: another site's queue is none of their business.
    handler: ({ db, actor }) => {
      const viewable = viewableSites(actor);
      return pendingTaskCount(db, viewable && inArray(cmsPublishTask.siteId, db.select({ id: cmsSite.siteId }).from(cmsSite).where(viewable)));
    },
  }),
  defineRoute({
    method: 'DELETE',
    url: '/cms/publish/clear',
    perm: { anyOf: ['cms:site:publish', 'cms:content:publish'] },
    site: true,
    grants: [publishesSite],
    log: { title: 'oplog.publishClear', type: 'CLEAN' },
    reply: noData,
    handler: (ctx) => writeOf(ctx, (op) => clearReadyTasks(op.tx, op.site.siteId)).then(() => undefined),
  }),
];
