import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { FieldFailure } from '../../../core/errors.ts';
import { VOTE_MAX_ITEMS } from '../../../../shared/cms/vote.ts';
import { cmsVoteSubjectItem } from './schema.ts';

/** The options a subject's "one per line" text names: trimmed, blank lines and repeats dropped. */
export function itemLinesOf(text: string | undefined | null): string[] {
  const seen = new Set<string>();
  for (const line of (text ?? '').split(/\r?\n/)) {
    const t = line.trim();
    if (t && !seen.has(t)) seen.add(t);
  }
  return [...seen];
}

/**
 * Makes a subject's options the lines given, in their order: an option whose text is unchanged
 * keeps its row (and the submissions counted for it), a new line gets a row, a line gone takes
 * its row with it. A text-input subject has none.
 */
export async function saveItems(tx: DbOrTx, subject: { subjectId: number; voteId: number; siteId: number; type: string }, lines: string[]) {
  const refuse = (key: string, params: Record<string, unknown> = {}) => new FieldFailure([{ field: 'itemLines', key, params }], 'voteSubject');
  if (subject.type === 'input') lines = [];
  else if (lines.length === 0) throw refuse('required');
  if (lines.length > VOTE_MAX_ITEMS) throw refuse('tooMany', { max: VOTE_MAX_ITEMS });
  if (lines.some((l) => l.length > 500)) throw refuse('tooLong', { max: 500 });
  const existing = await tx.select().from(cmsVoteSubjectItem).where(eq(cmsVoteSubjectItem.subjectId, subject.subjectId));
  const byText = new Map(existing.map((r) => [r.content, r]));
  const kept = new Set<number>();
  for (const [i, content] of lines.entries()) {
    const row = byText.get(content);
    if (row) {
      kept.add(row.itemId);
      if (row.sortFlag !== i) await tx.update(cmsVoteSubjectItem).set({ sortFlag: i }).where(eq(cmsVoteSubjectItem.itemId, row.itemId));
    } else {
      await tx.insert(cmsVoteSubjectItem).values({ siteId: subject.siteId, voteId: subject.voteId, subjectId: subject.subjectId, content, sortFlag: i });
    }
  }
  const gone = existing.filter((r) => !kept.has(r.itemId)).map((r) => r.itemId);
  if (gone.length) await tx.delete(cmsVoteSubjectItem).where(inArray(cmsVoteSubjectItem.itemId, gone));
}

/** The options of the subjects given, by subject, in their order. */
export async function itemsBySubject(tx: DbOrTx, subjectIds: number[]) {
  const out = new Map<number, (typeof cmsVoteSubjectItem.$inferSelect)[]>();
  if (!subjectIds.length) return out;
  const rows = await tx.select().from(cmsVoteSubjectItem)
    .where(and(inArray(cmsVoteSubjectItem.subjectId, subjectIds)))
    .orderBy(asc(cmsVoteSubjectItem.sortFlag), asc(cmsVoteSubjectItem.itemId));
  for (const r of rows) out.set(r.subjectId, [...(out.get(r.subjectId) ?? []), r]);
  return out;
}
