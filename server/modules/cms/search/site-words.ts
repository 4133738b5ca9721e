import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { loadAnalyzer, normalize, type SiteWords } from './analyzer.ts';
import { cmsSearchDictWord } from './schema.ts';

/**
 * Each site's custom and stop words, as the analyzer takes them, kept in memory. Changing a site's
 * words (dict routes) forgets its entry, so the next text analyzed uses them: no restart. Another
 * server process sharing the database sees a change within MAX_AGE_MS.
 */
const cache = new Map<number, { words: SiteWords; at: number }>();
const MAX_AGE_MS = 60_000;

export async function siteWords(tx: DbOrTx, siteId: number): Promise<SiteWords> {
  const hit = cache.get(siteId);
  if (hit && Date.now() - hit.at < MAX_AGE_MS) return hit.words;
  const rows = await tx.select({ word: cmsSearchDictWord.word, type: cmsSearchDictWord.type }).from(cmsSearchDictWord).where(eq(cmsSearchDictWord.siteId, siteId));
  const e = await loadAnalyzer();
  // Stored as typed; compared as the analyzer sees text (simplified, lower case).
  const words = rows.filter((r) => r.type === 'WORD').map((r) => normalize(e, r.word).trim()).filter(Boolean);
  const stops = new Set(rows.filter((r) => r.type === 'STOP').map((r) => normalize(e, r.word).trim()).filter(Boolean));
  const value: SiteWords = { words, stops };
  cache.set(siteId, { words: value, at: Date.now() });
  return value;
}

/** A site's words changed: the next analysis reads them again. */
export function forgetSiteWords(siteId: number): void {
  cache.delete(siteId);
}
