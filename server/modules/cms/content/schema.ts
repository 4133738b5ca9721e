import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { audit } from '../../../db/columns.ts';
import { cmsSite } from '../site/schema.ts';
import { cmsCatalog } from '../catalog/schema.ts';

/**
 * Contents of every type: the common fields here, the type's own in a detail table. A deleted
 * content stays with its status (the status it will come back to) and a `recycleTime`: it is in
 * the recycle bin until restored or purged.
 */
export const cmsContent = pgTable('cms_content', {
  contentId: bigint('content_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  siteId: bigint('site_id', { mode: 'number' }).notNull().references(() => cmsSite.siteId, { onDelete: 'cascade' }),
  catalogId: bigint('catalog_id', { mode: 'number' }).notNull().references(() => cmsCatalog.catalogId, { onDelete: 'cascade' }),
  /** the catalog's ancestors chain ("12:45:"), for "this catalog and below" */
  catalogAncestors: varchar('catalog_ancestors', { length: 1000 }).notNull(),
  contentType: varchar('content_type', { length: 20 }).notNull(),
  title: varchar('title', { length: 360 }).notNull(),
  subTitle: varchar('sub_title', { length: 360 }),
  shortTitle: varchar('short_title', { length: 200 }),
  titleStyle: varchar('title_style', { length: 100 }),
  logo: varchar('logo', { length: 500 }),
  author: varchar('author', { length: 100 }),
  editor: varchar('editor', { length: 100 }),
  original: varchar('original', { length: 1 }).notNull().default('N'),
  summary: varchar('summary', { length: 2000 }),
  tags: jsonb('tags').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  keywords: jsonb('keywords').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  source: varchar('source', { length: 200 }),
  sourceUrl: varchar('source_url', { length: 500 }),
  /** src/lib/cms/content.ts ContentStatus */
  status: varchar('status', { length: 3 }).notNull().default('0'),
  /** bits of CONTENT_ATTRIBUTES (hot, recommend…) */
  attributes: integer('attributes').notNull().default(0),
  /** 0 = not on top; otherwise when it was put on top (later tops rank higher) */
  topFlag: bigint('top_flag', { mode: 'number' }).notNull().default(0),
  topDate: timestamp('top_date', { withTimezone: true }),
  /** the list's order within equal top flags: higher first */
  sortFlag: bigint('sort_flag', { mode: 'number' }).notNull().default(0),
  /** 0 none, 1 independent copy, 2 mapping (body read from copyId) */
  copyType: integer('copy_type').notNull().default(0),
  copyId: bigint('copy_id', { mode: 'number' }),
  publishDate: timestamp('publish_date', { withTimezone: true }),
  offlineDate: timestamp('offline_date', { withTimezone: true }),
  /** the pipes it is published to (empty = every enabled pipe) */
  publishPipe: jsonb('publish_pipe').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  /** per pipe: its own detail template */
  publishPipeProps: jsonb('publish_pipe_props').$type<Record<string, Record<string, unknown>>>().notNull().default(sql`'{}'::jsonb`),
  /** a custom output path under the pipe root (confined, relative) */
  staticPath: varchar('static_path', { length: 255 }),
  linkFlag: varchar('link_flag', { length: 1 }).notNull().default('N'),
  redirectUrl: varchar('redirect_url', { length: 500 }),
  isLock: varchar('is_lock', { length: 1 }).notNull().default('N'),
  lockUser: varchar('lock_user', { length: 64 }),
  viewCount: integer('view_count').notNull().default(0),
  favoriteCount: integer('favorite_count').notNull().default(0),
  likeCount: integer('like_count').notNull().default(0),
  commentCount: integer('comment_count').notNull().default(0),
  seoTitle: varchar('seo_title', { length: 255 }),
  seoKeywords: varchar('seo_keywords', { length: 255 }),
  seoDescription: varchar('seo_description', { length: 500 }),
  /** bumped on every save: a save based on an older version is told, not applied */
  version: integer('version').notNull().default(1),
  recycleTime: timestamp('recycle_time', { withTimezone: true }),
  recycleBy: varchar('recycle_by', { length: 64 }),
  /**
   * The member who contributed it from the published site (ChestnutCMS contributor_id), null for
   * an editor's own: the console marks such contents and can list them alone.
   */
  contributorId: bigint('contributor_id', { mode: 'number' }),
  ...audit,
}, (t) => [
  // A page of a catalog, or of the whole site, in the orders the list offers, over live rows only:
  // each index ends with the list's tie-breaker (content_id, in the order's direction), so a page
  // is read off the index in order, never sorted from every row. One index serves an order both
  // ways (read backwards). Descending keys say NULLS FIRST, as ORDER BY … DESC does, or the
  // planner would not match them. The count orders (views, likes…) too: a catalog of 500 contents
  // sorted by views read all 500 rows from as many heap pages (10-12 ms p95 on PostgreSQL).
  index('cms_content_catalog_default_idx').on(t.catalogId, t.topFlag.desc().nullsFirst(), t.sortFlag.desc().nullsFirst(), t.contentId.desc().nullsFirst()).where(sql`recycle_time is null`),
  index('cms_content_catalog_create_idx').on(t.catalogId, t.createTime, t.contentId).where(sql`recycle_time is null`),
  index('cms_content_catalog_publish_idx').on(t.catalogId, t.publishDate.desc().nullsLast(), t.contentId.desc().nullsFirst()).where(sql`recycle_time is null`),
  index('cms_content_site_default_idx').on(t.siteId, t.topFlag.desc().nullsFirst(), t.sortFlag.desc().nullsFirst(), t.contentId.desc().nullsFirst()).where(sql`recycle_time is null`),
  index('cms_content_site_create_idx').on(t.siteId, t.createTime, t.contentId).where(sql`recycle_time is null`),
  index('cms_content_site_publish_idx').on(t.siteId, t.publishDate.desc().nullsLast(), t.contentId.desc().nullsFirst()).where(sql`recycle_time is null`),
  ...(['viewCount', 'favoriteCount', 'likeCount', 'commentCount'] as const).flatMap((c) => [
    index(`cms_content_site_${c.replace('Count', '')}_idx`).on(t.siteId, t[c].desc().nullsFirst(), t.contentId.desc().nullsFirst()).where(sql`recycle_time is null`),
    index(`cms_content_catalog_${c.replace('Count', '')}_idx`).on(t.catalogId, t[c].desc().nullsFirst(), t.contentId.desc().nullsFirst()).where(sql`recycle_time is null`),
  ]),
  // The list's title search (ILIKE '%…%') reads this trigram index instead of every title.
  index('cms_content_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
  index('cms_content_due_idx').on(t.status, t.publishDate),
  // The minutely offline and top-expiry jobs: without these each run read every row of the table
  // (a sequential scan of 100,000 contents; on PGlite's one connection every request waits for it).
  index('cms_content_offline_due_idx').on(t.offlineDate).where(sql`offline_date is not null and recycle_time is null`),
  index('cms_content_top_due_idx').on(t.topDate).where(sql`top_flag <> 0 and recycle_time is null`),
  // Home's latest changes of a site (content/stat.ts), newest first, read off the index backwards.
  index('cms_content_site_changed_idx').on(t.siteId, sql`(coalesce(${t.updateTime}, ${t.createTime}))`).where(sql`recycle_time is null`),
  index('cms_content_recycle_idx').on(t.siteId, t.recycleTime).where(sql`recycle_time is not null`),
  index('cms_content_copy_idx').on(t.copyId).where(sql`copy_id is not null`),
  // A member's contributions (their own list on the site; the console's "contributions" filter).
  index('cms_content_contributor_idx').on(t.contributorId, t.contentId).where(sql`contributor_id is not null`),
]);

/**
 * Live contents per site, catalog, type and status, kept by a trigger on cms_content (migration
 * content_counts): list totals and dashboard counts read these instead of counting the table.
 */
export const cmsContentCount = pgTable('cms_content_count', {
  siteId: bigint('site_id', { mode: 'number' }).notNull().references(() => cmsSite.siteId, { onDelete: 'cascade' }),
  catalogId: bigint('catalog_id', { mode: 'number' }).notNull().references(() => cmsCatalog.catalogId, { onDelete: 'cascade' }),
  contentType: varchar('content_type', { length: 20 }).notNull(),
  status: varchar('status', { length: 3 }).notNull(),
  n: bigint('n', { mode: 'number' }).notNull().default(0),
}, (t) => [primaryKey({ columns: [t.catalogId, t.contentType, t.status] }), index('cms_content_count_site_idx').on(t.siteId)]);

/** An article's body: sanitised HTML, pages split by the page-break marker. */
export const cmsArticleDetail = pgTable('cms_article_detail', {
  contentId: bigint('content_id', { mode: 'number' }).primaryKey().references(() => cmsContent.contentId, { onDelete: 'cascade' }),
  contentHtml: text('content_html').notNull().default(''),
  pageTitles: varchar('page_titles', { length: 1500 }),
});

const albumItem = {
  contentId: bigint('content_id', { mode: 'number' }).notNull().references(() => cmsContent.contentId, { onDelete: 'cascade' }),
  title: varchar('title', { length: 255 }),
  description: varchar('description', { length: 2000 }),
  /** the file: a resource's path or URL */
  path: varchar('path', { length: 1000 }),
  fileSize: bigint('file_size', { mode: 'number' }),
  sortFlag: integer('sort_flag').notNull().default(0),
};

/** The pictures of an image album, in order. */
export const cmsImage = pgTable('cms_image', {
  imageId: bigint('image_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  ...albumItem,
  width: integer('width'),
  height: integer('height'),
  redirectUrl: varchar('redirect_url', { length: 500 }),
}, (t) => [index('cms_image_content_idx').on(t.contentId, t.sortFlag)]);

/** The tracks of an audio content, in order. */
export const cmsAudio = pgTable('cms_audio', {
  audioId: bigint('audio_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  ...albumItem,
  author: varchar('author', { length: 100 }),
  format: varchar('format', { length: 20 }),
  /** seconds */
  duration: integer('duration'),
  /** bits per second */
  bitRate: integer('bit_rate'),
  /** Hz */
  samplingRate: integer('sampling_rate'),
  channels: integer('channels'),
}, (t) => [index('cms_audio_content_idx').on(t.contentId, t.sortFlag)]);

/** The videos of a video content, in order: a file, or a third-party player code. */
export const cmsVideo = pgTable('cms_video', {
  videoId: bigint('video_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  ...albumItem,
  cover: varchar('cover', { length: 500 }),
  /** "1920x1080" */
  resolution: varchar('resolution', { length: 20 }),
  frameRate: integer('frame_rate'),
  duration: integer('duration'),
  format: varchar('format', { length: 20 }),
  /** a third-party player's embed code (an iframe with a src), sanitised */
  code: text('code'),
}, (t) => [index('cms_video_content_idx').on(t.contentId, t.sortFlag)]);

/** A book's own fields (the chapters are their own rows). */
export const cmsBook = pgTable('cms_book', {
  contentId: bigint('content_id', { mode: 'number' }).primaryKey().references(() => cmsContent.contentId, { onDelete: 'cascade' }),
  publicationDate: date('publication_date', { mode: 'string' }),
  publisher: varchar('publisher', { length: 200 }),
  pages: integer('pages'),
  words: integer('words'),
  producer: varchar('producer', { length: 200 }),
  originalTitle: varchar('original_title', { length: 360 }),
  translators: varchar('translators', { length: 255 }),
  /** in fen (spec §9) */
  price: integer('price'),
  completed: varchar('completed', { length: 1 }).notNull().default('N'),
  intro: text('intro'),
});

/** A book's chapters, in order; each is published now, on a date, or taken offline on its own. */
export const cmsBookChapter = pgTable('cms_book_chapter', {
  chapterId: bigint('chapter_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  contentId: bigint('content_id', { mode: 'number' }).notNull().references(() => cmsContent.contentId, { onDelete: 'cascade' }),
  title: varchar('title', { length: 255 }).notNull(),
  content: text('content').notNull().default(''),
  wordCount: integer('word_count').notNull().default(0),
  /** draft 0, scheduled 20, published 30, offline 40 */
  status: varchar('status', { length: 3 }).notNull().default('0'),
  publishDate: timestamp('publish_date', { withTimezone: true }),
  sortFlag: integer('sort_flag').notNull().default(0),
  ...audit,
}, (t) => [index('cms_book_chapter_content_idx').on(t.contentId, t.sortFlag), index('cms_book_chapter_due_idx').on(t.status, t.publishDate)]);

/** Related contents (shown as "related" on a content's page). */
export const cmsContentRela = pgTable('cms_content_rela', {
  contentId: bigint('content_id', { mode: 'number' }).notNull().references(() => cmsContent.contentId, { onDelete: 'cascade' }),
  relaContentId: bigint('rela_content_id', { mode: 'number' }).notNull().references(() => cmsContent.contentId, { onDelete: 'cascade' }),
  sortFlag: integer('sort_flag').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.contentId, t.relaContentId] })]);
