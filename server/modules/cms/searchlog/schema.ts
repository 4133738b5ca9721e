import { bigint, date, index, integer, pgTable, primaryKey, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { cmsSite } from '../site/schema.ts';

/**
 * One public search (ChestnutCMS search_log): what was asked on which site, how many contents
 * answered and how long it took. The reader's address is kept only as a salted hash (a visitor can
 * be told apart from another, never identified), the browser only as its family.
 */
export const cmsSearchLog = pgTable('cms_search_log', {
  logId: bigint('log_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  siteId: bigint('site_id', { mode: 'number' }).notNull().references(() => cmsSite.siteId, { onDelete: 'cascade' }),
  query: varchar('query', { length: 100 }).notNull(),
  resultCount: integer('result_count').notNull().default(0),
  costMs: integer('cost_ms').notNull().default(0),
  /** sha-256 of the salt and the address, hex */
  ipHash: varchar('ip_hash', { length: 64 }).notNull(),
  /** Chrome, Firefox, Safari, Edge, Bot, Other */
  userAgent: varchar('user_agent', { length: 20 }).notNull(),
  createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('cms_search_log_site_time_idx').on(t.siteId, t.createTime)]);

/**
 * A site's searched words (ChestnutCMS search_word): how often each was asked; a word set on top
 * (topFlag > 0, larger first) leads the hot words whatever its count. Editors may add words.
 */
export const cmsSearchWord = pgTable('cms_search_word', {
  wordId: bigint('word_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  siteId: bigint('site_id', { mode: 'number' }).notNull().references(() => cmsSite.siteId, { onDelete: 'cascade' }),
  word: varchar('word', { length: 100 }).notNull(),
  searchTotal: bigint('search_total', { mode: 'number' }).notNull().default(0),
  /** searches of it that found something: only those words are offered to readers as popular searches (words.ts) */
  foundTotal: bigint('found_total', { mode: 'number' }).notNull().default(0),
  topFlag: bigint('top_flag', { mode: 'number' }).notNull().default(0),
  createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('cms_search_word_uq').on(t.siteId, t.word), index('cms_search_word_hot_idx').on(t.siteId, t.topFlag, t.searchTotal)]);

/** Searches of a word per day (UTC): the trend chart's figures, one row a word and day. */
export const cmsSearchWordDay = pgTable('cms_search_word_day', {
  wordId: bigint('word_id', { mode: 'number' }).notNull().references(() => cmsSearchWord.wordId, { onDelete: 'cascade' }),
  day: date('day', { mode: 'string' }).notNull(),
  searches: bigint('searches', { mode: 'number' }).notNull().default(0),
}, (t) => [primaryKey({ columns: [t.wordId, t.day] })]);
