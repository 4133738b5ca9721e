import { bigint, index, integer, jsonb, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit } from '../../../db/columns.ts';
import { cmsSite } from '../site/schema.ts';

/**
 * A site's votes (ChestnutCMS cc_vote). Votes are per site: the console works on the current
 * site's, a published page's form names its vote by code, and the public API answers a vote only
 * to a request for its own site (the stored row's site, never one the request names).
 */
export const cmsVote = pgTable('cms_vote', {
  voteId: bigint('vote_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  siteId: bigint('site_id', { mode: 'number' }).notNull().references(() => cmsSite.siteId, { onDelete: 'cascade' }),
  /** what a template names it by (`cms_vote code: …`): letters, digits, underscore; unique per site */
  code: varchar('code', { length: 50 }).notNull(),
  title: varchar('title', { length: 200 }).notNull(),
  /** dict VoteStatus: 0 normal, 1 stopped (not shown), 2 closed (shown, no more submissions) */
  status: varchar('status', { length: 1 }).notNull().default('0'),
  startTime: timestamp('start_time', { withTimezone: true }),
  endTime: timestamp('end_time', { withTimezone: true }),
  /** who may vote and what the limits count: 'ip' anyone, counted per address; 'member' signed-in members, counted per member */
  userType: varchar('user_type', { length: 10 }).notNull().default('ip'),
  /** submissions per voter per day (the server's day); 0 = no daily limit */
  dayLimit: integer('day_limit').notNull().default(1),
  /** submissions per voter in all; 0 = no limit */
  totalLimit: integer('total_limit').notNull().default(1),
  /** dict VoteViewType: 0 results never shown to readers, 1 after the reader voted, 2 always */
  viewType: varchar('view_type', { length: 1 }).notNull().default('2'),
  /** submissions stored (kept with them, in the same transaction) */
  total: integer('total').notNull().default(0),
  ...audit,
}, (t) => [uniqueIndex('cms_vote_code_uq').on(t.siteId, t.code)]);

/** A vote's questions (ChestnutCMS cc_vote_subject): single choice, multiple choice or a text answer. */
export const cmsVoteSubject = pgTable('cms_vote_subject', {
  subjectId: bigint('subject_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  siteId: bigint('site_id', { mode: 'number' }).notNull().references(() => cmsSite.siteId, { onDelete: 'cascade' }),
  voteId: bigint('vote_id', { mode: 'number' }).notNull().references(() => cmsVote.voteId, { onDelete: 'cascade' }),
  /** dict VoteSubjectType: radio, checkbox, input */
  type: varchar('type', { length: 10 }).notNull(),
  title: varchar('title', { length: 500 }).notNull(),
  sortFlag: integer('sort_flag').notNull().default(0),
  ...audit,
}, (t) => [index('cms_vote_subject_vote_idx').on(t.voteId, t.sortFlag)]);

/** A choice subject's options (ChestnutCMS cc_vote_subject_item), each counting the submissions that chose it. */
export const cmsVoteSubjectItem = pgTable('cms_vote_subject_item', {
  itemId: bigint('item_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  siteId: bigint('site_id', { mode: 'number' }).notNull().references(() => cmsSite.siteId, { onDelete: 'cascade' }),
  voteId: bigint('vote_id', { mode: 'number' }).notNull().references(() => cmsVote.voteId, { onDelete: 'cascade' }),
  subjectId: bigint('subject_id', { mode: 'number' }).notNull().references(() => cmsVoteSubject.subjectId, { onDelete: 'cascade' }),
  content: varchar('content', { length: 500 }).notNull(),
  sortFlag: integer('sort_flag').notNull().default(0),
  /** submissions that chose it (raised in the submission's transaction) */
  total: integer('total').notNull().default(0),
}, (t) => [index('cms_vote_item_subject_idx').on(t.subjectId, t.sortFlag)]);

/** One stored answer of a subject in a submission: the items chosen, or the text typed (plain text). */
export interface VoteAnswer {
  subjectId: number;
  itemIds?: number[];
  text?: string;
}

/**
 * One submission (ChestnutCMS cc_vote_log). `voterKey` is what the vote's limits count:
 * `m:<memberId>` on a members-only vote, `ip:<address>` on a vote open to anyone.
 */
export const cmsVoteLog = pgTable('cms_vote_log', {
  logId: bigint('log_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  siteId: bigint('site_id', { mode: 'number' }).notNull().references(() => cmsSite.siteId, { onDelete: 'cascade' }),
  voteId: bigint('vote_id', { mode: 'number' }).notNull().references(() => cmsVote.voteId, { onDelete: 'cascade' }),
  voterKey: varchar('voter_key', { length: 160 }).notNull(),
  /** the signed-in member, if any (also on votes open to anyone) */
  memberId: bigint('member_id', { mode: 'number' }),
  ip: varchar('ip', { length: 128 }).notNull(),
  userAgent: varchar('user_agent', { length: 300 }),
  result: jsonb('result').$type<VoteAnswer[]>().notNull(),
  logTime: timestamp('log_time', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('cms_vote_log_voter_idx').on(t.voteId, t.voterKey, t.logTime)]);
