import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { VoteStatus } from '../../../../shared/cms/vote.ts';
import { cmsVote, cmsVoteSubject } from './schema.ts';
import { itemsBySubject } from './items.ts';

export type VoteRow = typeof cmsVote.$inferSelect;

/**
 * A site's vote as readers may see it: by id or code, of that site only (another site's vote is
 * none, whatever id the request names), never a stopped one. Closed and out-of-time votes are
 * still found (their form says so; submitting is refused).
 */
export async function readerVote(db: DbOrTx, siteId: number, by: { voteId: number } | { code: string }): Promise<VoteRow | null> {
  const [row] = await db.select().from(cmsVote)
    .where(and(eq(cmsVote.siteId, siteId), 'voteId' in by ? eq(cmsVote.voteId, by.voteId) : eq(cmsVote.code, by.code)));
  return row && row.status !== VoteStatus.STOPPED ? row : null;
}

/** Where a vote stands for submissions now: open, or why not (a message key). */
export function openState(vote: VoteRow, now = new Date()): 'open' | 'vote.closed' | 'vote.notStarted' | 'vote.ended' {
  if (vote.status !== VoteStatus.NORMAL) return 'vote.closed';
  if (vote.startTime && vote.startTime.getTime() > now.getTime()) return 'vote.notStarted';
  if (vote.endTime && vote.endTime.getTime() <= now.getTime()) return 'vote.ended';
  return 'open';
}

/** A vote's subjects with their options, in order. */
export async function subjectsOf(db: DbOrTx, voteId: number) {
  const subjects = await db.select().from(cmsVoteSubject).where(eq(cmsVoteSubject.voteId, voteId))
    .orderBy(asc(cmsVoteSubject.sortFlag), asc(cmsVoteSubject.subjectId));
  const items = await itemsBySubject(db, subjects.map((s) => s.subjectId));
  return subjects.map((s) => ({ ...s, items: items.get(s.subjectId) ?? [] }));
}
export type SubjectWithItems = Awaited<ReturnType<typeof subjectsOf>>[number];
