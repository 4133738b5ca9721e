import { z } from 'zod';
import { v } from './issues.ts';

/** GET /cms/site/list (the site picker's dialog and, later, the site screen). */
export const siteListQuery = z.object({
  siteName: z.string().trim().max(100, v('tooLong')).optional(),
  pageNum: z.string().optional(),
  pageSize: z.string().optional(),
});
export type SiteListQuery = z.infer<typeof siteListQuery>;

/** POST /cms/site/setCurrentSite/:siteId */
export const siteIdParams = z.object({ siteId: z.string().regex(/^\d{1,18}$/, v('invalid')).transform(Number) });
