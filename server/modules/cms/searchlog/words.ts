import { and, asc, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { cmsSearchWord } from './schema.ts';

export interface HotWord {
  wordId: number;
  word: string;
  searchTotal: number;
  topFlag: number;
}

/** A site's hot search words (`cms_search_word` tag): set on top first (larger flag first), then the most searched. */
export async function hotWords(db: DbOrTx, siteId: number, limit: number): Promise<HotWord[]> {
  return db.select({ wordId: cmsSearchWord.wordId, word: cmsSearchWord.word, searchTotal: cmsSearchWord.searchTotal, topFlag: cmsSearchWord.topFlag })
    .from(cmsSearchWord).where(and(eq(cmsSearchWord.siteId, siteId)))
    .orderBy(desc(cmsSearchWord.topFlag), desc(cmsSearchWord.searchTotal), asc(cmsSearchWord.wordId)).limit(limit);
}
