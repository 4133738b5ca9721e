import { bigint, integer, jsonb, pgTable, text, timestamp, varchar, index } from 'drizzle-orm/pg-core';

export const sysLogininfor = pgTable('sys_logininfor', {
  infoId: bigint('info_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  userName: varchar('user_name', { length: 50 }).notNull().default(''),
  ipaddr: varchar('ipaddr', { length: 128 }).notNull().default(''),
  browser: varchar('browser', { length: 50 }).notNull().default(''),
  os: varchar('os', { length: 50 }).notNull().default(''),
  /** dict SuccessOrFail: 0 success, 1 fail */
  status: varchar('status', { length: 1 }).notNull(),
  /** the message in zh-CN as written; what a row shows when it has no key (rows older than msg_key) */
  msg: varchar('msg', { length: 255 }).notNull().default(''),
  /** the message as a server message key and its parameters, translated into the reader's language */
  msgKey: varchar('msg_key', { length: 100 }),
  msgParams: jsonb('msg_params').$type<Record<string, unknown>>(),
  loginTime: timestamp('login_time', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('sys_logininfor_time_idx').on(t.loginTime)]);

export const sysOperLog = pgTable('sys_oper_log', {
  operId: bigint('oper_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  title: varchar('title', { length: 100 }).notNull().default(''),
  /** ADD, UPDATE, DELETE, GRANT, EXPORT, IMPORT, FORCE, CLEAN, OTHER */
  businessType: varchar('business_type', { length: 20 }).notNull().default('OTHER'),
  requestMethod: varchar('request_method', { length: 10 }).notNull(),
  operName: varchar('oper_name', { length: 50 }).notNull().default(''),
  operUrl: varchar('oper_url', { length: 500 }).notNull(),
  operIp: varchar('oper_ip', { length: 128 }).notNull().default(''),
  operParam: text('oper_param'),
  jsonResult: text('json_result'),
  /** dict SuccessOrFail */
  status: varchar('status', { length: 1 }).notNull(),
  errorMsg: text('error_msg'),
  operTime: timestamp('oper_time', { withTimezone: true }).notNull().defaultNow(),
  costTime: integer('cost_time').notNull().default(0),
}, (t) => [index('sys_oper_log_time_idx').on(t.operTime)]);
