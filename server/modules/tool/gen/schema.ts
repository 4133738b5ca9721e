import { bigint, boolean, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit } from '../../../db/columns.ts';

/**
 * A database table imported into the code generator, with what the resource generated from it is
 * called and where it goes (ChestnutCMS gen_table). The table itself is only named: its columns are
 * read from the catalog on import and on "sync".
 */
export const genTable = pgTable('gen_table', {
  tableId: bigint('table_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  tableName: varchar('table_name', { length: 63 }).notNull(),
  tableComment: varchar('table_comment', { length: 500 }),
  /** the definition's `name` (camel case) */
  resourceName: varchar('resource_name', { length: 48 }).notNull(),
  moduleName: varchar('module_name', { length: 32 }).notNull().default('cms'),
  /** a MENU_DIRS key (shared/tool/gen-keys.ts MENU_PARENTS) */
  menuParent: varchar('menu_parent', { length: 32 }).notNull().default('cms'),
  menuId: integer('menu_id').notNull(),
  permPrefix: varchar('perm_prefix', { length: 100 }).notNull(),
  titleZhCn: varchar('title_zh_cn', { length: 100 }).notNull(),
  titleZhTw: varchar('title_zh_tw', { length: 100 }).notNull(),
  titleEn: varchar('title_en', { length: 100 }).notNull(),
  ...audit,
}, (t) => [uniqueIndex('gen_table_name_uq').on(t.tableName)]);

/** One column of an imported table and how its field shows (ChestnutCMS gen_table_column). */
export const genTableColumn = pgTable('gen_table_column', {
  columnId: bigint('column_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  tableId: bigint('table_id', { mode: 'number' }).notNull().references(() => genTable.tableId, { onDelete: 'cascade' }),
  columnName: varchar('column_name', { length: 63 }).notNull(),
  /** as the catalog prints it (format_type): `character varying(100)`, `bigint`… */
  columnType: varchar('column_type', { length: 100 }).notNull(),
  /** the field's name (camel case) */
  fieldName: varchar('field_name', { length: 63 }).notNull(),
  isPk: boolean('is_pk').notNull().default(false),
  /** an identity or serial column: the database numbers new rows */
  isIncrement: boolean('is_increment').notNull().default(false),
  notNull: boolean('not_null').notNull().default(false),
  /** the catalog's default expression, if any */
  columnDefault: varchar('column_default', { length: 500 }),
  sort: integer('sort').notNull().default(0),
  labelZhCn: varchar('label_zh_cn', { length: 100 }).notNull(),
  labelZhTw: varchar('label_zh_tw', { length: 100 }).notNull(),
  labelEn: varchar('label_en', { length: 100 }).notNull(),
  inList: boolean('in_list').notNull().default(true),
  inQuery: boolean('in_query').notNull().default(false),
  /** 'eq' | 'like' | 'range' */
  queryType: varchar('query_type', { length: 10 }).notNull().default('eq'),
  inForm: boolean('in_form').notNull().default(true),
  /** 'text' | 'textarea' | 'number' | 'dict' | 'datetime' | 'image' */
  formWidget: varchar('form_widget', { length: 20 }).notNull().default('text'),
  dictType: varchar('dict_type', { length: 100 }),
  required: boolean('required').notNull().default(false),
  /** the longest text a form accepts (a varchar's length by default) */
  maxLength: integer('max_length'),
}, (t) => [uniqueIndex('gen_table_column_uq').on(t.tableId, t.columnName)]);
