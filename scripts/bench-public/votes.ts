// bench:public's vote phase: readers submit votes (POST /api/vote, a script's JSON) to VOTES votes
// of the bench site, each made through the console: open to anyone (counted by address), no limit
// of the vote's own, one single-choice subject of OPTIONS options. The choices cycle over every
// option of every vote, so each option's stored total is checked against the submissions choosing it.
//
// The readers' throttles stay on and are not what is measured: an address may submit 20 votes a
// minute (votePerIp, within writePerIp's 120), so each of BENCH_ADDRESSES addresses (addresses of
// this phase's own) submits at most VOTES_PER_ADDRESS (10), each request once. A refusal fails the bench.
import { eq, inArray, sql } from 'drizzle-orm';
import { cmsVote, cmsVoteLog, cmsVoteSubjectItem } from '../../server/modules/cms/vote/schema.ts';
import { PUBLIC_LIMITS } from '../../server/modules/cms/public-api/limits.ts';
import { compareTotals, type BenchRequest, type Phase } from './phase.ts';

const VOTES = 4;
const OPTIONS = 4;
/** Half of votePerIp: a margin, should a longer BENCH_SECONDS or a slow machine stretch an address's votes over one window. */
const VOTES_PER_ADDRESS = Math.floor(PUBLIC_LIMITS.votePerIp.max / 2);
/** The vote phase's addresses (see BenchContext.addressOf). */
const BLOCK = 2;

export const votesPhase: Phase = {
  name: 'votes',
  unit: 'votes',
  goalPerSecond: null,
  async prepare(ctx) {
    const db = ctx.database.db;
    const votes: { voteId: number; subjectId: number; items: number[] }[] = [];
    for (let v = 0; v < VOTES; v++) {
      const { voteId } = await ctx.api('POST', '/vote', { title: `Bench poll ${v}`, code: `bench_poll_${v}`, userType: 'ip', totalLimit: 0, dayLimit: 0, viewType: '0' });
      const { subjectId } = await ctx.api('POST', '/vote/subject', { voteId, title: 'Which one?', type: 'radio', itemLines: Array.from({ length: OPTIONS }, (_, i) => `Option ${i + 1}`).join('\n') });
      const items = (await db.select({ itemId: cmsVoteSubjectItem.itemId }).from(cmsVoteSubjectItem).where(eq(cmsVoteSubjectItem.subjectId, subjectId)).orderBy(cmsVoteSubjectItem.itemId)).map((r) => r.itemId);
      if (items.length !== OPTIONS) throw new Error(`vote ${voteId}: ${items.length} options stored, ${OPTIONS} sent`);
      votes.push({ voteId, subjectId, items });
    }
    const options = votes.flatMap((v) => v.items.map((itemId) => ({ ...v, itemId })));

    // Address a (of ctx.addresses) sends its k-th vote as request k·addresses + a: an address's
    // submissions are spread over the whole phase, not sent in a burst.
    const requests: BenchRequest[] = [];
    for (let i = 0; i < ctx.addresses * VOTES_PER_ADDRESS; i++) {
      const o = options[i % options.length]!;
      requests.push({
        method: 'POST', path: `/api/vote?sid=${ctx.siteId}`, accepted: 200, tag: `${o.voteId}:${o.itemId}`,
        headers: { 'x-forwarded-for': ctx.addressOf(i, BLOCK), 'content-type': 'application/json' },
        body: JSON.stringify({ voteId: o.voteId, subjects: [{ subjectId: o.subjectId, itemIds: [o.itemId] }] }),
      });
    }
    return {
      requests,
      cycle: false,
      async verify(accepted) {
        const voteIds = votes.map((v) => v.voteId);
        const itemTotals = new Map((await db.select({ itemId: cmsVoteSubjectItem.itemId, n: cmsVoteSubjectItem.total }).from(cmsVoteSubjectItem).where(inArray(cmsVoteSubjectItem.voteId, voteIds))).map((r) => [r.itemId, r.n]));
        const voteTotals = new Map((await db.select({ id: cmsVote.voteId, n: cmsVote.total }).from(cmsVote).where(inArray(cmsVote.voteId, voteIds))).map((r) => [r.id, r.n]));
        const logs = new Map((await db.select({ id: cmsVoteLog.voteId, n: sql<number>`count(*)::int` }).from(cmsVoteLog).where(inArray(cmsVoteLog.voteId, voteIds)).groupBy(cmsVoteLog.voteId)).map((r) => [r.id, Number(r.n)]));
        const acceptedOfVote = (voteId: number) => options.filter((o) => o.voteId === voteId).reduce((sum, o) => sum + (accepted.get(`${o.voteId}:${o.itemId}`) ?? 0), 0);
        const perOption = compareTotals(options.map((o) => `${o.voteId}:${o.itemId}`), (tag) => accepted.get(tag) ?? 0, (tag) => [itemTotals.get(Number(String(tag).split(':')[1])) ?? 0], (tag) => `vote:option ${tag} (option total)`, '');
        const perVote = compareTotals(voteIds, (id) => acceptedOfVote(id as number), (id) => [voteTotals.get(id as number) ?? 0, logs.get(id as number) ?? 0], (id) => `vote ${id} (cms_vote.total / log rows)`, '');
        const ok = perOption.ok && perVote.ok;
        const stored = [...logs.values()].reduce((a, b) => a + b, 0);
        return { ok, stored, detail: ok ? `each option's total equals the accepted votes choosing it (${options.length} options of ${VOTES} votes), and each vote's total and log rows its accepted submissions` : [perOption.detail, perVote.detail].filter(Boolean).join('; ') };
      },
    };
  },
};
