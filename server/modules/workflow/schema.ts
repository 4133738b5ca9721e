import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit } from '../../db/columns.ts';
import { cmsCatalog, cmsContent, cmsSite } from '../cms/schema.ts';

/** Workflow categories: labels grouping models (system-wide). */
export const wfCategory = pgTable('wf_category', {
  categoryId: bigint('category_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  code: varchar('code', { length: 50 }).notNull().unique('wf_category_code_uq'),
  name: varchar('name', { length: 100 }).notNull(),
  sortFlag: integer('sort_flag').notNull().default(0),
  ...audit,
});

/**
 * Review models: the draft BPMN XML the modeler edits, and what bindings name. `version` is the
 * latest deployed version (0: never deployed); `status` 0 active, 1 suspended.
 */
export const wfModel = pgTable('wf_model', {
  modelId: bigint('model_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  modelKey: varchar('model_key', { length: 64 }).notNull().unique('wf_model_key_uq'),
  name: varchar('name', { length: 100 }).notNull(),
  categoryId: bigint('category_id', { mode: 'number' }).references(() => wfCategory.categoryId, { onDelete: 'set null' }),
  version: integer('version').notNull().default(0),
  status: varchar('status', { length: 1 }).notNull().default('0'),
  /** 'Y': the submitter may decide a step of their own submission */
  selfReview: varchar('self_review', { length: 1 }).notNull().default('N'),
  xml: text('xml'),
  deployTime: timestamp('deploy_time', { withTimezone: true }),
  ...audit,
});

/** Each deploy freezes the draft as a version; instances run on the version they started on. */
export const wfModelVersion = pgTable('wf_model_version', {
  versionId: bigint('version_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  modelId: bigint('model_id', { mode: 'number' }).notNull().references(() => wfModel.modelId, { onDelete: 'cascade' }),
  version: integer('version').notNull(),
  xml: text('xml').notNull(),
  deployBy: varchar('deploy_by', { length: 64 }).notNull(),
  deployTime: timestamp('deploy_time', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('wf_model_version_uq').on(t.modelId, t.version)]);

/** A site's default model (its catalogs without a binding of their own use it). */
export const wfSiteBinding = pgTable('wf_site_binding', {
  siteId: bigint('site_id', { mode: 'number' }).primaryKey().references(() => cmsSite.siteId, { onDelete: 'cascade' }),
  modelId: bigint('model_id', { mode: 'number' }).notNull().references(() => wfModel.modelId, { onDelete: 'cascade' }),
});

/** A catalog's own model for its contents. */
export const wfCatalogBinding = pgTable('wf_catalog_binding', {
  catalogId: bigint('catalog_id', { mode: 'number' }).primaryKey().references(() => cmsCatalog.catalogId, { onDelete: 'cascade' }),
  siteId: bigint('site_id', { mode: 'number' }).notNull().references(() => cmsSite.siteId, { onDelete: 'cascade' }),
  modelId: bigint('model_id', { mode: 'number' }).notNull().references(() => wfModel.modelId, { onDelete: 'cascade' }),
}, (t) => [index('wf_catalog_binding_site_idx').on(t.siteId)]);

/**
 * One review of a content: from its submission to its approval (published), rejection or
 * cancellation. `node` is where its token waits (a user task's id) while running.
 */
export const wfInstance = pgTable('wf_instance', {
  instanceId: bigint('instance_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  siteId: bigint('site_id', { mode: 'number' }).notNull().references(() => cmsSite.siteId, { onDelete: 'cascade' }),
  contentId: bigint('content_id', { mode: 'number' }).notNull().references(() => cmsContent.contentId, { onDelete: 'cascade' }),
  versionId: bigint('version_id', { mode: 'number' }).notNull().references(() => wfModelVersion.versionId, { onDelete: 'cascade' }),
  /** running, approved, rejected, cancelled */
  status: varchar('status', { length: 16 }).notNull(),
  /** the content's status before it was submitted: a rejection gives it back */
  priorStatus: varchar('prior_status', { length: 8 }).notNull(),
  node: varchar('node', { length: 255 }),
  submitter: varchar('submitter', { length: 64 }).notNull(),
  /** the submitter's role keys when they submitted: gateways' `role` conditions read these */
  submitterRoles: text('submitter_roles').array().notNull().default([]),
  /** the model's selfReview when submitted: 'Y' lets the submitter decide their own steps */
  selfReview: varchar('self_review', { length: 1 }).notNull().default('N'),
  startTime: timestamp('start_time', { withTimezone: true }).notNull().defaultNow(),
  endTime: timestamp('end_time', { withTimezone: true }),
}, (t) => [
  index('wf_instance_content_idx').on(t.contentId),
  // at most one running review per content
  uniqueIndex('wf_instance_running_uq').on(t.contentId).where(sql`status = 'running'`),
]);

/** A review step waiting for (or decided by) one of its candidates. */
export const wfTask = pgTable('wf_task', {
  taskId: bigint('task_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  instanceId: bigint('instance_id', { mode: 'number' }).notNull().references(() => wfInstance.instanceId, { onDelete: 'cascade' }),
  siteId: bigint('site_id', { mode: 'number' }).notNull(),
  contentId: bigint('content_id', { mode: 'number' }).notNull(),
  node: varchar('node', { length: 255 }).notNull(),
  step: varchar('step', { length: 255 }).notNull(),
  candidateUsers: text('candidate_users').array().notNull().default([]),
  candidateRoles: text('candidate_roles').array().notNull().default([]),
  submitter: varchar('submitter', { length: 64 }).notNull(),
  selfReview: varchar('self_review', { length: 1 }).notNull().default('N'),
  /** pending, approved, rejected, cancelled */
  status: varchar('status', { length: 16 }).notNull(),
  assignee: varchar('assignee', { length: 64 }),
  comment: varchar('comment', { length: 1000 }),
  createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  endTime: timestamp('end_time', { withTimezone: true }),
}, (t) => [
  index('wf_task_site_status_idx').on(t.siteId, t.status, t.createTime),
  index('wf_task_assignee_idx').on(t.siteId, t.assignee, t.endTime),
  index('wf_task_instance_idx').on(t.instanceId),
]);

/** A content's review history: who did what at which step, when, with their comment. */
export const wfHistory = pgTable('wf_history', {
  historyId: bigint('history_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  instanceId: bigint('instance_id', { mode: 'number' }).notNull().references(() => wfInstance.instanceId, { onDelete: 'cascade' }),
  contentId: bigint('content_id', { mode: 'number' }).notNull(),
  /** submit, approve, reject, publish, cancel */
  action: varchar('action', { length: 16 }).notNull(),
  step: varchar('step', { length: 255 }),
  userName: varchar('user_name', { length: 64 }).notNull(),
  comment: varchar('comment', { length: 1000 }),
  time: timestamp('time', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('wf_history_content_idx').on(t.contentId, t.time)]);
