import { and, eq, inArray, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { v } from '../../../../shared/validators/issues.ts';
import { ContentStatus } from '../../../../shared/cms/content.ts';
import { publicRoute } from '../public-api/route.ts';
import { selectedRow } from '../../../core/row-schema.ts';
import { cmsContent } from './schema.ts';

/** At most this many ids per call (a list page shows a few dozen). */
export const CONTENT_DATA_MAX_IDS = 100;

const dataQuery = z.object({
  ids: z.string().trim().regex(/^\d{1,16}(?:,\d{1,16})*$/, v('invalid')).transform((s) => [...new Set(s.split(',').map(Number))]).refine((ids) => ids.length <= CONTENT_DATA_MAX_IDS, v('invalid')),
});

/**
 * ChestnutCMS's `GET /api/cms/content/data?ids=1,2`: the live counts of published contents of the
 * site (pages are published with the counts of their day; the readers' script brings them up to
 * date). Another site's content, an unpublished one and one in the recycle bin (which keeps its
 * status to come back to) are left out, as if they did not exist.
 */
export const contentPublicRoutes = [
  publicRoute({
    method: 'GET', url: '/api/cms/content/data', query: dataQuery,
    reply: z.array(selectedRow({ contentId: cmsContent.contentId, views: cmsContent.viewCount, likes: cmsContent.likeCount, favorites: cmsContent.favoriteCount, comments: cmsContent.commentCount })),
    handler: async ({ services, site, query }) => {
      const { ids } = query as { ids: number[] };
      const rows = await services.db
        .select({ contentId: cmsContent.contentId, views: cmsContent.viewCount, likes: cmsContent.likeCount, favorites: cmsContent.favoriteCount, comments: cmsContent.commentCount })
        .from(cmsContent)
        .where(and(eq(cmsContent.siteId, site!.siteId), eq(cmsContent.status, ContentStatus.PUBLISHED), isNull(cmsContent.recycleTime), inArray(cmsContent.contentId, ids)));
      return rows;
    },
  }),
];
