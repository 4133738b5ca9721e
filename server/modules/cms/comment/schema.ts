import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { cmsSite } from '../site/schema.ts';
import { cmsMember } from '../member/schema.ts';

/**
 * Readers' comments (ChestnutCMS cc_comment): on a source (`cms_content` and its id), by a member
 * (`uid`) or, where the site allows it, by an anonymous reader (uid null, captcha checked). Two
 * levels as ChestnutCMS shows them: a top-level comment (parent 0) and its replies listed flat under
 * it, each naming the member it answers (`replyUid`). The content is plain text, never HTML.
 */
export const cmsComment = pgTable('cms_comment', {
  commentId: bigint('comment_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  siteId: bigint('site_id', { mode: 'number' }).notNull().references(() => cmsSite.siteId, { onDelete: 'cascade' }),
  /** 0 for a top-level comment, else the top-level comment the reply is listed under */
  parentId: bigint('parent_id', { mode: 'number' }).notNull().default(0),
  /** the comment a reply answers (the top-level one, or another reply under it) */
  replyId: bigint('reply_id', { mode: 'number' }),
  sourceType: varchar('source_type', { length: 50 }).notNull(),
  sourceId: bigint('source_id', { mode: 'number' }).notNull(),
  /** the member who wrote it; null for an anonymous reader, or a member since deleted */
  uid: bigint('uid', { mode: 'number' }).references(() => cmsMember.memberId, { onDelete: 'set null' }),
  /** the member the reply answers (shown "reply to X") */
  replyUid: bigint('reply_uid', { mode: 'number' }).references(() => cmsMember.memberId, { onDelete: 'set null' }),
  /** plain text as typed (stored and returned as text: pages put it in as text) */
  content: text('content').notNull(),
  likeCount: integer('like_count').notNull().default(0),
  /** the top-level comment's visible replies (audited, not deleted) */
  replyCount: integer('reply_count').notNull().default(0),
  /** dict CommentAuditStatus: 0 to audit, 1 passed, 2 not passed */
  auditStatus: varchar('audit_status', { length: 1 }).notNull().default('0'),
  auditUser: varchar('audit_user', { length: 64 }),
  auditTime: timestamp('audit_time', { withTimezone: true }),
  commentTime: timestamp('comment_time', { withTimezone: true }).notNull().defaultNow(),
  ip: varchar('ip', { length: 128 }).notNull().default(''),
  /** where the address is (no lookup database ships yet: empty) */
  location: varchar('location', { length: 100 }).notNull().default(''),
  /** PC or Mobile, from the reader's browser */
  clientType: varchar('client_type', { length: 20 }).notNull().default(''),
  userAgent: varchar('user_agent', { length: 300 }).notNull().default(''),
  /** N, or Y once deleted (by its author or the console); the console can recover it */
  delFlag: varchar('del_flag', { length: 1 }).notNull().default('N'),
  deleteTime: timestamp('delete_time', { withTimezone: true }),
}, (t) => [
  index('cms_comment_source_idx').on(t.sourceType, t.sourceId, t.parentId, t.commentId),
  index('cms_comment_parent_idx').on(t.parentId, t.commentId).where(sql`parent_id <> 0`),
  index('cms_comment_uid_idx').on(t.uid, t.commentId),
  index('cms_comment_site_idx').on(t.siteId, t.commentTime),
]);

/** Who liked a comment: once per member (the key), the comment's likeCount follows the rows. */
export const cmsCommentLike = pgTable('cms_comment_like', {
  commentId: bigint('comment_id', { mode: 'number' }).notNull().references(() => cmsComment.commentId, { onDelete: 'cascade' }),
  uid: bigint('uid', { mode: 'number' }).notNull().references(() => cmsMember.memberId, { onDelete: 'cascade' }),
  likeTime: timestamp('like_time', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.commentId, t.uid] }), index('cms_comment_like_uid_idx').on(t.uid)]);
