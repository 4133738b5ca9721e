import { defineRoute, type AnyRoute } from '../../../core/route.ts';
import { readOf } from '../../../core/operation.ts';
import { previewParams, previewQuery, PREVIEW_TYPES } from '../../../../shared/validators/preview.ts';
import { previewPage } from './preview.ts';
import { consoleOriginOf } from './preview-tickets.ts';
import { previewed } from './preview-access.ts';
import { siteOutOfReach } from '../site/current.ts';
import { fail } from '../../../core/errors.ts';
import { z } from 'zod';

/** shared/validators/preview.ts PreviewReply: the page's facts and where its frame shows it. */
const previewReply = z.object({
  type: z.enum(PREVIEW_TYPES), id: z.int(), siteId: z.int(), title: z.string(), pipeCode: z.string(),
  pipes: z.array(z.object({ code: z.string(), name: z.string() })), pageNo: z.int(), pageTotal: z.int(), chapterId: z.int().nullable(),
  template: z.string(), publishedUrl: z.string().nullable(), frameUrl: z.string(),
});

/**
 * The preview (spec §2 /cms/preview): signed-in users, each object checked against the reader's
 * grants on its own site and catalog (preview.ts). Nothing is logged; the page is kept a few
 * minutes under a ticket for the sites' port to show (preview-tickets.ts).
 */
export const previewRoutes: AnyRoute[] = [
  defineRoute({
    method: 'GET', url: '/cms/preview/:type/:id', perm: 'login', params: previewParams, query: previewQuery,
    grants: [previewed],
    reply: previewReply,
    handler: (ctx) => {
      // Id 0 names nothing: not found, as any object out of reach.
      const object = ctx.held.one(previewed);
      if (!object) throw ctx.params.type === 'site' ? siteOutOfReach() : fail(ctx.params.type === 'catalog' ? 'cms.catalog.notFound' : 'cms.content.notFound');
      return previewPage(readOf(ctx), object, ctx.query, consoleOriginOf(ctx.req, ctx.services.config));
    },
  }),
];
