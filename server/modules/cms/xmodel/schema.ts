import { bigint, doublePrecision, index, integer, jsonb, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit } from '../../../db/columns.ts';
import { cmsSite } from '../site/schema.ts';

/** A site's extension models; templates name one by its code, editors find one by what it extends. */
export const cmsXModel = pgTable('cms_xmodel', {
  modelId: bigint('model_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  siteId: bigint('site_id', { mode: 'number' }).notNull().references(() => cmsSite.siteId, { onDelete: 'cascade' }),
  name: varchar('name', { length: 100 }).notNull(),
  code: varchar('code', { length: 50 }).notNull(),
  /** site | catalog | content | form */
  bindTo: varchar('bind_to', { length: 20 }).notNull(),
  /** for contents: one type's model, or '' for every type's */
  contentType: varchar('content_type', { length: 20 }).notNull().default(''),
  ...audit,
}, (t) => [uniqueIndex('cms_xmodel_code_uq').on(t.siteId, t.code)]);

/** A model's fields; they go with their model. */
export const cmsXModelField = pgTable('cms_xmodel_field', {
  fieldId: bigint('field_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  siteId: bigint('site_id', { mode: 'number' }).notNull().references(() => cmsSite.siteId, { onDelete: 'cascade' }),
  modelId: bigint('model_id', { mode: 'number' }).notNull().references(() => cmsXModel.modelId, { onDelete: 'cascade' }),
  label: varchar('label', { length: 50 }).notNull(),
  code: varchar('code', { length: 50 }).notNull(),
  fieldType: varchar('field_type', { length: 20 }).notNull(),
  required: varchar('required', { length: 1 }).notNull().default('N'),
  minLength: integer('min_length'),
  maxLength: integer('max_length'),
  pattern: varchar('pattern', { length: 200 }),
  minValue: doublePrecision('min_value'),
  maxValue: doublePrecision('max_value'),
  dictType: varchar('dict_type', { length: 100 }),
  defaultValue: varchar('default_value', { length: 500 }),
  searchable: varchar('searchable', { length: 1 }).notNull().default('N'),
  sortFlag: integer('sort_flag').notNull().default(0),
  ...audit,
}, (t) => [uniqueIndex('cms_xmodel_field_code_uq').on(t.modelId, t.code)]);

/**
 * The values of one extended row (the site, a catalog or a content), by field code. `search`
 * holds the searchable fields' values as one text (the content list's extension filter).
 */
export const cmsXModelData = pgTable('cms_xmodel_data', {
  dataId: bigint('data_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  siteId: bigint('site_id', { mode: 'number' }).notNull().references(() => cmsSite.siteId, { onDelete: 'cascade' }),
  modelId: bigint('model_id', { mode: 'number' }).notNull().references(() => cmsXModel.modelId, { onDelete: 'cascade' }),
  /** site | catalog | content */
  dataType: varchar('data_type', { length: 20 }).notNull(),
  /** the extended row's id (site, catalog or content id) */
  ownerId: bigint('owner_id', { mode: 'number' }).notNull(),
  values: jsonb('values').$type<Record<string, unknown>>().notNull(),
  search: text('search').notNull().default(''),
  ...audit,
}, (t) => [uniqueIndex('cms_xmodel_data_owner_uq').on(t.siteId, t.dataType, t.ownerId, t.modelId), index('cms_xmodel_data_model_idx').on(t.modelId)]);
