// bench:public's comment phase: signed-in members submit comments (POST /api/comment/submit) on
// the bench site's contents, the site set through the console to take comments from members
// without review (so each one counts at once in the content's comment_count).
//
// The readers' throttles stay on and are not what is measured: a member may send 5 comments a
// minute (commentPerMember) and an address 10 (commentPerIp), so BENCH_MEMBERS members (1,000)
// each send COMMENTS_PER_MEMBER (5) from an address of their own, each request once, in rounds
// (every member's first comment, then every member's second…). A refusal fails the bench.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { cmsComment } from '../../server/modules/cms/comment/schema.ts';
import { cmsContent } from '../../server/modules/cms/content/schema.ts';
import { cmsMember } from '../../server/modules/cms/member/schema.ts';
import { issueMemberToken } from '../../server/modules/cms/member/session.ts';
import { PUBLIC_LIMITS } from '../../server/modules/cms/public-api/limits.ts';
import { compareTotals, type BenchRequest, type Phase } from './phase.ts';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1_000);
/** Within commentPerMember (and commentPerIp, one member per address) for the phase's minute. */
const COMMENTS_PER_MEMBER = Math.min(PUBLIC_LIMITS.commentPerMember.max, PUBLIC_LIMITS.commentPerIp.max);
/** The comment phase's addresses (see BenchContext.addressOf). */
const BLOCK = 1;

export const commentsPhase: Phase = {
  name: 'comments',
  unit: 'comments',
  goalPerSecond: null,
  async prepare(ctx) {
    if (MEMBERS > ctx.addresses) throw new Error(`BENCH_MEMBERS (${MEMBERS}) must not exceed BENCH_ADDRESSES (${ctx.addresses}): one address a member`);
    await ctx.api('POST', '/cms/setting/comment', { CommentEnabled: 'Y', CommentNeedAudit: 'N', CommentNeedLogin: 'Y', CommentMaxLength: '500' });
    const db = ctx.database.db;
    const stamp = Date.now().toString(36);
    const members: number[] = [];
    for (let i = 0; i < MEMBERS; i += 500) {
      const rows = await db.insert(cmsMember).values(Array.from({ length: Math.min(500, MEMBERS - i) }, (_, k) => ({ userName: `bench${stamp}m${i + k}`, nickName: `Reader ${i + k}`, password: 'x' }))).returning({ memberId: cmsMember.memberId });
      members.push(...rows.map((r) => r.memberId));
    }
    const tokens: string[] = [];
    for (const [i, memberId] of members.entries()) tokens.push(await issueMemberToken(db, memberId, { ip: ctx.addressOf(i, BLOCK) }));

    const requests: BenchRequest[] = [];
    for (let round = 0; round < COMMENTS_PER_MEMBER; round++) {
      for (let m = 0; m < members.length; m++) {
        // Request by request over every content (a short phase covers them all, not a fifth of them).
        const contentId = ctx.contents[(round * members.length + m) % ctx.contents.length]!;
        requests.push({
          method: 'POST', path: '/api/comment/submit', accepted: 200, tag: contentId,
          headers: { 'x-forwarded-for': ctx.addressOf(m, BLOCK), authorization: `Bearer ${tokens[m]}`, 'content-type': 'application/json' },
          body: JSON.stringify({ sourceType: 'content', sourceId: contentId, content: `Comment ${round} of reader ${m}: well said.` }),
        });
      }
    }
    return {
      requests,
      cycle: false,
      async verify(accepted) {
        const rows = new Map((await db.select({ id: cmsComment.sourceId, n: sql<number>`count(*)::int` }).from(cmsComment)
          .where(and(eq(cmsComment.siteId, ctx.siteId), eq(cmsComment.sourceType, 'cms_content'), inArray(cmsComment.sourceId, ctx.contents))).groupBy(cmsComment.sourceId)).map((r) => [r.id, Number(r.n)]));
        const counts = new Map((await db.select({ id: cmsContent.contentId, n: cmsContent.commentCount }).from(cmsContent).where(inArray(cmsContent.contentId, ctx.contents))).map((r) => [r.id, r.n]));
        const stored = [...rows.values()].reduce((a, b) => a + b, 0);
        const check = compareTotals(ctx.contents, (id) => accepted.get(id) ?? 0, (id) => [rows.get(id as number) ?? 0, counts.get(id as number) ?? 0], (id) => `content ${id} (comment rows / comment_count)`,
          `the comment rows and comment_count equal the accepted comments for each of ${ctx.contents.length} contents`);
        return { ...check, stored };
      },
    };
  },
};
