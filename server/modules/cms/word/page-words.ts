import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { cmsCatalog } from '../catalog/schema.ts';
import { hotWordsOf, sensitiveListOf } from './word-lists.ts';
import { wordSettingsOf } from './on-save.ts';
import type { PageHotWords, PageSensitiveWords } from './render-words.ts';

const codesOf = (s: string | null | undefined) => (s ?? '').split(',').map((c) => c.trim()).filter(Boolean);

/**
 * The hot words a page's body links (template/data.ts answers `hotWords` with this): a named group's,
 * else the catalog's own group, else the site's HotWordGroups; at most HotWordMaxReplace links a page.
 */
export async function hotWordsForPage(db: DbOrTx, siteId: number, catalogId: number, group: string): Promise<PageHotWords> {
  const settings = await wordSettingsOf(db, siteId);
  let codes = codesOf(group);
  if (!codes.length && catalogId > 0) {
    const [c] = await db.select({ group: cmsCatalog.hotWordGroup }).from(cmsCatalog).where(eq(cmsCatalog.catalogId, catalogId));
    codes = codesOf(c?.group);
  }
  if (!codes.length) codes = codesOf(settings.HotWordGroups);
  const list = await hotWordsOf(db, siteId, codes);
  return { ...list, max: Number(settings.HotWordMaxReplace) || 0 };
}

/** The sensitive words as a template's replaceSensitiveWord masks them, with the site's replacement. */
export async function sensitiveWordsForPage(db: DbOrTx, siteId: number): Promise<PageSensitiveWords> {
  const settings = await wordSettingsOf(db, siteId);
  return { ...(await sensitiveListOf(db)), replacement: settings.SensitiveWordReplacement ?? '***' };
}
