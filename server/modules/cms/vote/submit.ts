import { and, count, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { AppError, fail, ReplyCode } from '../../../core/errors.ts';
import type { MemberCaller } from '../member/session.ts';
import { cmsVote, cmsVoteLog, cmsVoteSubjectItem } from './schema.ts';
import { openState, readerVote, subjectsOf, type VoteRow } from './form.ts';
import { checkAnswers, type SubmitBody } from './answers.ts';

/** Who submits: the site the request is for, the signed-in member if any, the address. */
export interface Voter {
  siteId: number;
  member: MemberCaller | null;
  ip: string;
  userAgent?: string;
}

/**
 * What a vote's limits count: the member on a members-only vote, the address on one open to
 * anyone (a member voting there is counted by address too, like everyone else).
 */
export const voterKeyOf = (vote: Pick<VoteRow, 'userType'>, voter: Pick<Voter, 'member' | 'ip'>) =>
  vote.userType === 'member' && voter.member ? `m:${voter.member.memberId}` : `ip:${voter.ip}`;

/**
 * The advisory-lock namespace of vote submissions ("vote" in ASCII), the first of the two keys of
 * pg_advisory_xact_lock; the second is a hash of (vote, voter).
 */
const VOTE_LOCK_SPACE = 0x766f7465;

/** The server's day a limit per day counts in: from local midnight. */
export function dayStartOf(now: Date): Date {
  const d = new Date(now);
  d.setHours(0, 0, 0, 0);
  return d;
}

/** How many times this voter has submitted this vote: in all, and since `dayStart`. */
export async function votesOf(db: DbOrTx, voteId: number, voterKey: string, dayStart: Date) {
  const [row] = await db.select({ total: count(), today: sql<number>`count(*) filter (where ${gte(cmsVoteLog.logTime, dayStart)})` })
    .from(cmsVoteLog).where(and(eq(cmsVoteLog.voteId, voteId), eq(cmsVoteLog.voterKey, voterKey)));
  return { total: Number(row?.total ?? 0), today: Number(row?.today ?? 0) };
}

/**
 * Stores one submission, or refuses it. The vote's limits hold exactly however many submissions of
 * one voter arrive at once, on one process or on several sharing the database: the count and the
 * insert happen in one transaction holding a transaction-scoped advisory lock on (vote, voter),
 * so a second submission of the same voter waits for the first to commit and then counts it.
 * Other voters' submissions take other locks and do not wait (a hash collision only makes two
 * voters wait for each other). PGlite has one connection and runs transactions one at a time;
 * the lock is taken there too, so the same code is proven on both.
 */
export async function submitVote(db: Db, voter: Voter, body: SubmitBody, now = new Date()): Promise<{ logId: number; voteId: number }> {
  const vote = await readerVote(db, voter.siteId, { voteId: body.voteId });
  if (!vote) throw fail('vote.notFound');
  const state = openState(vote, now);
  if (state !== 'open') throw fail(state);
  if (vote.userType === 'member' && !voter.member) throw new AppError('vote.membersOnly', {}, ReplyCode.UNAUTHORIZED);
  const subjects = await subjectsOf(db, vote.voteId);
  const answers = checkAnswers(subjects.map((s) => ({ subjectId: s.subjectId, type: s.type, title: s.title, itemIds: s.items.map((i) => i.itemId) })), body.subjects);
  const voterKey = voterKeyOf(vote, voter);

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${VOTE_LOCK_SPACE}::int, hashtext(${`${vote.voteId}:${voterKey}`}))`);
    const done = await votesOf(tx, vote.voteId, voterKey, dayStartOf(now));
    if (vote.totalLimit > 0 && done.total >= vote.totalLimit) throw fail('vote.totalLimit', { max: vote.totalLimit });
    if (vote.dayLimit > 0 && done.today >= vote.dayLimit) throw fail('vote.dayLimit', { max: vote.dayLimit });
    const [log] = await tx.insert(cmsVoteLog).values({
      siteId: vote.siteId, voteId: vote.voteId, voterKey, memberId: voter.member?.memberId ?? null,
      ip: voter.ip.slice(0, 128), userAgent: (voter.userAgent ?? '').slice(0, 300), result: answers, logTime: now,
    }).returning({ logId: cmsVoteLog.logId });
    await tx.update(cmsVote).set({ total: sql`${cmsVote.total} + 1` }).where(eq(cmsVote.voteId, vote.voteId));
    const chosen = answers.flatMap((a) => a.itemIds ?? []);
    if (chosen.length) {
      await tx.update(cmsVoteSubjectItem).set({ total: sql`${cmsVoteSubjectItem.total} + 1` })
        .where(and(eq(cmsVoteSubjectItem.voteId, vote.voteId), inArray(cmsVoteSubjectItem.itemId, chosen)));
    }
    return { logId: log!.logId, voteId: vote.voteId };
  });
}
