import { z } from 'zod';
import { formatDateTime } from '../../../../shared/format.ts';
import { VoteViewType } from '../../../../shared/cms/vote.ts';
import { AppError, FieldFailure, fail, ReplyCode } from '../../../core/errors.ts';
import { publicRoute, type PublicCall, type PublicRoute } from '../public-api/route.ts';
import { openState, readerVote, subjectsOf, type VoteRow } from './form.ts';
import { submitBody, type SubmitBody } from './answers.ts';
import { dayStartOf, submitVote, voterKeyOf, votesOf } from './submit.ts';
import { resultsOf, voteResultReply } from './results.ts';
import { escapeHtml } from '../template/html.ts';
import { selectedRow } from '../../../core/row-schema.ts';
import { cmsVote } from './schema.ts';
import { backOf, isPlainForm, resultsHtml, sendReaderPage } from './reader-page.ts';

/** `GET /api/vote/:voteId`: the form's data (times as text; `total` null while the results are hidden from this caller). */
const voteFormReply = selectedRow({
  voteId: cmsVote.voteId, code: cmsVote.code, title: cmsVote.title, userType: cmsVote.userType, viewType: cmsVote.viewType, dayLimit: cmsVote.dayLimit, totalLimit: cmsVote.totalLimit,
}).extend({
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  state: z.enum(['open', 'vote.closed', 'vote.notStarted', 'vote.ended']),
  total: z.int().nullable(),
  voted: z.int(),
  votedToday: z.int(),
  resultVisible: z.boolean(),
  subjects: z.array(z.object({ subjectId: z.int(), title: z.string(), type: z.string(), items: z.array(z.object({ itemId: z.int(), content: z.string() })) })),
});

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

/** Whether this caller may see the results now (the vote's view type), or the refusal saying why not. */
async function resultRefusal(call: PublicCall, vote: VoteRow): Promise<AppError | null> {
  if (vote.viewType === VoteViewType.ALWAYS) return null;
  if (vote.viewType === VoteViewType.NEVER) return fail('vote.resultHidden');
  if ((await mineOf(call, vote)).total > 0) return null;
  return new AppError('vote.resultAfterVote', {}, vote.userType === 'member' && !call.member ? ReplyCode.UNAUTHORIZED : ReplyCode.FAIL);
}

/** A refusal as a reader without script reads it: the message in their language. */
function messageOf(call: PublicCall, err: unknown): string | null {
  if (err instanceof AppError) return call.services.i18n.translator(call.locale)(err.key, err.params);
  if (err instanceof FieldFailure && err.issues[0]) return call.services.i18n.issueText(call.locale, err.issues[0], err.scope);
  return null;
}

/** The results page for a reader without script (the `cms_vote` tag links it), or a refusal page. */
async function resultPage(call: PublicCall, vote: VoteRow, heading: string, status = 200) {
  const t = call.services.i18n.translator(call.locale);
  const refusal = await resultRefusal(call, vote);
  const body = refusal ? `<p>${escapeHtml(t(refusal.key))}</p>` : resultsHtml(await resultsOf(call.services.db, vote, { texts: false }), (count) => t('vote.votes', { count }));
  // A refusal answers with its HTTP status (401 for a guest on a members-only vote, 403 otherwise), as the envelope does.
  const code = refusal ? (refusal.code === ReplyCode.UNAUTHORIZED ? 401 : 403) : status;
  return sendReaderPage(call.reply, { status: code, lang: call.locale, title: heading, body, back: backOf(call.req), backText: t('vote.back') });
}

/**
 * The readers' vote API (ChestnutCMS /api/vote…), per site: a vote is answered only to a request
 * for its own site. Submissions count against `votePerIp` and the vote's own limits (submit.ts).
 * A plain HTML form (the `cms_vote` tag on a page without script) is answered with an HTML page:
 * thanks and the results as the vote's view type allows, or the refusal; scripts get the envelope.
 */
export const VOTE_PUBLIC_ROUTES: PublicRoute[] = [
  /** The form's data: the vote, whether it is open, its subjects and options, and how often the caller has voted. */
  publicRoute({
    method: 'GET', url: '/api/vote/:voteId',
    reply: voteFormReply,
    handler: async (call) => {
      const vote = await voteOfPath(call);
      const subjects = await subjectsOf(call.services.db, vote.voteId);
      const mine = await mineOf(call, vote);
      const resultVisible = (await resultRefusal(call, vote)) === null;
      return {
        voteId: vote.voteId, code: vote.code, title: vote.title, userType: vote.userType, viewType: vote.viewType,
        startTime: vote.startTime ? formatDateTime(vote.startTime) : null, endTime: vote.endTime ? formatDateTime(vote.endTime) : null,
        // How many took part is part of the results: null while the vote does not show them to this caller.
        dayLimit: vote.dayLimit, totalLimit: vote.totalLimit, state: openState(vote), total: resultVisible ? vote.total : null,
        voted: mine.total, votedToday: mine.today, resultVisible,
        subjects: subjects.map((s) => ({ subjectId: s.subjectId, title: s.title, type: s.type, items: s.items.map((i) => ({ itemId: i.itemId, content: i.content })) })),
      };
    },
  }),
  /** A submission: `{ voteId, subjects: [{ subjectId, itemIds | itemId | text }] }` (or a plain form's fields, answers.ts). */
  publicRoute({
    method: 'POST', url: '/api/vote', body: submitBody, fields: 'vote',
    limits: [{ name: 'votePerIp', per: 'ip' }],
    // JSON; a plain HTML form is answered with the thanks page instead.
    reply: z.object({ logId: z.int(), voteId: z.int() }),
    handler: async (call) => {
      const voter = { siteId: call.site!.siteId, member: call.member, ip: call.ip, userAgent: call.userAgent };
      if (!isPlainForm(call.req)) return submitVote(call.services.db, voter, call.body as SubmitBody);
      const t = call.services.i18n.translator(call.locale);
      try {
        const { voteId } = await submitVote(call.services.db, voter, call.body as SubmitBody);
        const vote = await readerVote(call.services.db, voter.siteId, { voteId });
        return await resultPage(call, vote!, t('vote.thanks'));
      } catch (err) {
        const msg = messageOf(call, err);
        if (msg === null) throw err;
        const status = err instanceof AppError && err.code === ReplyCode.UNAUTHORIZED ? 401 : 400;
        return sendReaderPage(call.reply, { status, lang: call.locale, title: t('vote.refused'), body: `<p>${escapeHtml(msg)}</p>`, back: backOf(call.req), backText: t('vote.back') });
      }
    },
  }),
  /**
   * The results, as the vote's view type allows: counts and shares per option (text answers stay
   * in the console); `format=html` answers the page a reader without script is linked to.
   */
  publicRoute({
    method: 'GET', url: '/api/vote/result/:voteId', query: z.object({ format: z.enum(['json', 'html']).optional() }).passthrough(),
    // JSON; `format=html` answers the results page instead.
    reply: voteResultReply,
    handler: async (call) => {
      const vote = await voteOfPath(call);
      if ((call.query as { format?: string }).format === 'html') return resultPage(call, vote, `${vote.title} · ${call.services.i18n.translator(call.locale)('vote.results')}`);
      const refusal = await resultRefusal(call, vote);
      if (refusal) throw refusal;
      return resultsOf(call.services.db, vote, { texts: false });
    },
  }),
];
