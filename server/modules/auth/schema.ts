import { bigint, index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { sysUser } from '../system/schema.ts';

/**
 * Sessions live in the database so a token is valid across server processes and can be revoked.
 * Only the SHA-256 of the opaque token is stored; a leaked table does not leak sessions.
 */
export const sysSession = pgTable('sys_session', {
  tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
  /** A short public id shown in Online Users and used to force a logout, never the token itself. */
  sessionId: varchar('session_id', { length: 32 }).notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull().references(() => sysUser.userId, { onDelete: 'cascade' }),
  loginTime: timestamp('login_time', { withTimezone: true }).notNull().defaultNow(),
  lastActive: timestamp('last_active', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  ipaddr: varchar('ipaddr', { length: 128 }),
  browser: varchar('browser', { length: 50 }),
  os: varchar('os', { length: 50 }),
}, (t) => [index('sys_session_user_idx').on(t.userId), index('sys_session_sid_idx').on(t.sessionId)]);

export const sysCaptcha = pgTable('sys_captcha', {
  uuid: varchar('uuid', { length: 64 }).primaryKey(),
  code: varchar('code', { length: 16 }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Consecutive failed password checks per user name (lower-cased), kept whether or not the name
 * exists, so an unknown name earns the same "attempts left" and the same lock as a real one and a
 * guesser cannot tell them apart. An attempt is counted here before the password is checked.
 */
export const sysLoginAttempt = pgTable('sys_login_attempt', {
  nameKey: varchar('name_key', { length: 30 }).primaryKey(),
  failCount: integer('fail_count').notNull().default(0),
  /** while in the future, no password is checked for this name */
  lockEndTime: timestamp('lock_end_time', { withTimezone: true }),
  lastFailTime: timestamp('last_fail_time', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('sys_login_attempt_last_fail_idx').on(t.lastFailTime)]);
