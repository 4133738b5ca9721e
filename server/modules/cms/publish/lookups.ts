import { and, eq } from 'drizzle-orm';
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
      }).from(cmsContent).where(and(eq(cmsContent.contentId, contentId), eq(cmsContent.siteId, siteId)));
      return (stored as StoredContent | undefined) ?? null;
    },
    async chapterIds(contentId) {
      return (await db.select({ id: cmsBookChapter.chapterId }).from(cmsBookChapter).where(eq(cmsBookChapter.contentId, contentId))).map((c) => c.id);
    },
    deletedCatalog: (siteId, catalogId) => deletedCatalog(db, siteId, catalogId),
  };
}
