import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit } from '../../../db/columns.ts';
import { cmsSite } from '../site/schema.ts';

// Field names follow ChestnutCMS's word module (groupId, wordId, useCount ~ hitCount) so its
// request and response shapes carry over; the audit columns bring `remark`.

/** A site's tag word groups, a tree (parentId 0 = a root group); templates name one by its code. */
export const cmsTagWordGroup = pgTable('cms_tag_word_group', {
  groupId: bigint('group_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  siteId: bigint('site_id', { mode: 'number' }).notNull().references(() => cmsSite.siteId, { onDelete: 'cascade' }),
  /** 0 for a root group; a child names its parent in the same site (kept by the operations, not a FK, as 0 is no row) */
  parentId: bigint('parent_id', { mode: 'number' }).notNull().default(0),
  name: varchar('name', { length: 100 }).notNull(),
  code: varchar('code', { length: 50 }).notNull(),
  sortFlag: integer('sort_flag').notNull().default(0),
  ...audit,
}, (t) => [
  uniqueIndex('cms_tag_word_group_code_uq').on(t.siteId, t.code),
  index('cms_tag_word_group_parent_idx').on(t.siteId, t.parentId),
]);

/** A group's tag words; the editor's tag field suggests them, most used first. */
export const cmsTagWord = pgTable('cms_tag_word', {
  wordId: bigint('word_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  siteId: bigint('site_id', { mode: 'number' }).notNull().references(() => cmsSite.siteId, { onDelete: 'cascade' }),
  groupId: bigint('group_id', { mode: 'number' }).notNull().references(() => cmsTagWordGroup.groupId, { onDelete: 'cascade' }),
  word: varchar('word', { length: 100 }).notNull(),
  /** a path of the site's resource library, or empty */
  logo: varchar('logo', { length: 255 }),
  sortFlag: integer('sort_flag').notNull().default(0),
  /** how many of the site's contents carry this word as a tag (content saves keep it, never below 0) */
  useCount: integer('use_count').notNull().default(0),
  ...audit,
}, (t) => [
  uniqueIndex('cms_tag_word_word_uq').on(t.groupId, t.word),
  index('cms_tag_word_site_word_idx').on(t.siteId, t.word),
  check('cms_tag_word_use_count_ck', sql`${t.useCount} >= 0`),
]);

/** A site's hot word groups (flat); templates and the linking engine name one by its code. */
export const cmsHotWordGroup = pgTable('cms_hot_word_group', {
  groupId: bigint('group_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  siteId: bigint('site_id', { mode: 'number' }).notNull().references(() => cmsSite.siteId, { onDelete: 'cascade' }),
  name: varchar('name', { length: 100 }).notNull(),
  code: varchar('code', { length: 50 }).notNull(),
  sortFlag: integer('sort_flag').notNull().default(0),
  ...audit,
}, (t) => [uniqueIndex('cms_hot_word_group_code_uq').on(t.siteId, t.code)]);

/** A hot word links its word in published text to `url`. */
export const cmsHotWord = pgTable('cms_hot_word', {
  wordId: bigint('word_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  siteId: bigint('site_id', { mode: 'number' }).notNull().references(() => cmsSite.siteId, { onDelete: 'cascade' }),
  groupId: bigint('group_id', { mode: 'number' }).notNull().references(() => cmsHotWordGroup.groupId, { onDelete: 'cascade' }),
  word: varchar('word', { length: 100 }).notNull(),
  /** http://, https:// or a site-relative path starting with / */
  url: varchar('url', { length: 500 }).notNull(),
  /** '_self' | '_blank' */
  urlTarget: varchar('url_target', { length: 10 }).notNull().default('_blank'),
  sortFlag: integer('sort_flag').notNull().default(0),
  ...audit,
}, (t) => [
  uniqueIndex('cms_hot_word_word_uq').on(t.groupId, t.word),
  index('cms_hot_word_group_idx').on(t.groupId, t.sortFlag),
]);

/** Sensitive words, global to the installation as in ChestnutCMS; a WHITELIST word is never flagged. */
export const cmsSensitiveWord = pgTable('cms_sensitive_word', {
  wordId: bigint('word_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  word: varchar('word', { length: 100 }).notNull(),
  /** 'SENSITIVE' | 'WHITELIST' */
  type: varchar('type', { length: 20 }).notNull().default('SENSITIVE'),
  /** what replaces the word when text is cleaned; empty means masking */
  replaceWord: varchar('replace_word', { length: 100 }),
  ...audit,
}, (t) => [uniqueIndex('cms_sensitive_word_word_uq').on(t.word)]);

/** Error-prone words (a common misspelling and its correction), global as in ChestnutCMS. */
export const cmsErrorProneWord = pgTable('cms_error_prone_word', {
  wordId: bigint('word_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  word: varchar('word', { length: 100 }).notNull(),
  replaceWord: varchar('replace_word', { length: 100 }).notNull(),
  ...audit,
}, (t) => [uniqueIndex('cms_error_prone_word_word_uq').on(t.word)]);
