import { fail } from '../../../core/errors.ts';
import {
  DICT_TYPE, FORM_WIDGETS, GEN_MODULES, MENU_PARENTS, PERM_PREFIX, QUERY_TYPES, RESOURCE_NAME, SQL_NAME,
} from '../../../../shared/tool/gen-keys.ts';
import { mapType } from './column-types.ts';
import type { GenSpec } from './model.ts';

const FIELD_NAME = /^[a-z][A-Za-z0-9]{0,62}$/;
const oneOf = <T extends string>(list: readonly T[], v: string) => (list as readonly string[]).includes(v);

/**
 * Refuses a spec the generated files could not carry as written: names of the wrong shape (they
 * become identifiers, paths and SQL), a type without a mapping, a table without exactly one
 * primary key column (a resource has one id), a dictionary widget without a dictionary. Labels are
 * free text: the files emit them as string literals.
 */
export function checkSpec({ table, columns }: GenSpec): void {
  if (!SQL_NAME.test(table.tableName)) throw fail('gen.badName', { name: table.tableName });
  if (!RESOURCE_NAME.test(table.resourceName)) throw fail('gen.badResourceName', { name: table.resourceName });
  if (!PERM_PREFIX.test(table.permPrefix)) throw fail('gen.badPermPrefix', { name: table.permPrefix });
  if (!oneOf(GEN_MODULES, table.moduleName)) throw fail('gen.badModule', { name: table.moduleName });
  if (!oneOf(MENU_PARENTS, table.menuParent)) throw fail('gen.badModule', { name: table.menuParent });
  const pks = columns.filter((c) => c.isPk);
  if (pks.length !== 1) throw fail('gen.onePrimaryKey', { table: table.tableName });
  const seen = new Set<string>();
  for (const c of columns) {
    if (!SQL_NAME.test(c.columnName)) throw fail('gen.badName', { name: c.columnName });
    if (!FIELD_NAME.test(c.fieldName) || seen.has(c.fieldName)) throw fail('gen.badFieldName', { name: c.fieldName });
    seen.add(c.fieldName);
    if (!mapType(c.columnType)) throw fail('gen.unmappedType', { column: c.columnName, type: c.columnType });
    if (!oneOf(FORM_WIDGETS, c.formWidget) || !oneOf(QUERY_TYPES, c.queryType)) throw fail('gen.badName', { name: c.columnName });
    if (c.formWidget === 'dict' && !(c.dictType && DICT_TYPE.test(c.dictType))) throw fail('gen.dictRequired', { column: c.columnName });
  }
}
