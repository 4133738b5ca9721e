import { z } from 'zod';
import { pageOf } from '../../../core/row-schema.ts';

/** A page of search hits (query.ts SearchHit, without how to link them), highlights HTML-escaped with <em>: the console's list and the readers' search. */
export const searchPageReply = pageOf(z.object({
  contentId: z.int(), title: z.string(), titleHighlight: z.string(), snippet: z.string(), catalogId: z.int(), catalogName: z.string(), contentType: z.string(),
  publishDate: z.string().nullable(), link: z.string().nullable(), logo: z.string().nullable(), summary: z.string().nullable(), author: z.string().nullable(),
  tags: z.array(z.string()), score: z.number(),
})).extend({ totalExact: z.boolean().describe('false: the total is an estimate') });
