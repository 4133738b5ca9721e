import { bigint, date, index, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { audit } from '../../../db/columns.ts';

/**
 * The readers' accounts (ChestnutCMS cc_member): one table for every site, as there; `sourceSite`
 * records where a member registered. Never a console user: members sign in through the public API
 * only, with their own sessions (cms_member_session), and no console route reads those.
 */
export const cmsMember = pgTable('cms_member', {
  memberId: bigint('member_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  /** letters, digits and underscore, starting with a letter (spec §5); stored as typed, unique case-insensitively */
  userName: varchar('user_name', { length: 30 }),
  nickName: varchar('nick_name', { length: 30 }),
  email: varchar('email', { length: 100 }),
  phoneNumber: varchar('phone_number', { length: 20 }),
  /** bcrypt, like a console user's (server/modules/system/password.ts) */
  password: varchar('password', { length: 100 }).notNull(),
  birthday: date('birthday', { mode: 'string' }),
  gender: varchar('gender', { length: 1 }),
  /** an image path under DATA_DIR/members/ (served by the public API), or empty */
  avatar: varchar('avatar', { length: 255 }),
  signature: varchar('signature', { length: 200 }),
  description: varchar('description', { length: 500 }),
  /** dict MemberStatus: 0 valid, 1 disabled */
  status: varchar('status', { length: 1 }).notNull().default('0'),
  /** where the account came from: Register (a reader), Admin (the console), Import */
  source: varchar('source', { length: 20 }).notNull().default('Register'),
  sourceSite: bigint('source_site', { mode: 'number' }),
  exp: integer('exp').notNull().default(0),
  level: integer('level').notNull().default(0),
  registerTime: timestamp('register_time', { withTimezone: true }).notNull().defaultNow(),
  lastLoginTime: timestamp('last_login_time', { withTimezone: true }),
  lastLoginIp: varchar('last_login_ip', { length: 128 }),
  ...audit,
}, (t) => [
  uniqueIndex('cms_member_user_name_uq').on(sql`lower(${t.userName})`),
  uniqueIndex('cms_member_email_uq').on(sql`lower(${t.email})`),
  uniqueIndex('cms_member_phone_uq').on(t.phoneNumber),
  index('cms_member_register_time_idx').on(t.registerTime),
]);

/**
 * A member's sign-in: only the SHA-256 of the opaque token is kept (as console sessions in
 * sys_session, but in a table of its own, so a member's token never opens a console route and a
 * console token never opens a member's).
 */
export const cmsMemberSession = pgTable('cms_member_session', {
  tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
  memberId: bigint('member_id', { mode: 'number' }).notNull().references(() => cmsMember.memberId, { onDelete: 'cascade' }),
  siteId: bigint('site_id', { mode: 'number' }),
  loginTime: timestamp('login_time', { withTimezone: true }).notNull().defaultNow(),
  lastActive: timestamp('last_active', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  ipaddr: varchar('ipaddr', { length: 128 }),
  userAgent: varchar('user_agent', { length: 200 }),
}, (t) => [index('cms_member_session_member_idx').on(t.memberId), index('cms_member_session_expires_idx').on(t.expiresAt)]);
