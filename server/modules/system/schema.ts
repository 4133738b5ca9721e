import { sql } from 'drizzle-orm';
import { bigint, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

export { audit } from '../../db/columns.ts';
import { audit } from '../../db/columns.ts';

export const sysDept = pgTable('sys_dept', {
  deptId: bigint('dept_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity({ startWith: 1000 }),
  parentId: bigint('parent_id', { mode: 'number' }).notNull().default(0),
  /** Comma-joined ids of every ancestor, root first: lets "dept and below" scopes filter with one LIKE. */
  ancestors: varchar('ancestors', { length: 500 }).notNull().default('0'),
  deptName: varchar('dept_name', { length: 50 }).notNull(),
  orderNum: integer('order_num').notNull().default(0),
  leader: varchar('leader', { length: 50 }),
  phone: varchar('phone', { length: 20 }),
  email: varchar('email', { length: 100 }),
  status: varchar('status', { length: 1 }).notNull().default('0'),
  ...audit,
});

export const sysUser = pgTable('sys_user', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity({ startWith: 1000 }),
  deptId: bigint('dept_id', { mode: 'number' }),
  userName: varchar('user_name', { length: 30 }).notNull(),
  nickName: varchar('nick_name', { length: 30 }).notNull(),
  realName: varchar('real_name', { length: 30 }),
  email: varchar('email', { length: 100 }),
  phoneNumber: varchar('phone_number', { length: 20 }),
  /** dict Gender: 0 male, 1 female, 2 unknown */
  sex: varchar('sex', { length: 1 }).notNull().default('2'),
  avatar: varchar('avatar', { length: 255 }),
  /** scrypt hash, never serialised */
  password: varchar('password', { length: 255 }).notNull(),
  /** dict SysUserStatus: 0 normal, 1 disabled, 2 locked */
  status: varchar('status', { length: 1 }).notNull().default('0'),
  loginIp: varchar('login_ip', { length: 128 }),
  loginDate: timestamp('login_date', { withTimezone: true }),
  /** The sign-in before the current one, so Home can tell the user when they were last here. */
  prevLoginIp: varchar('prev_login_ip', { length: 128 }),
  prevLoginDate: timestamp('prev_login_date', { withTimezone: true }),
  passwordModifyTime: timestamp('password_modify_time', { withTimezone: true }),
  forceModifyPassword: varchar('force_modify_password', { length: 1 }).notNull().default('N'),
  preferences: jsonb('preferences').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  // (Failed sign-ins and retry locks are counted per user name in the auth module's sys_login_attempt.)
  ...audit,
  // User names are unique whatever their case: `Admin` cannot sit beside `admin`, and sign-in ignores case.
}, (t) => [uniqueIndex('sys_user_user_name_lower_uq').on(sql`lower(${t.userName})`)]);

export const sysRole = pgTable('sys_role', {
  roleId: bigint('role_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity({ startWith: 1000 }),
  roleName: varchar('role_name', { length: 30 }).notNull(),
  roleKey: varchar('role_key', { length: 100 }).notNull(),
  roleSort: integer('role_sort').notNull().default(0),
  /** 1 all, 2 custom departments, 3 own department, 4 own department and below, 5 self only */
  dataScope: varchar('data_scope', { length: 1 }).notNull().default('1'),
  status: varchar('status', { length: 1 }).notNull().default('0'),
  ...audit,
}, (t) => [uniqueIndex('sys_role_role_key_uq').on(t.roleKey)]);

export const sysUserRole = pgTable('sys_user_role', {
  userId: bigint('user_id', { mode: 'number' }).notNull().references(() => sysUser.userId, { onDelete: 'cascade' }),
  roleId: bigint('role_id', { mode: 'number' }).notNull().references(() => sysRole.roleId, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.userId, t.roleId] })]);

export const sysRoleDept = pgTable('sys_role_dept', {
  roleId: bigint('role_id', { mode: 'number' }).notNull().references(() => sysRole.roleId, { onDelete: 'cascade' }),
  deptId: bigint('dept_id', { mode: 'number' }).notNull().references(() => sysDept.deptId, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.roleId, t.deptId] })]);

export const sysPost = pgTable('sys_post', {
  postId: bigint('post_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity({ startWith: 1000 }),
  postCode: varchar('post_code', { length: 64 }).notNull(),
  postName: varchar('post_name', { length: 50 }).notNull(),
  postSort: integer('post_sort').notNull().default(0),
  status: varchar('status', { length: 1 }).notNull().default('0'),
  ...audit,
}, (t) => [uniqueIndex('sys_post_post_code_uq').on(t.postCode)]);

export const sysUserPost = pgTable('sys_user_post', {
  userId: bigint('user_id', { mode: 'number' }).notNull().references(() => sysUser.userId, { onDelete: 'cascade' }),
  postId: bigint('post_id', { mode: 'number' }).notNull().references(() => sysPost.postId, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.userId, t.postId] })]);

export const sysMenu = pgTable('sys_menu', {
  menuId: bigint('menu_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity({ startWith: 100000 }),
  /** zh-CN name; other languages come from sys_i18n_dict key MENU.NAME.<menuId> */
  menuName: varchar('menu_name', { length: 50 }).notNull(),
  parentId: bigint('parent_id', { mode: 'number' }).notNull().default(0),
  orderNum: integer('order_num').notNull().default(0),
  path: varchar('path', { length: 200 }).notNull().default(''),
  component: varchar('component', { length: 255 }),
  query: varchar('query', { length: 255 }),
  /** Y = external link (opens outside the console) */
  isFrame: varchar('is_frame', { length: 1 }).notNull().default('N'),
  isCache: varchar('is_cache', { length: 1 }).notNull().default('Y'),
  /** M directory, C menu, F button */
  menuType: varchar('menu_type', { length: 1 }).notNull(),
  visible: varchar('visible', { length: 1 }).notNull().default('Y'),
  status: varchar('status', { length: 1 }).notNull().default('0'),
  perms: varchar('perms', { length: 100 }),
  icon: varchar('icon', { length: 100 }).notNull().default('#'),
  ...audit,
});

export const sysRoleMenu = pgTable('sys_role_menu', {
  roleId: bigint('role_id', { mode: 'number' }).notNull().references(() => sysRole.roleId, { onDelete: 'cascade' }),
  menuId: bigint('menu_id', { mode: 'number' }).notNull().references(() => sysMenu.menuId, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.roleId, t.menuId] })]);

export const sysDictType = pgTable('sys_dict_type', {
  dictId: bigint('dict_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity({ startWith: 1000 }),
  dictName: varchar('dict_name', { length: 100 }).notNull(),
  dictType: varchar('dict_type', { length: 100 }).notNull(),
  status: varchar('status', { length: 1 }).notNull().default('0'),
  /** Y: shipped with the product and protected from deletion */
  fixed: varchar('fixed', { length: 1 }).notNull().default('N'),
  ...audit,
}, (t) => [uniqueIndex('sys_dict_type_dict_type_uq').on(t.dictType)]);

export const sysDictData = pgTable('sys_dict_data', {
  dictCode: bigint('dict_code', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity({ startWith: 1000 }),
  dictSort: integer('dict_sort').notNull().default(0),
  /** zh-CN label; other languages come from sys_i18n_dict key DICT.<dictType>.<dictValue> */
  dictLabel: varchar('dict_label', { length: 100 }).notNull(),
  dictValue: varchar('dict_value', { length: 100 }).notNull(),
  dictType: varchar('dict_type', { length: 100 }).notNull(),
  cssClass: varchar('css_class', { length: 100 }),
  listClass: varchar('list_class', { length: 100 }),
  isDefault: varchar('is_default', { length: 1 }).notNull().default('N'),
  status: varchar('status', { length: 1 }).notNull().default('0'),
  fixed: varchar('fixed', { length: 1 }).notNull().default('N'),
  ...audit,
}, (t) => [uniqueIndex('sys_dict_data_type_value_uq').on(t.dictType, t.dictValue)]);

export const sysConfig = pgTable('sys_config', {
  configId: bigint('config_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity({ startWith: 1000 }),
  configName: varchar('config_name', { length: 100 }).notNull(),
  configKey: varchar('config_key', { length: 100 }).notNull(),
  configValue: text('config_value').notNull().default(''),
  /** Y: built in, cannot be deleted */
  configType: varchar('config_type', { length: 1 }).notNull().default('N'),
  ...audit,
}, (t) => [uniqueIndex('sys_config_config_key_uq').on(t.configKey)]);

/** Server-side texts per language: menu titles, dict labels, and overrides of any message key. */
export const sysI18nDict = pgTable('sys_i18n_dict', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity({ startWith: 1000 }),
  langTag: varchar('lang_tag', { length: 20 }).notNull(),
  langKey: varchar('lang_key', { length: 200 }).notNull(),
  langValue: text('lang_value').notNull(),
  ...audit,
}, (t) => [uniqueIndex('sys_i18n_dict_tag_key_uq').on(t.langTag, t.langKey)]);

/** Marks which idempotent seed steps have run, so a restart never re-creates what an admin deleted. */
export const sysSeedState = pgTable('sys_seed_state', {
  step: varchar('step', { length: 100 }).primaryKey(),
  doneAt: timestamp('done_at', { withTimezone: true }).notNull().defaultNow(),
});


/** Password and login rules (spec §3 Security config); at most one row is enabled at a time. */
export const sysSecurityConfig = pgTable('sys_security_config', {
  configId: bigint('config_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity({ startWith: 1000 }),
  /** dict EnableOrDisable: 0 enabled (the active one), 1 disabled */
  status: varchar('status', { length: 1 }).notNull().default('1'),
  passwordLenMin: integer('password_len_min').notNull().default(6),
  passwordLenMax: integer('password_len_max').notNull().default(20),
  /** dict SecurityPasswordRule */
  passwordRule: varchar('password_rule', { length: 40 }).notNull().default('NONE'),
  /** dict SecurityPasswordSensitive values the password may not contain */
  passwordSensitive: jsonb('password_sensitive').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  /** one weak password per line */
  weakPasswords: text('weak_passwords').notNull().default(''),
  /** 0 = never expires; at most 100 days (spec §9) */
  passwordExpireSeconds: integer('password_expire_seconds').notNull().default(0),
  /** 0 = unlimited */
  passwordRetryLimit: integer('password_retry_limit').notNull().default(0),
  /** dict SecurityPasswordRetryStrategy: NONE, DISABLE, LOCK */
  passwordRetryStrategy: varchar('password_retry_strategy', { length: 20 }).notNull().default('NONE'),
  /** at most 365 days (spec §9) */
  passwordRetryLockSeconds: integer('password_retry_lock_seconds').notNull().default(0),
  forceModifyPwdAfterAdd: varchar('force_modify_pwd_after_add', { length: 1 }).notNull().default('N'),
  forceModifyPwdAfterReset: varchar('force_modify_pwd_after_reset', { length: 1 }).notNull().default('N'),
  ...audit,
});

export const sysNotice = pgTable('sys_notice', {
  noticeId: bigint('notice_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity({ startWith: 1000 }),
  noticeTitle: varchar('notice_title', { length: 100 }).notNull(),
  /** dict NoticeType */
  noticeType: varchar('notice_type', { length: 10 }).notNull().default('1'),
  /** rich text (HTML), sanitised on save */
  noticeContent: text('notice_content').notNull().default(''),
  /** dict NoticeStatus: 0 normal, 1 closed */
  status: varchar('status', { length: 1 }).notNull().default('0'),
  ...audit,
});

/** IP rules (spec §3): a single address or a CIDR block, allowed or denied, until an optional expiry. */
export const sysIpRule = pgTable('sys_ip_rule', {
  ruleId: bigint('rule_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity({ startWith: 1000 }),
  ip: varchar('ip', { length: 64 }).notNull(),
  /** ALLOW or DENY */
  type: varchar('type', { length: 10 }).notNull(),
  expireTime: timestamp('expire_time', { withTimezone: true }),
  ...audit,
});
