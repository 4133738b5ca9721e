import { bigint, index, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { cmsMember } from '../member/schema.ts';
import { cmsContent } from '../content/schema.ts';
import { cmsSite } from '../site/schema.ts';

/**
 * A member's like of a content (ChestnutCMS cc_member_like): once per member and content (the key);
 * the content's likeCount moves by one in the transaction whose insert or delete took effect.
 */
export const cmsMemberLike = pgTable('cms_member_like', {
  memberId: bigint('member_id', { mode: 'number' }).notNull().references(() => cmsMember.memberId, { onDelete: 'cascade' }),
  contentId: bigint('content_id', { mode: 'number' }).notNull().references(() => cmsContent.contentId, { onDelete: 'cascade' }),
  siteId: bigint('site_id', { mode: 'number' }).notNull().references(() => cmsSite.siteId, { onDelete: 'cascade' }),
  createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.memberId, t.contentId] }), index('cms_member_like_member_idx').on(t.memberId, t.createTime), index('cms_member_like_content_idx').on(t.contentId)]);

/** A member's favorite content (ChestnutCMS cc_member_favorites): as likes, counted in favoriteCount. */
export const cmsMemberFavorite = pgTable('cms_member_favorite', {
  memberId: bigint('member_id', { mode: 'number' }).notNull().references(() => cmsMember.memberId, { onDelete: 'cascade' }),
  contentId: bigint('content_id', { mode: 'number' }).notNull().references(() => cmsContent.contentId, { onDelete: 'cascade' }),
  siteId: bigint('site_id', { mode: 'number' }).notNull().references(() => cmsSite.siteId, { onDelete: 'cascade' }),
  createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.memberId, t.contentId] }), index('cms_member_favorite_member_idx').on(t.memberId, t.createTime), index('cms_member_favorite_content_idx').on(t.contentId)]);

/** A member following another (ChestnutCMS cc_member_follow): once per pair, never oneself. */
export const cmsMemberFollow = pgTable('cms_member_follow', {
  memberId: bigint('member_id', { mode: 'number' }).notNull().references(() => cmsMember.memberId, { onDelete: 'cascade' }),
  followId: bigint('follow_id', { mode: 'number' }).notNull().references(() => cmsMember.memberId, { onDelete: 'cascade' }),
  createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.memberId, t.followId] }), index('cms_member_follow_follower_idx').on(t.followId, t.createTime), index('cms_member_follow_member_idx').on(t.memberId, t.createTime)]);
