import { z } from 'zod';
import { requiredText } from '../../validators/common.ts';
import { v } from '../../validators/issues.ts';

/** How a chapter is saved (spec §4 Book chapter): a draft, published now, published on its date, or offline. */
export const CHAPTER_ACTIONS = ['draft', 'publish', 'schedule', 'offline'] as const;

const chapterFields = {
  title: requiredText(255),
  /** the chapter's text (rich text, sanitised on the server) */
  content: z.string({ error: v('required') }).max(2_000_000, v('tooLong')),
  publishDate: z.coerce.date({ error: v('invalid') }).nullable().optional(),
  action: z.enum(CHAPTER_ACTIONS).default('draft'),
};

/** Spec §5: a chapter's title, content and publish date are required (the date when it is scheduled). */
const needsDate = <T extends z.ZodType>(schema: T) =>
  schema.superRefine((value, ctx) => {
    const c = value as { action?: string; publishDate?: Date | null; content?: string };
    if (c.action === 'schedule' && !c.publishDate) ctx.addIssue({ code: 'custom', path: ['publishDate'], message: v('required') });
    if (c.content !== undefined && c.content.replace(/<[^>]*>/g, '').trim() === '' && c.action !== 'draft') ctx.addIssue({ code: 'custom', path: ['content'], message: v('required') });
  });

export const chapterCreateSchema = needsDate(z.object({ contentId: z.coerce.number().int().positive(), ...chapterFields }));
export const chapterUpdateSchema = needsDate(z.object({ chapterId: z.coerce.number().int().positive(), ...chapterFields, title: requiredText(255).optional(), content: chapterFields.content.optional() }));
