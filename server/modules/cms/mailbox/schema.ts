import { bigint, index, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { audit } from '../../../db/columns.ts';
import { cmsSite } from '../site/schema.ts';

/**
 * A reader's "contact us" message to one site (spec §3 "Mailbox message"), sent from the published
 * site through the public API. Every value is kept as the reader typed it, plain text: the console
 * shows it as text and never as HTML. Unreviewed ('0') until an editor marks it reviewed ('1'),
 * and back (spec §4).
 */
export const cmsMailbox = pgTable('cms_mailbox', {
  mailboxId: bigint('mailbox_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  siteId: bigint('site_id', { mode: 'number' }).notNull().references(() => cmsSite.siteId, { onDelete: 'cascade' }),
  /** the subject */
  title: varchar('title', { length: 200 }).notNull(),
  name: varchar('name', { length: 50 }).notNull(),
  phone: varchar('phone', { length: 30 }),
  email: varchar('email', { length: 100 }),
  content: text('content').notNull(),
  /** '0' unreviewed, '1' reviewed */
  reviewStatus: varchar('review_status', { length: 1 }).notNull().default('0'),
  reviewBy: varchar('review_by', { length: 64 }),
  reviewTime: timestamp('review_time', { withTimezone: true }),
  /** the last e-mail reply sent from the console, and when */
  replyContent: text('reply_content'),
  replyBy: varchar('reply_by', { length: 64 }),
  replyTime: timestamp('reply_time', { withTimezone: true }),
  /** the sender's address, as the public API saw it */
  ip: varchar('ip', { length: 128 }).notNull().default(''),
  /** the member who sent it, when signed in */
  memberId: bigint('member_id', { mode: 'number' }),
  ...audit,
}, (t) => [index('cms_mailbox_site_idx').on(t.siteId, t.reviewStatus, t.createTime)]);
