import { and, asc, count, desc, eq, ilike, inArray, lt, max } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { fail } from '../../../core/errors.ts';
import { likePattern } from '../../../core/query.ts';
import { formatDateTime } from '../../../../shared/format.ts';
import { GEN_MENU_ID_FROM, GEN_MENU_ID_BELOW } from '../../../../shared/tool/gen-keys.ts';
import { sysMenu } from '../../system/index.ts';
import { catalogColumns, catalogTables } from './catalog.ts';
import { columnDefaults, tableDefaults } from './defaults.ts';
import type { GenSpec } from './model.ts';
import { genTable, genTableColumn } from './schema.ts';

// The generator's own rows: which tables were imported and how their code is to look.

const present = (t: typeof genTable.$inferSelect) => ({ ...t, createTime: formatDateTime(t.createTime), updateTime: formatDateTime(t.updateTime) });

/** Imported tables, newest first, found by a part of their name. */
export async function listImported(db: DbOrTx, q: { tableName?: string; offset: number; limit: number }) {
  const where = q.tableName ? ilike(genTable.tableName, likePattern(q.tableName)) : undefined;
  const rows = await db.select().from(genTable).where(where).orderBy(desc(genTable.tableId)).limit(q.limit).offset(q.offset);
  const [{ total }] = (await db.select({ total: count() }).from(genTable).where(where)) as [{ total: number }];
  return { rows: rows.map(present), total };
}

/** Tables of the catalog that may be imported and are not yet (by name, part of the name). */
export async function importableTables(db: DbOrTx, tableName?: string) {
  const imported = new Set((await db.select({ n: genTable.tableName }).from(genTable)).map((r) => r.n));
  const needle = tableName?.toLowerCase();
  return (await catalogTables(db)).filter((t) => !imported.has(t.tableName) && (!needle || t.tableName.includes(needle)));
}

/** A table's settings and columns, or a not-found failure. */
export async function specOf(db: DbOrTx, tableId: number): Promise<GenSpec> {
  const [table] = await db.select().from(genTable).where(eq(genTable.tableId, tableId));
  if (!table) throw fail('resource.notFound');
  const columns = await db.select().from(genTableColumn).where(eq(genTableColumn.tableId, tableId)).orderBy(asc(genTableColumn.sort), asc(genTableColumn.columnId));
  return { table, columns };
}

export async function specByName(db: DbOrTx, tableName: string): Promise<GenSpec> {
  const [table] = await db.select({ id: genTable.tableId }).from(genTable).where(eq(genTable.tableName, tableName));
  if (!table) throw fail('resource.notFound');
  return specOf(db, table.id);
}

export const presentSpec = (s: GenSpec) => ({ info: present(s.table), rows: s.columns });

/**
 * A menu id with room for the page and its three buttons, above every shipped menu row and every id
 * proposed before, and below the ids the Menu screen hands out (sys_menu's identity starts there).
 */
async function nextMenuId(tx: DbOrTx): Promise<number> {
  const [menus] = await tx.select({ top: max(sysMenu.menuId) }).from(sysMenu).where(lt(sysMenu.menuId, GEN_MENU_ID_BELOW));
  const [gens] = await tx.select({ top: max(genTable.menuId) }).from(genTable);
  return Math.max(GEN_MENU_ID_FROM, Number(menus?.top ?? 0) + 1, Number(gens?.top ?? 0) + 4);
}

/**
 * Imports tables by name: each must be one the catalog lists as importable (schema `public`, not
 * the application's own, not imported yet), else nothing is imported and the name is given back.
 */
export async function importTables(tx: DbOrTx, names: readonly string[], userName: string): Promise<number[]> {
  const candidates = new Map((await importableTables(tx)).map((t) => [t.tableName, t]));
  const unknown = names.find((n) => !candidates.has(n));
  if (unknown !== undefined) throw fail('gen.notImportable', { name: unknown.slice(0, 63) });
  const ids: number[] = [];
  for (const name of new Set(names)) {
    const columns = await catalogColumns(tx, name);
    if (!columns) throw fail('gen.notImportable', { name });
    const [row] = await tx.insert(genTable).values({ ...tableDefaults(name, candidates.get(name)!.tableComment, await nextMenuId(tx)), createBy: userName }).returning({ id: genTable.tableId });
    await tx.insert(genTableColumn).values(columns.map((c, i) => ({ ...columnDefaults(c, i + 1), tableId: row!.id })));
    ids.push(row!.id);
  }
  return ids;
}

export type TableEdit = Partial<Pick<typeof genTable.$inferInsert, 'resourceName' | 'moduleName' | 'menuParent' | 'menuId' | 'permPrefix' | 'titleZhCn' | 'titleZhTw' | 'titleEn' | 'tableComment'>>;
export type ColumnEdit = { columnId: number } & Partial<Pick<typeof genTableColumn.$inferInsert,
  'fieldName' | 'labelZhCn' | 'labelZhTw' | 'labelEn' | 'inList' | 'inQuery' | 'queryType' | 'inForm' | 'formWidget' | 'dictType' | 'required' | 'maxLength' | 'sort'>>;

/** Saves a table's settings and its columns'; a column of another table is refused. */
export async function saveSpec(tx: DbOrTx, tableId: number, table: TableEdit, columns: readonly ColumnEdit[], userName: string) {
  const spec = await specOf(tx, tableId);
  const own = new Set(spec.columns.map((c) => c.columnId));
  if (columns.some((c) => !own.has(c.columnId))) throw fail('resource.notFound');
  await tx.update(genTable).set({ ...table, updateBy: userName, updateTime: new Date() }).where(eq(genTable.tableId, tableId));
  for (const { columnId, ...values } of columns) {
    if (Object.keys(values).length) await tx.update(genTableColumn).set(values).where(and(eq(genTableColumn.columnId, columnId), eq(genTableColumn.tableId, tableId)));
  }
}

/**
 * Sync from the database: columns the table gained are added with their defaults, columns it lost
 * removed, and the type, nullability, key and default of the others re-read; what was configured
 * for a column that stays (labels, widgets…) is kept.
 */
export async function syncSpec(tx: DbOrTx, tableName: string) {
  const spec = await specByName(tx, tableName);
  const columns = await catalogColumns(tx, tableName);
  if (!columns) throw fail('gen.notImportable', { name: tableName });
  const have = new Map(spec.columns.map((c) => [c.columnName, c]));
  const now = new Set(columns.map((c) => c.columnName));
  const gone = spec.columns.filter((c) => !now.has(c.columnName)).map((c) => c.columnId);
  if (gone.length) await tx.delete(genTableColumn).where(inArray(genTableColumn.columnId, gone));
  for (const [i, c] of columns.entries()) {
    const kept = have.get(c.columnName);
    if (!kept) {
      await tx.insert(genTableColumn).values({ ...columnDefaults(c, i + 1), tableId: spec.table.tableId });
      continue;
    }
    await tx.update(genTableColumn)
      .set({ columnType: c.columnType, notNull: c.notNull, isPk: c.isPk, isIncrement: c.isIncrement, columnDefault: c.columnDefault?.slice(0, 500) ?? null, sort: i + 1 })
      .where(eq(genTableColumn.columnId, kept.columnId));
  }
  return { added: columns.filter((c) => !have.has(c.columnName)).map((c) => c.columnName), removed: spec.columns.filter((c) => !now.has(c.columnName)).map((c) => c.columnName) };
}

export async function removeTables(tx: DbOrTx, ids: readonly number[]) {
  await tx.delete(genTable).where(inArray(genTable.tableId, [...ids]));
}
