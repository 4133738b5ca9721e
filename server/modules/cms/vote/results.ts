import { z } from 'zod';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { formatDateTime } from '../../../../shared/format.ts';
import { cmsVoteLog } from './schema.ts';
import { subjectsOf, type VoteRow } from './form.ts';

/** A share in percent with one decimal; 0 when nobody voted. */
export const percentOf = (n: number, of: number) => (of > 0 ? Math.round((n / of) * 1000) / 10 : 0);

/**
 * A vote's results: per subject, each option's count and its share of the submissions (a
 * multiple-choice subject's shares may add up past 100 %). `texts` (the console's) also lists the
 * text answers of input subjects, newest first, at most `textLimit` per subject; readers never get
 * them (they are what other readers typed).
 */
/** A vote's results as replied (the console's with the texts typed into input subjects). */
export const voteResultReply = z.object({
  voteId: z.int(),
  title: z.string(),
  total: z.int(),
  subjects: z.array(z.object({
    subjectId: z.int(),
    title: z.string(),
    type: z.string(),
    items: z.array(z.object({ itemId: z.int(), content: z.string(), total: z.int(), percent: z.number() })),
    answers: z.array(z.object({ text: z.string(), time: z.string() })).optional(),
  })),
});

export async function resultsOf(db: DbOrTx, vote: Pick<VoteRow, 'voteId' | 'title' | 'total'>, opts: { texts: boolean; textLimit?: number }) {
  const subjects = await subjectsOf(db, vote.voteId);
  const texts = new Map<number, { text: string; time: string }[]>();
  if (opts.texts) {
    for (const s of subjects.filter((x) => x.type === 'input')) {
      // jsonb_path_query picks this subject's text out of each submission: one query per input subject.
      const rows = await db.select({ text: sql<string>`jsonb_path_query_first(${cmsVoteLog.result}, '$[*] ? (@.subjectId == $id).text', jsonb_build_object('id', ${s.subjectId}::bigint)) #>> '{}'`, time: cmsVoteLog.logTime })
        .from(cmsVoteLog)
        .where(and(eq(cmsVoteLog.voteId, vote.voteId), sql`jsonb_path_exists(${cmsVoteLog.result}, '$[*] ? (@.subjectId == $id && exists(@.text))', jsonb_build_object('id', ${s.subjectId}::bigint))`))
        .orderBy(desc(cmsVoteLog.logId)).limit(opts.textLimit ?? 200);
      texts.set(s.subjectId, rows.map((r) => ({ text: r.text, time: formatDateTime(r.time) })));
    }
  }
  return {
    voteId: vote.voteId,
    title: vote.title,
    total: vote.total,
    subjects: subjects.map((s) => ({
      subjectId: s.subjectId,
      title: s.title,
      type: s.type,
      items: s.items.map((i) => ({ itemId: i.itemId, content: i.content, total: i.total, percent: percentOf(i.total, vote.total) })),
      ...(opts.texts && s.type === 'input' ? { answers: texts.get(s.subjectId) ?? [] } : {}),
    })),
  };
}
