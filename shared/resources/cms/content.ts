import { z } from 'zod';
import { optionalText, requiredText } from '../../validators/common.ts';
import { v } from '../../validators/issues.ts';
import { TEMPLATE_NAME_PATTERN } from '../../cms/pipe-props.ts';
import { CONTENT_ATTRIBUTES, CONTENT_SORTS, CONTENT_STATUSES, CONTENT_TYPES, MAX_BATCH_IDS } from '../../cms/content.ts';
import { id } from '../../validators/common.ts';

/**
 * The content editors' forms (spec §3 Content, Book, Image, Audio, Video), shared by the console's
 * editors and the server's save: the common fields, and each type's own part.
 */

/** A custom output path under the pipe root: folders and a file name, never `..`, `%` or a leading `/`. */
export const STATIC_PATH_PATTERN = /^(?:[A-Za-z0-9_-]+\/)*[A-Za-z0-9_-]+(?:\.[A-Za-z0-9]{1,10})?$/;
const HTTP_URL = /^https?:\/\/\S+$/;
/** A link or file reference: http(s), a site-relative path, or an internal iurl:// link. */
const LINK = /^(?:https?:\/\/\S+|\/(?!\/)\S*|iurl:\/\/\S+)$/;

const yesNo = (initial: 'Y' | 'N') => z.enum(['Y', 'N']).default(initial);
const optionalLink = (max = 500) => z.string().trim().max(max, v('tooLong')).refine((s) => s === '' || LINK.test(s), v('httpUrl')).optional();
const dateTime = () => z.coerce.date({ error: v('invalid') }).nullable().optional();
const count = (max: number) => z.coerce.number().int().min(0, v('range', { min: 0, max })).max(max, v('range', { min: 0, max })).nullable().optional();
const words = () => z.array(z.string().trim().min(1).max(50, v('tooLong'))).max(30, v('tooMany', { max: 30 })).default([]);

export const contentCommonSchema = z.object({
  catalogId: id(),
  title: requiredText(360),
  subTitle: optionalText(360),
  shortTitle: optionalText(200),
  titleStyle: optionalText(100),
  logo: optionalLink(),
  author: optionalText(100),
  editor: optionalText(100),
  original: yesNo('N'),
  summary: optionalText(2000),
  tags: words(),
  keywords: words(),
  source: optionalText(200),
  sourceUrl: z.string().trim().max(500, v('tooLong')).refine((s) => s === '' || HTTP_URL.test(s), v('httpUrl')).optional(),
  publishDate: dateTime(),
  offlineDate: dateTime(),
  /** pipe codes; empty = every enabled pipe */
  publishPipe: z.array(z.string().max(20)).max(50).default([]),
  /** per pipe code: its own detail template */
  publishPipeProps: z.record(z.string().max(20), z.object({ template: z.string().trim().max(255).refine((s) => s === '' || TEMPLATE_NAME_PATTERN.test(s), v('templateName')).optional() })).default({}),
  staticPath: z.string().trim().max(255, v('tooLong')).refine((s) => s === '' || STATIC_PATH_PATTERN.test(s), v('staticPath')).optional(),
  linkFlag: yesNo('N'),
  redirectUrl: optionalLink(),
  attributes: z.array(z.enum(Object.keys(CONTENT_ATTRIBUTES) as [string, ...string[]])).max(10).default([]),
  seoTitle: optionalText(255),
  seoKeywords: optionalText(255),
  seoDescription: optionalText(500),
  relaContentIds: z.array(id()).max(50, v('tooMany', { max: 50 })).default([]),
});

export const articlePart = z.object({
  /** sanitised on the server; the page-break marker splits it into pages */
  contentHtml: z.string().max(2_000_000, v('tooLong')).default(''),
});

const albumItem = {
  title: optionalText(255),
  description: optionalText(2000),
  path: z.string().trim().max(1000, v('tooLong')).refine((s) => s === '' || LINK.test(s), v('httpUrl')).optional(),
  fileSize: count(Number.MAX_SAFE_INTEGER),
};

export const imagePart = z.object({
  images: z.array(z.object({ ...albumItem, path: z.string().trim().min(1, v('required')).max(1000).refine((s) => LINK.test(s), v('httpUrl')), width: count(100_000), height: count(100_000), redirectUrl: optionalLink() }))
    .max(300, v('tooMany', { max: 300 })).default([]),
});

export const audioPart = z.object({
  audios: z.array(z.object({
    ...albumItem, author: optionalText(100), format: optionalText(20), duration: count(360_000), bitRate: count(10_000_000), samplingRate: count(1_000_000), channels: count(32),
  })).max(100, v('tooMany', { max: 100 })).default([]),
});

/** A third-party player's code must be an iframe with an http(s) src (spec §5). */
export const VIDEO_CODE_PATTERN = /^\s*<iframe\b[^>]*\bsrc\s*=\s*["']?https?:\/\/[^"'\s>]+["']?[^>]*>\s*<\/iframe>\s*$/i;

export const videoPart = z.object({
  videos: z.array(z.object({
    ...albumItem, cover: optionalLink(), resolution: z.string().trim().max(20).refine((s) => s === '' || /^\d{1,5}x\d{1,5}$/.test(s), v('resolution')).optional(),
    frameRate: count(1000), duration: count(360_000), format: optionalText(20),
    code: z.string().trim().max(5000, v('tooLong')).refine((s) => s === '' || VIDEO_CODE_PATTERN.test(s), v('videoCode')).optional(),
  }).refine((x) => !!x.path || !!x.code, { message: v('videoSource'), path: ['path'] })).max(50, v('tooMany', { max: 50 })).default([]),
});

export const bookPart = z.object({
  book: z.object({
    publicationDate: z.string().trim().refine((s) => s === '' || (/^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(s))), v('invalid')).optional(),
    publisher: optionalText(200),
    pages: count(1_000_000),
    words: count(100_000_000),
    producer: optionalText(200),
    originalTitle: optionalText(360),
    translators: optionalText(255),
    /** in fen (spec §9) */
    price: count(1_000_000_000),
    completed: yesNo('N'),
    intro: z.string().max(20_000, v('tooLong')).optional(),
  }).default({ completed: 'N' }),
});

const PARTS = { article: articlePart, image: imagePart, audio: audioPart, video: videoPart, book: bookPart } as const;

/** Checks across fields of any type: a link content needs its URL; it goes offline after it goes out. */
const crossChecks = <T extends z.ZodType>(schema: T) =>
  schema.superRefine((value, ctx) => {
    const c = value as { linkFlag?: string; redirectUrl?: string; publishDate?: Date | null; offlineDate?: Date | null };
    if (c.linkFlag === 'Y' && !c.redirectUrl) ctx.addIssue({ code: 'custom', path: ['redirectUrl'], message: v('required') });
    if (c.publishDate && c.offlineDate && c.offlineDate <= c.publishDate) ctx.addIssue({ code: 'custom', path: ['offlineDate'], message: v('notBefore', { otherField: 'publishDate' }) });
  });

/** The add body of a content of `type`. */
export const contentCreateSchema = (type: keyof typeof PARTS) => crossChecks(contentCommonSchema.extend(PARTS[type].shape));
/** The save body: the content's id and the version it was loaded at (a later save by someone else is reported). */
export const contentUpdateSchema = (type: keyof typeof PARTS) =>
  crossChecks(contentCommonSchema.extend(PARTS[type].shape).extend({ contentId: id(), version: z.coerce.number().int().min(1) }));

export const contentTypeQuery = z.object({ contentType: z.enum(CONTENT_TYPES) });

/** GET /cms/content/list: a catalog (and, by choice, its subtree), filters, an order of spec §9, paging. */
export const contentListQuery = z.object({
  catalogId: z.string().regex(/^\d{1,15}$/).transform(Number).optional(),
  includeChild: z.enum(['true', 'false']).optional(),
  title: z.string().trim().max(200).optional(),
  /** text in the content's searchable extension fields (extension models) */
  extend: z.string().trim().max(200).optional(),
  contentType: z.enum(CONTENT_TYPES).optional(),
  status: z.enum(CONTENT_STATUSES as [string, ...string[]]).optional(),
  attributes: z.string().max(100).optional(),
  beginTime: z.string().max(30).optional(),
  endTime: z.string().max(30).optional(),
  sort: z.enum(CONTENT_SORTS).optional(),
  /** 'Y': members' contributions only (contents with a contributor) */
  contribution: z.enum(['Y']).optional(),
  pageNum: z.string().optional(),
  pageSize: z.string().optional(),
});
export type ContentListQuery = z.infer<typeof contentListQuery>;

/** Ids of a batch call: at most MAX_BATCH_IDS (a call naming 10,000 is refused before any work). */
export const contentIds = () => z.array(id()).min(1, v('selectFirst')).max(MAX_BATCH_IDS, v('tooMany', { max: MAX_BATCH_IDS }));
