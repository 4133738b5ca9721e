import { inArray } from 'drizzle-orm';
import { defineRoute, type AnyRoute } from '../../../core/route.ts';
import { inTransaction, opBase } from '../../../core/operation.ts';
import { fail } from '../../../core/errors.ts';
import { permBit } from '../../../../src/lib/cms/perms.ts';
import { cmsSite } from '../site/schema.ts';
import { viewableSites } from '../site/current.ts';
import { cmsPublishTask } from './schema.ts';
import { clearReadyTasks, pendingTaskCount } from './queue.ts';

// The navbar's publish indicator (spec §4): the queue's length, and clearing what waits.
export const publishRoutes: AnyRoute[] = [
  defineRoute({
    method: 'GET',
    url: '/cms/publish/taskCount',
    perm: 'login',
    // Tasks of the sites the user may view: another site's queue is none of their business.
    handler: ({ db, actor }) => {
      const viewable = viewableSites(actor!);
      return pendingTaskCount(db, viewable && inArray(cmsPublishTask.siteId, db.select({ id: cmsSite.siteId }).from(cmsSite).where(viewable)));
    },
  }),
  defineRoute({
    method: 'DELETE',
    url: '/cms/publish/clear',
    perm: { anyOf: ['cms:site:publish', 'cms:content:publish'] },
    site: true,
    log: { title: 'oplog.publishClear', type: 'CLEAN' },
    handler: (ctx) =>
      inTransaction(opBase(ctx as never), async (op) => {
        if ((op.site!.bits & permBit('Site', 'Publish')) === 0) throw fail('cms.site.noPublish');
        await clearReadyTasks(op.tx, op.site!.siteId);
      }).then(() => undefined),
  }),
];
