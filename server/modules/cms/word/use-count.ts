import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { cmsTagWord } from './schema.ts';

const clean = (tags: readonly unknown[] | null | undefined) => new Set((tags ?? []).filter((t): t is string => typeof t === 'string').map((t) => t.trim()).filter(Boolean));

/**
 * Keeps the site's tag words' use counts with its contents' tags, inside the content write's
 * transaction: words a content gained count +1, words it lost −1 (never below 0). A word in
 * several groups counts in each: each group's row is that word.
 */
export async function followTags(tx: DbOrTx, siteId: number, before: readonly unknown[] | null | undefined, after: readonly unknown[] | null | undefined): Promise<void> {
  const was = clean(before);
  const now = clean(after);
  const added = [...now].filter((t) => !was.has(t));
  const removed = [...was].filter((t) => !now.has(t));
  if (added.length) {
    await tx.update(cmsTagWord).set({ useCount: sql`${cmsTagWord.useCount} + 1` })
      .where(and(eq(cmsTagWord.siteId, siteId), inArray(cmsTagWord.word, added)));
  }
  if (removed.length) {
    await tx.update(cmsTagWord).set({ useCount: sql`greatest(${cmsTagWord.useCount} - 1, 0)` })
      .where(and(eq(cmsTagWord.siteId, siteId), inArray(cmsTagWord.word, removed)));
  }
}

/** Contents leaving (recycle bin) or coming back (restore, copy): each one's tags count down or up. */
export async function followContents(tx: DbOrTx, rows: readonly { siteId: number; tags: readonly unknown[] | null }[], direction: 'gone' | 'back'): Promise<void> {
  for (const r of rows) {
    if (!r.tags?.length) continue;
    await (direction === 'gone' ? followTags(tx, r.siteId, r.tags, []) : followTags(tx, r.siteId, [], r.tags));
  }
}
