import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { defineRoute, type AnyRoute } from '../../../core/route.ts';
import { readOf, type SiteRef } from '../../../core/operation.ts';
import { resourceOperations } from '../../../core/resource.ts';
import { routesOf, statusRoute } from '../../../core/resource-routes.ts';
import { publishPipeResource } from '../../../../shared/resources/cms/publish-pipe.ts';
import { cmsSite } from '../site/schema.ts';
import { editsSite } from '../site/current.ts';
import { cmsPublishPipe } from './schema.ts';
import { installDefaultTheme } from '../template/default-theme/install.ts';

export const pipes = resourceOperations<SiteRef>(publishPipeResource, cmsPublishPipe, {
  siteColumn: 'siteId',
  // Changing a site's pipes is editing the site: the actor needs Edit on the current site.
  access: { create: editsSite, update: editsSite, remove: editsSite },
  afterSave(op, row, _body, mode) {
    // A new pipe starts with the default theme (templates a pipe of the same code left behind stay).
    if (mode !== 'create') return;
    const code = row.code as string;
    const sitePath = op.site.path;
    op.afterCommit(() => installDefaultTheme(op.services.config.dataDir, sitePath, code, op.locale));
  },
  async beforeRemove(op, rows) {
    // The site forgets the props of its deleted pipes (a new pipe of the same code starts afresh).
    const [site] = await op.tx.select({ props: cmsSite.publishPipeProps }).from(cmsSite).where(eq(cmsSite.siteId, op.site.siteId));
    if (!site) return;
    const props = { ...site.props };
    for (const r of rows) delete props[r.code as string];
    await op.tx.update(cmsSite).set({ publishPipeProps: props }).where(eq(cmsSite.siteId, op.site.siteId));
  },
});

export const pipeRoutes: AnyRoute[] = [
  ...routesOf(pipes),
  statusRoute(pipes, publishPipeResource.perms.edit!),
  defineRoute({
    method: 'GET',
    url: `${publishPipeResource.api}/selectData`,
    perm: 'login',
    site: true,
    reply: z.array(z.object({ pipeCode: z.string(), pipeName: z.string() })),
    // The current site's enabled pipes, for pickers (content pipes, template lists).
    handler: async (ctx) => {
      const op = readOf(ctx);
      return op.tx.select({ pipeCode: cmsPublishPipe.code, pipeName: cmsPublishPipe.name }).from(cmsPublishPipe)
        .where(and(eq(cmsPublishPipe.siteId, op.site.siteId), inArray(cmsPublishPipe.status, ['0'])))
        .orderBy(asc(cmsPublishPipe.sort), asc(cmsPublishPipe.pipeId));
    },
  }),
];
