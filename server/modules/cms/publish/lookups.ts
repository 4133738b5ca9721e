import { and, eq, sql } from 'drizzle-orm';
import { ContentStatus } from '../../../../shared/cms/content.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { cmsBookChapter, cmsContent } from '../content/schema.ts';
import { deletedCatalog } from './catalog-removal.ts';
import type { PublishLookups, StoredContent } from './pages.ts';

/** The publisher's lookups (pages.ts) on this database. */
export function dbLookups(db: DbOrTx): PublishLookups {
  return {
    async storedContent(siteId, contentId) {
      const [stored] = await db.select({
        contentId: cmsContent.contentId, catalogId: cmsContent.catalogId, contentType: cmsContent.contentType, staticPath: cmsContent.staticPath,
        linkFlag: cmsContent.linkFlag, redirectUrl: cmsContent.redirectUrl, status: cmsContent.status,
        // Of the live contents with this static path (two could share one saved before saves refused it), the one whose
        // page it is: a published one first, then the oldest.
        staticPathOwner: sql<number | null>`(select o.content_id from ${cmsContent} o where o.site_id = "cms_content"."site_id" and o.recycle_time is null
          and lower(o.static_path) = lower("cms_content"."static_path") order by (o.status in (${ContentStatus.PUBLISHED}, ${ContentStatus.EDITING})) desc, o.content_id limit 1)`.mapWith(Number),
      }).from(cmsContent).where(and(eq(cmsContent.contentId, contentId), eq(cmsContent.siteId, siteId)));
      return (stored as StoredContent | undefined) ?? null;
    },
    async chapterIds(contentId) {
      return (await db.select({ id: cmsBookChapter.chapterId }).from(cmsBookChapter).where(eq(cmsBookChapter.contentId, contentId))).map((c) => c.id);
    },
    deletedCatalog: (siteId, catalogId) => deletedCatalog(db, siteId, catalogId),
  };
}
