import { timestamp, varchar } from 'drizzle-orm/pg-core';

/** Audit columns every editable row carries (ChestnutCMS BaseEntity); the resource layer fills them. */
export const audit = {
  createBy: varchar('create_by', { length: 64 }).notNull().default(''),
  createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  updateBy: varchar('update_by', { length: 64 }),
  updateTime: timestamp('update_time', { withTimezone: true }),
  remark: varchar('remark', { length: 500 }),
};
