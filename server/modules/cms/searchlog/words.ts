import { and, asc, desc, eq, gt, or } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { cmsSearchWord } from './schema.ts';

export interface HotWord {
  wordId: number;
  word: string;
  searchTotal: number;
  topFlag: number;
}

/**
 * A site's hot search words (`cms_search_word` tag): set on top first (larger flag first), then the
 * most searched — of the words whose searches found something (or an editor set on top). Readers
 * choose what is searched: a word that finds nothing (a script, an advertisement, abuse typed in
 * the box again and again) is not offered on the site's pages, only counted in the console.
 */
export async function hotWords(db: DbOrTx, siteId: number, limit: number): Promise<HotWord[]> {
  return db.select({ wordId: cmsSearchWord.wordId, word: cmsSearchWord.word, searchTotal: cmsSearchWord.searchTotal, topFlag: cmsSearchWord.topFlag })
    .from(cmsSearchWord).where(and(eq(cmsSearchWord.siteId, siteId), or(gt(cmsSearchWord.foundTotal, 0), gt(cmsSearchWord.topFlag, 0))))
    .orderBy(desc(cmsSearchWord.topFlag), desc(cmsSearchWord.searchTotal), asc(cmsSearchWord.wordId)).limit(limit);
}
