import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit } from '../../../db/columns.ts';
import { cmsSite } from '../site/schema.ts';
import { cmsXModel } from '../xmodel/schema.ts';

/** A site's custom forms: an extension model (bound to forms) and the rules of submitting it. */
export const cmsCustomForm = pgTable('cms_custom_form', {
  formId: bigint('form_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  siteId: bigint('site_id', { mode: 'number' }).notNull().references(() => cmsSite.siteId, { onDelete: 'cascade' }),
  name: varchar('name', { length: 100 }).notNull(),
  code: varchar('code', { length: 50 }).notNull(),
  /** its fields; a model in use by a form cannot be deleted (restrict) */
  modelId: bigint('model_id', { mode: 'number' }).notNull().references(() => cmsXModel.modelId, { onDelete: 'restrict' }),
  /** '0' offline, '1' published (CustomFormStatus) */
  status: varchar('status', { length: 1 }).notNull().default('0'),
  /** anyone | members */
  submitters: varchar('submitters', { length: 10 }).notNull().default('anyone'),
  needCaptcha: varchar('need_captcha', { length: 1 }).notNull().default('N'),
  /** submissions per address per day; 0 = no limit */
  dailyLimit: integer('daily_limit').notNull().default(0),
  openTime: timestamp('open_time', { withTimezone: true }),
  closeTime: timestamp('close_time', { withTimezone: true }),
  /** the submit button's words, in the site's language (a published form is static HTML: it cannot follow the reader's) */
  submitText: varchar('submit_text', { length: 50 }).notNull().default(''),
  /** its template per pipe code (what publishing renders there); a pipe without one gets the built-in markup (form-html.ts) */
  templates: jsonb('templates').$type<Record<string, string>>().notNull().default({}),
  ...audit,
}, (t) => [uniqueIndex('cms_custom_form_code_uq').on(t.siteId, t.code)]);

/**
 * A reader's submission: the checked values by field code (rich text sanitized, everything else
 * plain text the console shows as text), the address it came from, and one text of its values
 * for the entries' search.
 */
export const cmsCustomFormData = pgTable('cms_custom_form_data', {
  entryId: bigint('entry_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  siteId: bigint('site_id', { mode: 'number' }).notNull().references(() => cmsSite.siteId, { onDelete: 'cascade' }),
  formId: bigint('form_id', { mode: 'number' }).notNull().references(() => cmsCustomForm.formId, { onDelete: 'cascade' }),
  values: jsonb('values').$type<Record<string, unknown>>().notNull(),
  search: text('search').notNull().default(''),
  ip: varchar('ip', { length: 64 }).notNull(),
  ...audit,
}, (t) => [index('cms_custom_form_data_form_idx').on(t.formId, t.createTime), index('cms_custom_form_data_ip_idx').on(t.formId, t.ip, t.createTime)]);
