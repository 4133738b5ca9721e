import { z } from 'zod';
import { v } from './issues.ts';
import { CODE_PATTERN } from './common.ts';

// The preview route's input (spec §2 /cms/preview), shared by the server and the console's preview page.

export const PREVIEW_TYPES = ['site', 'catalog', 'content'] as const;
export type PreviewType = (typeof PREVIEW_TYPES)[number];

const id = () => z.coerce.number({ error: v('invalid') }).int(v('invalid')).min(1, v('invalid')).max(Number.MAX_SAFE_INTEGER, v('invalid'));

export const previewParams = z.object({ type: z.enum(PREVIEW_TYPES, { error: v('invalid') }), id: id() });
/** ChestnutCMS's query names: pp (pipe), pi (page), list=Y (a catalog's list rather than its index page), chapter (a book's chapter). */
export const previewQuery = z.object({
  pp: z.string().trim().max(20, v('tooLong')).regex(CODE_PATTERN, v('code')).optional(),
  pi: z.coerce.number({ error: v('invalid') }).int(v('invalid')).min(1, v('invalid')).max(100_000, v('invalid')).optional(),
  list: z.enum(['Y', 'N']).optional(),
  chapter: id().optional(),
});
export type PreviewQuery = z.infer<typeof previewQuery>;

/** What the preview answers: what the console's bar shows, and where the frame shows the page (the sites' origin, a ticket of a few minutes). */
export interface PreviewReply {
  type: PreviewType;
  id: number;
  siteId: number;
  /** the site's, catalog's, content's (and chapter's) name */
  title: string;
  pipeCode: string;
  pipes: { code: string; name: string }[];
  pageNo: number;
  pageTotal: number;
  chapterId: number | null;
  /** the template that rendered it */
  template: string;
  /** where the page is when published (null for an unpublished content) */
  publishedUrl: string | null;
  /** the page, on the sites' port: `<site base>_preview/<ticket>` */
  frameUrl: string;
}
