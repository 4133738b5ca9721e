import { camelOf, PERM_PREFIX, RESOURCE_NAME, type GenModule } from '../../../../shared/tool/gen-keys.ts';
import type { CatalogColumn } from './catalog.ts';
import { mapType } from './column-types.ts';
import type { GenColumnRow, GenTableRow } from './model.ts';

// What an imported table and its columns start with, guessed from the catalog; the generator's
// user changes any of it on the edit screen.

/** Columns the resource layer fills itself (server/db/columns.ts `audit`): shown, never in a form. */
const AUDIT = new Set(['create_by', 'create_time', 'update_by', 'update_time']);
/** A table's site column: a generated CMS resource keeps to the current site through it. */
export const SITE_COLUMN = 'site_id';

/** `note_id` → `Note Id`: a label until someone writes a better one. */
const humanize = (snake: string) => snake.split('_').filter(Boolean).map((w) => w[0]!.toUpperCase() + w.slice(1)).join(' ');
/** A comment as a label: its first line, at most 100 characters. */
const labelOf = (comment: string | null, fallback: string) => (comment?.split('\n')[0]?.trim() || fallback).slice(0, 100);

/** A table's name without the module's prefix (`cms_product_note` in cms → `product_note`). */
const bareName = (tableName: string, module: string) => (tableName.startsWith(`${module}_`) ? tableName.slice(module.length + 1) : tableName);

export function tableDefaults(tableName: string, comment: string | null, menuId: number, module: GenModule = 'cms'): Omit<GenTableRow, 'tableId' | 'createBy' | 'createTime' | 'updateBy' | 'updateTime' | 'remark'> {
  let resourceName = camelOf(bareName(tableName, module)).replace(/^[^a-z]+/, '');
  if (!RESOURCE_NAME.test(resourceName)) resourceName = `gen${resourceName.replace(/[^A-Za-z0-9]/g, '')}`.slice(0, 48);
  const permPrefix = `${module}:${resourceName}`;
  const title = labelOf(comment, humanize(bareName(tableName, module)));
  return {
    tableName, tableComment: comment?.slice(0, 500) ?? null, resourceName, moduleName: module, menuParent: module, menuId,
    permPrefix: PERM_PREFIX.test(permPrefix) ? permPrefix : `${module}:gen`, titleZhCn: title, titleZhTw: title, titleEn: title,
  };
}

export function columnDefaults(c: CatalogColumn, sort: number): Omit<GenColumnRow, 'columnId' | 'tableId'> {
  const mapped = mapType(c.columnType);
  const audit = AUDIT.has(c.columnName);
  const site = c.columnName === SITE_COLUMN;
  const textual = mapped?.value === 'text';
  // Booleans and JSON have no form widget of their own here: shown, not edited, until one is chosen.
  const editable = !!mapped && !c.isPk && !audit && !site && mapped.value !== 'boolean' && mapped.value !== 'json';
  const label = labelOf(c.comment, humanize(c.columnName));
  return {
    columnName: c.columnName, columnType: c.columnType, fieldName: camelOf(c.columnName), isPk: c.isPk, isIncrement: c.isIncrement,
    notNull: c.notNull, columnDefault: c.columnDefault?.slice(0, 500) ?? null, sort,
    labelZhCn: label, labelZhTw: label, labelEn: label,
    inList: !site && c.columnName !== 'update_by' && c.columnName !== 'update_time' && c.columnName !== 'create_by',
    inQuery: textual && /name|title/.test(c.columnName),
    queryType: textual ? 'like' : mapped?.value === 'time' ? 'range' : 'eq',
    inForm: editable,
    formWidget: mapped?.widget ?? 'text',
    dictType: null,
    required: editable && c.notNull && c.columnDefault === null,
    maxLength: mapped?.maxLength ?? null,
  };
}
