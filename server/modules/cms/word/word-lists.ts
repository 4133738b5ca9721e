import { and, asc, count, eq, inArray, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { cmsErrorProneWord, cmsHotWord, cmsHotWordGroup, cmsSensitiveWord } from './schema.ts';
import { SensitiveChecker, type SensitiveEntry } from './sensitive.ts';
import { ErrorProneChecker } from './error-prone.ts';
import type { HotWordEntry } from './hot-links.ts';

/**
 * The word lists as compiled matchers, built once per version of their table and kept. A version is
 * a fingerprint read with one aggregate (rows, highest id, latest change): any add, edit or delete
 * changes it, on this server or another one sharing the database, so no restart and no message
 * between servers is needed.
 */
type Fingerprinted<T> = { version: string; value: T };

let sensitive: Fingerprinted<SensitiveChecker> | null = null;
let errorProne: Fingerprinted<ErrorProneChecker> | null = null;

const changed = (t: typeof cmsSensitiveWord | typeof cmsErrorProneWord | typeof cmsHotWord) =>
  sql<string>`coalesce(max(coalesce(${t.updateTime}, ${t.createTime})), 'epoch'::timestamptz)::text`;

async function versionOf(tx: DbOrTx, t: typeof cmsSensitiveWord | typeof cmsErrorProneWord): Promise<string> {
  const [r] = await tx.select({ n: count(), top: max(t.wordId), at: changed(t) }).from(t);
  return `${r?.n ?? 0}:${r?.top ?? 0}:${r?.at ?? ''}`;
}

/** The sensitive and whitelist words, compiled (one small aggregate per call while nothing changed). */
export async function sensitiveChecker(tx: DbOrTx): Promise<SensitiveChecker> {
  const version = await versionOf(tx, cmsSensitiveWord);
  if (sensitive?.version !== version) {
    const rows = await tx.select({ word: cmsSensitiveWord.word, type: cmsSensitiveWord.type, replaceWord: cmsSensitiveWord.replaceWord }).from(cmsSensitiveWord);
    sensitive = { version, value: new SensitiveChecker(rows as SensitiveEntry[]) };
  }
  return sensitive.value;
}

/** The sensitive and whitelist words as rows with their version (a render thread compiles them itself). */
export async function sensitiveListOf(tx: DbOrTx): Promise<{ version: string; entries: SensitiveEntry[] }> {
  const version = await versionOf(tx, cmsSensitiveWord);
  const rows = await tx.select({ word: cmsSensitiveWord.word, type: cmsSensitiveWord.type, replaceWord: cmsSensitiveWord.replaceWord }).from(cmsSensitiveWord);
  return { version, entries: rows as SensitiveEntry[] };
}

/** The error-prone words and their corrections, compiled. */
export async function errorProneChecker(tx: DbOrTx): Promise<ErrorProneChecker> {
  const version = await versionOf(tx, cmsErrorProneWord);
  if (errorProne?.version !== version) {
    const rows = await tx.select({ word: cmsErrorProneWord.word, replaceWord: cmsErrorProneWord.replaceWord }).from(cmsErrorProneWord);
    errorProne = { version, value: new ErrorProneChecker(rows) };
  }
  return errorProne.value;
}

/** Hot words of some of a site's groups (by code), with the version of the site's hot words: a render thread keeps its linker per version. */
export interface HotWordList {
  version: string;
  words: HotWordEntry[];
}

export async function hotWordsOf(tx: DbOrTx, siteId: number, codes: readonly string[]): Promise<HotWordList> {
  if (!codes.length) return { version: 'none', words: [] };
  const rows = await tx.select({ word: cmsHotWord.word, url: cmsHotWord.url, urlTarget: cmsHotWord.urlTarget, wordId: cmsHotWord.wordId, at: sql<string>`coalesce(${cmsHotWord.updateTime}, ${cmsHotWord.createTime})::text` })
    .from(cmsHotWord).innerJoin(cmsHotWordGroup, eq(cmsHotWordGroup.groupId, cmsHotWord.groupId))
    .where(and(eq(cmsHotWord.siteId, siteId), eq(cmsHotWordGroup.siteId, siteId), inArray(cmsHotWordGroup.code, [...codes])))
    .orderBy(asc(cmsHotWordGroup.sortFlag), asc(cmsHotWord.sortFlag), asc(cmsHotWord.wordId));
  // The rows themselves are the version: the list is small and read once per publish run and catalog.
  const version = `${siteId}:${codes.join(',')}:${rows.length}:${rows.reduce((v, r) => (v * 31 + r.wordId + hash(r.at + r.word + r.url + r.urlTarget)) % 2_147_483_647, 7)}`;
  return { version, words: rows.map(({ word, url, urlTarget }) => ({ word, url, urlTarget })) };
}

function hash(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (h * 33 + s.charCodeAt(i)) | 0;
  return h >>> 0;
}
