import { and, eq, exists, ilike, sql } from 'drizzle-orm';
import { cmsContent } from '../content/schema.ts';
import { likePattern } from '../../../core/query.ts';
import { cmsXModelData } from './schema.ts';

/**
 * The content list's extension filter: contents whose searchable extension fields (marked
 * "Searchable" on the model's field) hold `text`, of the content's own site.
 */
export const contentExtendMatches = (text: string) => exists(
  sql`(select 1 from ${cmsXModelData} where ${and(
    eq(cmsXModelData.siteId, cmsContent.siteId), eq(cmsXModelData.dataType, 'content'), eq(cmsXModelData.ownerId, cmsContent.contentId),
    ilike(cmsXModelData.search, likePattern(text)),
  )})`,
);
