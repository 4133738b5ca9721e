import { sql } from 'drizzle-orm';
import { bigint, customType, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { cmsSite } from '../site/schema.ts';
import { cmsContent } from '../content/schema.ts';
import { PAIR_BITS } from './pair-signature.ts';

/**
 * PostgreSQL's `tsvector`. Written as a literal the analyzer builds (analyzer.ts tsvectorLiteral):
 * lexemes with their positions and weights, so a word's sub-words share its position and phrase
 * queries (`<->`) still see neighbours; read back as text (the content index screen shows it).
 */
export const tsvector = customType<{ data: string; driverData: string }>({
  dataType: () => 'tsvector',
});

/** PostgreSQL's `bit(PAIR_BITS)` as `x` and hex digits, how it is written (PostgreSQL answers in binary digits). */
export const bitString = customType<{ data: string; driverData: string }>({
  dataType: () => `bit(${PAIR_BITS})`,
  fromDriver: (v) => (v.startsWith('x') ? v : `x${v.replace(/[01]{4}/g, (n) => parseInt(n, 2).toString(16))}`),
});

/**
 * The search index: one row per published content of a catalog that is indexed (cms_catalog
 * content_index), written by the publish queue when the content's pages are rendered
 * (indexer.ts) and removed when it goes offline or is deleted. It keeps the text a result shows
 * (title, summary, a bounded plain body for snippets) so a search reads nothing else.
 */
export const cmsSearchIndex = pgTable('cms_search_index', {
  contentId: bigint('content_id', { mode: 'number' }).primaryKey().references(() => cmsContent.contentId, { onDelete: 'cascade' }),
  siteId: bigint('site_id', { mode: 'number' }).notNull().references(() => cmsSite.siteId, { onDelete: 'cascade' }),
  catalogId: bigint('catalog_id', { mode: 'number' }).notNull(),
  /** the catalog's chain of ids, root first, each followed by `:` (a "with children" filter is a prefix) */
  catalogAncestors: varchar('catalog_ancestors', { length: 1000 }).notNull(),
  catalogName: varchar('catalog_name', { length: 255 }).notNull().default(''),
  contentType: varchar('content_type', { length: 20 }).notNull(),
  title: varchar('title', { length: 360 }).notNull(),
  subTitle: varchar('sub_title', { length: 360 }),
  summary: varchar('summary', { length: 2000 }),
  /** the body as plain text, cut at BODY_MAX characters (snippets are taken from it); out of line uncompressed (STORAGE EXTERNAL, migration 0045: docs/search.md "Speed") */
  body: text('body').notNull().default(''),
  tags: jsonb('tags').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  author: varchar('author', { length: 100 }),
  logo: varchar('logo', { length: 500 }),
  publishDate: timestamp('publish_date', { withTimezone: true }),
  /** what a link to the content needs besides its catalog (template/urls.ts ContentLinkInfo) */
  staticPath: varchar('static_path', { length: 255 }),
  linkFlag: varchar('link_flag', { length: 1 }).notNull().default('N'),
  redirectUrl: varchar('redirect_url', { length: 500 }),
  catalogPath: varchar('catalog_path', { length: 255 }).notNull().default(''),
  indexedAt: timestamp('indexed_at', { withTimezone: true }).notNull().defaultNow(),
  /** analysed terms with weights (indexer.ts indexFields) and publish-date bucket terms (time-buckets.ts); out of line uncompressed, as `body` */
  tsv: tsvector('tsv').notNull(),
  /**
   * The title's, subtitle's, tags' and summary's terms (weights A and B): what results are ranked
   * on. Small enough to stay in the row, where ranking `tsv` would read each result's whole term
   * list out of line (query.ts).
   */
  head: tsvector('head').generatedAlwaysAs(sql`ts_filter(tsv, '{a,b}')`),
  /**
   * The content's neighbouring word pairs as a Bloom filter (pair-signature.ts), in the row (256
   * bytes): a phrase search reads a candidate's term list (`tsv`, out of line) only when its filter
   * has the phrase's pairs, tested on the row it reads anyway (a table of its own cost a lookup
   * per candidate). Null: written before it existed, or a content of one word; always read.
   */
  pairs: bitString('pairs'),
}, (t) => [
  index('cms_search_index_tsv_idx').using('gin', t.tsv),
  index('cms_search_index_site_idx').on(t.siteId, t.publishDate),
]);

/** Per-site analyzer words: WORD is kept whole when segmenting, STOP is never indexed nor searched. */
export const cmsSearchDictWord = pgTable('cms_search_dict_word', {
  wordId: bigint('word_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  siteId: bigint('site_id', { mode: 'number' }).notNull().references(() => cmsSite.siteId, { onDelete: 'cascade' }),
  word: varchar('word', { length: 100 }).notNull(),
  /** WORD or STOP */
  type: varchar('type', { length: 4 }).notNull(),
  createBy: varchar('create_by', { length: 64 }).notNull().default(''),
  createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('cms_search_dict_word_uq').on(t.siteId, t.type, t.word)]);

/**
 * A site's index rebuild in progress: a durable cursor (the last content indexed, in publish-date
 * order: `cursorDate` its date, `cursor` its id; contents without a date come first, while
 * `cursorDate` is null) so a rebuild the server's end interrupted goes on from there when it starts
 * again (rebuild.ts).
 * Rows indexed before `startTime` that the rebuild did not rewrite are dropped at its end.
 */
export const cmsSearchRebuild = pgTable('cms_search_rebuild', {
  siteId: bigint('site_id', { mode: 'number' }).primaryKey().references(() => cmsSite.siteId, { onDelete: 'cascade' }),
  cursor: bigint('cursor', { mode: 'number' }).notNull().default(0),
  cursorDate: timestamp('cursor_date', { withTimezone: true }),
  total: integer('total').notNull().default(0),
  done: integer('done').notNull().default(0),
  startTime: timestamp('start_time', { withTimezone: true }).notNull().defaultNow(),
  createBy: varchar('create_by', { length: 64 }).notNull().default(''),
});

/**
 * Contents whose index row is due: the publish queue adds the contents whose pages it rendered
 * (publish-hook.ts) and the publish worker indexes them once the queue is empty (pending.ts), so
 * pages go out as fast without the index, and a crash in between loses nothing: a row leaves this
 * table in the transaction that writes its index row.
 */
export const cmsSearchPending = pgTable('cms_search_pending', {
  contentId: bigint('content_id', { mode: 'number' }).primaryKey(),
  enqueuedAt: timestamp('enqueued_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('cms_search_pending_order_idx').on(t.enqueuedAt, t.contentId)]);
