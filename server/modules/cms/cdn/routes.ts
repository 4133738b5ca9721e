import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { id } from '../../../../shared/validators/common.ts';
import { defineRoute, type AnyRoute } from '../../../core/route.ts';
import { writeOf, type SiteOp } from '../../../core/operation.ts';
import { fail } from '../../../core/errors.ts';
import { publishesSite, siteOutOfReach } from '../site/current.ts';
import { onCatalog } from '../catalog/needs.ts';
import { onContents } from '../content/needs.ts';
import { catalogsOf, publishedContentsOf, SiteAddresses } from '../seo/addresses.ts';
import { queuePushes } from '../seo/queue.ts';
import type { ChangedPage } from '../publish/pages.ts';
import { targetsOf, type PushTarget } from '../seo/targets.ts';
import { cmsSite } from '../site/schema.ts';

const refreshAll = () => z.boolean().optional();
const catalogToPurge = onCatalog('Publish', 'body.catalogId');
const contentToPurge = onContents('Publish', 'body.contentId');
const contentsToPush = onContents('Publish', 'body');

/**
 * Queues a push or purge asked for by hand, of the current site's pages, to `target` alone; the
 * push dispatcher sends it as it sends those after publishes (and logs it). A target the site has
 * not switched on is an error naming it.
 */
/** How many page addresses were queued. */
const queuedReply = z.object({ queued: z.int().min(0) });

export async function queueByHand(op: SiteOp, target: PushTarget, pages: ChangedPage[]) {
  const [site] = await op.tx.select({ configProps: cmsSite.configProps }).from(cmsSite).where(eq(cmsSite.siteId, op.site.siteId));
  if (!targetsOf(site?.configProps ?? {}).some((t) => t.target === target)) throw fail(target === 'cdn' ? 'settings.cdnOff' : 'settings.baiduOff');
  return { queued: await queuePushes(op.tx, op.site.siteId, pages, [target]) };
}

// ChestnutCMS's CDN refreshes (chestnut-cms-cdn) and its Baidu push of chosen contents: the pages'
// addresses in every pipe, queued as the publishes' are. ChestnutCMS asked only for a session; here
// each needs Publish on what it names (the site, the stored catalog, the stored contents).
export const cdnRoutes: AnyRoute[] = [
  defineRoute({
    method: 'POST', url: '/cms/cdn/refresh/site', perm: 'cms:site:publish', site: true, grants: [publishesSite],
    body: z.object({ siteId: id(), refreshAll: refreshAll() }),
    log: { title: 'oplog.cdnRefresh', type: 'OTHER' },
    reply: queuedReply,
    handler: (ctx) => writeOf(ctx, async (op) => {
      if (ctx.body.siteId !== op.site.siteId) throw siteOutOfReach();
      const addresses = await SiteAddresses.of(op);
      return queueByHand(op, 'cdn', addresses.site([...(await catalogsOf(op)).values()], !!ctx.body.refreshAll));
    }),
  }),
  defineRoute({
    method: 'POST', url: '/cms/cdn/refresh/catalog', perm: 'cms:catalog:publish', site: true, grants: [catalogToPurge],
    body: z.object({ catalogId: id(), refreshAll: refreshAll() }),
    log: { title: 'oplog.cdnRefresh', type: 'OTHER' },
    reply: queuedReply,
    handler: (ctx) => writeOf(ctx, async (op) => {
      const catalog = ctx.held.row(catalogToPurge);
      const contents = ctx.body.refreshAll ? await publishedContentsOf(op, catalog.catalogId) : [];
      return queueByHand(op, 'cdn', (await SiteAddresses.of(op)).catalog(catalog, contents));
    }),
  }),
  defineRoute({
    method: 'POST', url: '/cms/cdn/refresh/content', perm: 'cms:content:publish', site: true, grants: [contentToPurge],
    body: z.object({ contentId: id() }),
    log: { title: 'oplog.cdnRefresh', type: 'OTHER' },
    reply: queuedReply,
    handler: (ctx) => writeOf(ctx, async (op) => queueByHand(op, 'cdn', (await SiteAddresses.of(op)).contents([...ctx.held.all(contentToPurge)], await catalogsOf(op)))),
  }),
  // Body: the content ids (ChestnutCMS's List<Long>).
  defineRoute({
    method: 'POST', url: '/cms/seo/baidu_push', perm: 'cms:content:publish', site: true, grants: [contentsToPush],
    body: z.array(id()).min(1).max(500),
    log: { title: 'oplog.baiduPush', type: 'OTHER' },
    reply: queuedReply,
    handler: (ctx) => writeOf(ctx, async (op) => queueByHand(op, 'baidu', (await SiteAddresses.of(op)).contents([...ctx.held.all(contentsToPush)], await catalogsOf(op)))),
  }),
];
