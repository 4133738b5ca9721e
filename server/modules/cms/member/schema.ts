import { bigint, date, index, integer, pgTable, primaryKey, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
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

/**
 * Member levels (ChestnutCMS cc_member_level_config), per level type: a member at level L moves up
 * to L+1 once its experience reaches level L's `nextNeedExp` (exp.ts). Levels of one type are unique.
 */
export const cmsMemberLevelConfig = pgTable('cms_member_level_config', {
  configId: bigint('config_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  /** the level system (exp.ts LEVEL_TYPES: 'exp', the experience levels) */
  levelType: varchar('level_type', { length: 20 }).notNull().default('exp'),
  level: integer('level').notNull(),
  name: varchar('name', { length: 50 }).notNull(),
  /** total experience a member needs to leave this level for the next */
  nextNeedExp: integer('next_need_exp').notNull().default(0),
  ...audit,
}, (t) => [uniqueIndex('cms_member_level_config_uq').on(t.levelType, t.level)]);

/**
 * What an operation earns (ChestnutCMS cc_member_exp_config): `exp` per operation of `opType`, at
 * most `dayLimit` times a day and `totalLimit` times ever (0: no limit). One rule per operation and level type.
 */
export const cmsMemberExpConfig = pgTable('cms_member_exp_config', {
  expOperationId: bigint('exp_operation_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  /** exp.ts EXP_OPERATIONS: signIn, comment, contribute, like, favorite, follow, vote */
  opType: varchar('op_type', { length: 30 }).notNull(),
  levelType: varchar('level_type', { length: 20 }).notNull().default('exp'),
  exp: integer('exp').notNull().default(0),
  dayLimit: integer('day_limit').notNull().default(0),
  totalLimit: integer('total_limit').notNull().default(0),
  ...audit,
}, (t) => [uniqueIndex('cms_member_exp_config_uq').on(t.opType, t.levelType)]);

/** Each experience grant (what the daily and total limits count). `day` is the server's local date. */
export const cmsMemberExpLog = pgTable('cms_member_exp_log', {
  logId: bigint('log_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  memberId: bigint('member_id', { mode: 'number' }).notNull().references(() => cmsMember.memberId, { onDelete: 'cascade' }),
  opType: varchar('op_type', { length: 30 }).notNull(),
  levelType: varchar('level_type', { length: 20 }).notNull(),
  exp: integer('exp').notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  logTime: timestamp('log_time', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('cms_member_exp_log_member_idx').on(t.memberId, t.opType, t.day)]);

/** Daily sign-ins: one row per member and day (the key makes a second one that day impossible), with the streak it makes. */
export const cmsMemberSignIn = pgTable('cms_member_sign_in', {
  memberId: bigint('member_id', { mode: 'number' }).notNull().references(() => cmsMember.memberId, { onDelete: 'cascade' }),
  day: date('day', { mode: 'string' }).notNull(),
  /** consecutive days up to and including this one */
  streak: integer('streak').notNull().default(1),
  /** the experience this sign-in earned (0 once the rule's limits are reached, or without a rule) */
  exp: integer('exp').notNull().default(0),
  signTime: timestamp('sign_time', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.memberId, t.day] })]);

/**
 * E-mail codes (registration, forgotten password, a new address): only the code's SHA-256 is
 * kept, it expires, and it dies after a few wrong tries (email-codes.ts).
 */
export const cmsMemberEmailCode = pgTable('cms_member_email_code', {
  codeId: bigint('code_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  /** register | forgot | changeEmail */
  purpose: varchar('purpose', { length: 20 }).notNull(),
  /** the address, lower-cased */
  email: varchar('email', { length: 100 }).notNull(),
  /** the member asking (a change of address), else null */
  memberId: bigint('member_id', { mode: 'number' }).references(() => cmsMember.memberId, { onDelete: 'cascade' }),
  codeHash: varchar('code_hash', { length: 64 }).notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('cms_member_email_code_lookup_idx').on(t.purpose, t.email), index('cms_member_email_code_expires_idx').on(t.expiresAt)]);

/**
 * Failed member sign-ins per name: the console's retry limit and lock (auth/attempts.ts) counted in
 * a key space of their own, so guesses at a member never lock a console user of the same name, nor
 * the reverse. The same columns as sys_login_attempt (attempts.ts works on either).
 */
export const cmsMemberLoginAttempt = pgTable('cms_member_login_attempt', {
  nameKey: varchar('name_key', { length: 100 }).primaryKey(),
  failCount: integer('fail_count').notNull().default(0),
  lockEndTime: timestamp('lock_end_time', { withTimezone: true }),
  lastFailTime: timestamp('last_fail_time', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('cms_member_login_attempt_last_fail_idx').on(t.lastFailTime)]);
