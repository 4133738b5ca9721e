import { formatDateTime } from '../../../../shared/format.ts';
import { VoteViewType } from '../../../../shared/cms/vote.ts';
import { AppError, fail, ReplyCode } from '../../../core/errors.ts';
import { publicRoute, type PublicCall, type PublicRoute } from '../public-api/route.ts';
import { openState, readerVote, subjectsOf, type VoteRow } from './form.ts';
import { submitBody } from './answers.ts';
import { dayStartOf, submitVote, voterKeyOf, votesOf } from './submit.ts';
import { resultsOf } from './results.ts';

/** The vote a path names, of the request's site, never a stopped one; else "no such vote" (whichever the reason). */
async function voteOfPath(call: PublicCall): Promise<VoteRow> {
  const raw = call.params.voteId ?? '';
  const vote = /^\d{1,15}$/.test(raw) && call.site ? await readerVote(call.services.db, call.site.siteId, { voteId: Number(raw) }) : null;
  if (!vote) throw fail('vote.notFound');
  return vote;
}

/** How many times the caller has voted (in all and today), as the vote's limits count them; none for a guest on a members-only vote. */
async function mineOf(call: PublicCall, vote: VoteRow) {
  if (vote.userType === 'member' && !call.member) return { total: 0, today: 0 };
  return votesOf(call.services.db, vote.voteId, voterKeyOf(vote, call), dayStartOf(new Date()));
}

/** Whether this caller may see the results now (the vote's view type), or the reason they may not. */
export async function resultRefusal(call: PublicCall, vote: VoteRow): Promise<string | null> {
  if (vote.viewType === VoteViewType.ALWAYS) return null;
  if (vote.viewType === VoteViewType.NEVER) return 'vote.resultHidden';
  return (await mineOf(call, vote)).total > 0 ? null : 'vote.resultAfterVote';
}

/**
 * The readers' vote API (ChestnutCMS /api/vote…), per site: a vote is answered only to a request
 * for its own site. Submissions count against `votePerIp` and the vote's own limits (submit.ts).
 */
export const VOTE_PUBLIC_ROUTES: PublicRoute[] = [
  /** The form's data: the vote, whether it is open, its subjects and options, and how often the caller has voted. */
  publicRoute({
    method: 'GET', url: '/api/vote/:voteId',
    handler: async (call) => {
      const vote = await voteOfPath(call);
      const subjects = await subjectsOf(call.services.db, vote.voteId);
      const mine = await mineOf(call, vote);
      return {
        voteId: vote.voteId, code: vote.code, title: vote.title, userType: vote.userType, viewType: vote.viewType,
        startTime: vote.startTime ? formatDateTime(vote.startTime) : null, endTime: vote.endTime ? formatDateTime(vote.endTime) : null,
        dayLimit: vote.dayLimit, totalLimit: vote.totalLimit, state: openState(vote), total: vote.total,
        voted: mine.total, votedToday: mine.today, resultVisible: (await resultRefusal(call, vote)) === null,
        subjects: subjects.map((s) => ({ subjectId: s.subjectId, title: s.title, type: s.type, items: s.items.map((i) => ({ itemId: i.itemId, content: i.content })) })),
      };
    },
  }),
  /** A submission: `{ voteId, subjects: [{ subjectId, itemIds | itemId | text }] }` (or a plain form's fields, answers.ts). */
  publicRoute({
    method: 'POST', url: '/api/vote', body: submitBody, fields: 'vote',
    limits: [{ name: 'votePerIp', per: 'ip' }],
    handler: async (call) => {
      const site = call.site!;
      return submitVote(call.services.db, { siteId: site.siteId, member: call.member, ip: call.ip, userAgent: call.userAgent }, call.body);
    },
  }),
  /** The results, as the vote's view type allows: counts and shares per option (text answers stay in the console). */
  publicRoute({
    method: 'GET', url: '/api/vote/result/:voteId',
    handler: async (call) => {
      const vote = await voteOfPath(call);
      const refusal = await resultRefusal(call, vote);
      if (refusal) throw new AppError(refusal, {}, refusal === 'vote.resultAfterVote' && vote.userType === 'member' && !call.member ? ReplyCode.UNAUTHORIZED : ReplyCode.FAIL);
      return resultsOf(call.services.db, vote, { texts: false });
    },
  }),
];
