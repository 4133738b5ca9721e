import type { DbOrTx } from '../../../db/client.ts';
import { openState, readerVote, subjectsOf } from './form.ts';
import type { VoteMarkup } from './vote-html.ts';

/** A site's vote by code as a page prints it (`cms_vote`), or null for none, a stopped one or another site's. */
export async function voteMarkup(db: DbOrTx, siteId: number, code: string): Promise<VoteMarkup | null> {
  const vote = code ? await readerVote(db, siteId, { code }) : null;
  if (!vote) return null;
  const subjects = await subjectsOf(db, vote.voteId);
  return {
    voteId: vote.voteId, siteId: vote.siteId, code: vote.code, title: vote.title, userType: vote.userType, viewType: vote.viewType, state: openState(vote),
    subjects: subjects.map((s) => ({ subjectId: s.subjectId, title: s.title, type: s.type, items: s.items.map((i) => ({ itemId: i.itemId, content: i.content })) })),
  };
}
