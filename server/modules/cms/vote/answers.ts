import { z } from 'zod';
import { AppError, fail, failAt } from '../../../core/errors.ts';
import { VOTE_MAX_SUBJECTS, VOTE_TEXT_MAX } from '../../../../shared/cms/vote.ts';
import { id } from '../../../../shared/validators/common.ts';
import type { VoteAnswer } from './schema.ts';

/** One subject's answer as sent: item ids (one for a single choice), or the text typed. */
const answerInput = z.object({
  subjectId: id(),
  itemIds: z.array(id()).max(100).optional(),
  /** ChestnutCMS-style single choice */
  itemId: id().optional(),
  text: z.string().max(VOTE_TEXT_MAX * 4).optional(),
});

/**
 * The body of `POST /api/vote`: `{ voteId, subjects: [{ subjectId, itemIds | itemId | text }] }`.
 * A plain HTML form (the `cms_vote` tag, no script) sends the same as fields instead:
 * `voteId`, and per subject `s<subjectId>` holding an item id (repeated for a multiple choice) or
 * the text; those are folded into `subjects` here, so both shapes are one.
 */
export const submitBody = z.preprocess((raw) => {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw) || 'subjects' in raw) return raw;
  const subjects: Record<string, unknown>[] = [];
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    const m = /^s(\d{1,15})$/.exec(key);
    if (!m) continue;
    const values = (Array.isArray(value) ? value : [value]).map(String);
    // A form cannot tell an item id from a text: numbers go as choices, and the subject's type decides (checked later).
    subjects.push(values.every((x) => /^\d{1,15}$/.test(x)) ? { subjectId: m[1], itemIds: values, text: values.join('') } : { subjectId: m[1], text: values.join('\n') });
  }
  return { ...(raw as object), subjects };
}, z.object({
  voteId: id(),
  subjects: z.array(answerInput).max(VOTE_MAX_SUBJECTS),
}));
export type SubmitBody = z.output<typeof submitBody>;

interface SubjectShape {
  subjectId: number;
  type: string;
  title: string;
  itemIds: number[];
}

/**
 * The answers to store, checked against the vote's subjects: every choice subject answered with
 * its own options (one for a single choice), a text kept as plain text (trimmed, control
 * characters dropped; it is never read as HTML). A refusal names the subject.
 */
export function checkAnswers(subjects: SubjectShape[], sent: SubmitBody['subjects']): VoteAnswer[] {
  if (!subjects.length) throw fail('vote.noSubjects');
  const bySubject = new Map(sent.map((a) => [a.subjectId, a]));
  const refuse = (s: SubjectShape, key: string, params: Record<string, unknown> = {}): AppError => failAt(`s${s.subjectId}`, key, { subject: s.title, ...params });
  return subjects.flatMap((s): VoteAnswer[] => {
    const a = bySubject.get(s.subjectId);
    if (s.type === 'input') {
      // Control characters (but line breaks and tabs) are dropped: they would only hide text from the reviewer.
      // eslint-disable-next-line no-control-regex
      const text = (a?.text ?? '').replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '').trim();
      if (text.length > VOTE_TEXT_MAX) throw refuse(s, 'vote.textTooLong', { max: VOTE_TEXT_MAX });
      return text ? [{ subjectId: s.subjectId, text }] : [];
    }
    const chosen = [...new Set([...(a?.itemIds ?? []), ...(a?.itemId !== undefined ? [a.itemId] : [])])];
    if (!chosen.length) throw refuse(s, 'vote.answerRequired');
    if (s.type === 'radio' && chosen.length > 1) throw refuse(s, 'vote.oneChoice');
    if (chosen.some((c) => !s.itemIds.includes(c))) throw refuse(s, 'vote.unknownChoice');
    return [{ subjectId: s.subjectId, itemIds: chosen }];
  });
}
