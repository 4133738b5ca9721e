import { z } from 'zod';
import { defineRoute, type AnyRoute } from '../../../core/route.ts';
import { v } from '../../../../shared/validators/issues.ts';
import { errorProneChecker, sensitiveChecker } from './word-lists.ts';

/** A word found in the text, by its place (UTF-16 offsets). */
const wordHit = z.object({ word: z.string(), start: z.int(), end: z.int() });

/** The text a check reads: ChestnutCMS sends the bare string; `{ text }` is taken too. At most a long body's text. */
const MAX = 500_000;
const checkBody = z.union([
  z.string().max(MAX, v('tooLong', { max: MAX })),
  z.object({ text: z.string().max(MAX, v('tooLong', { max: MAX })) }).transform((b) => b.text),
]);

/** Whoever writes contents may check a text (the editor's Check button); the lists are global, so no site is involved. */
const WRITERS = { anyOf: ['cms:content:add', 'cms:content:edit'] };

/**
 * The editor's checks (ChestnutCMS's `/word/sensitiveword/check` and `/word/errorproneword/check`):
 * the words found in a plain text, each occurrence with its offsets (UTF-16, end exclusive), so
 * the editor can mark them. Nothing is read but the word lists, nothing written, nothing logged.
 */
export const wordCheckRoutes: AnyRoute[] = [
  defineRoute({
    method: 'POST', url: '/word/sensitiveword/check', perm: WRITERS, body: checkBody, allowRepeat: true, log: false,
    reply: z.array(wordHit),
    handler: async (ctx) => (await sensitiveChecker(ctx.db)).hits(ctx.body).map(({ word, start, end }) => ({ word, start, end })),
  }),
  defineRoute({
    method: 'POST', url: '/word/errorproneword/check', perm: WRITERS, body: checkBody, allowRepeat: true, log: false,
    reply: z.array(wordHit.extend({ replaceWord: z.string() })),
    handler: async (ctx) => (await errorProneChecker(ctx.db)).hits(ctx.body),
  }),
];
