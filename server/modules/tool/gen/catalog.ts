import { globSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { executedRows } from '../../../db/rows.ts';
import type { DbOrTx as Db } from '../../../db/client.ts';
import { SQL_NAME } from '../../../../shared/tool/gen-keys.ts';

// What the database's catalog says about the tables the generator may take: only the
// application's schema `public`, never a table the application's Drizzle schema already declares
// (those are managed by their own code and migrations), never drizzle-kit's own. Every name is a
// bound parameter here; the catalog, not the request, is what a name is checked against.

export const APP_SCHEMA = 'public';
const MODULES = join(import.meta.dirname, '../..');

let managed: Promise<ReadonlySet<string>> | undefined;
/**
 * The tables the application declares, by their SQL name: every module's schema.ts at any depth,
 * as drizzle-kit reads them (server/db/drizzle.config.ts), not only those server/db/schema.ts
 * re-exports (a domain's own schema.ts, friend links', is found by drizzle-kit alone).
 */
export function managedTables(): Promise<ReadonlySet<string>> {
  managed ??= (async () => {
    const files = globSync('**/schema.ts', { cwd: MODULES }).sort();
    const loaded = await Promise.all(files.map((f) => import(pathToFileURL(join(MODULES, f)).href) as Promise<Record<string, unknown>>));
    return new Set(loaded.flatMap((m) => Object.values(m).flatMap((v) => (is(v, PgTable) ? [getTableName(v)] : []))));
  })();
  return managed;
}

/** A name the generator may import: named as it allows, not drizzle-kit's, not declared by the application. */
const allowed = (name: string, app: ReadonlySet<string>) => SQL_NAME.test(name) && !name.startsWith('__drizzle') && !app.has(name);

export interface CatalogTable {
  tableName: string;
  tableComment: string | null;
}

/** The tables of the application's schema the generator may import, with their comments. */
export async function catalogTables(db: Db): Promise<CatalogTable[]> {
  const rows = executedRows<{ table_name: string; table_comment: string | null }>(await db.execute(sql`
    select c.relname as table_name, obj_description(c.oid, 'pg_class') as table_comment
    from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where n.nspname = ${APP_SCHEMA} and c.relkind in ('r', 'p')
    order by c.relname`));
  const app = await managedTables();
  return rows.filter((r) => allowed(r.table_name, app)).map((r) => ({ tableName: r.table_name, tableComment: r.table_comment }));
}

export interface CatalogColumn {
  columnName: string;
  columnType: string;
  notNull: boolean;
  isPk: boolean;
  isIncrement: boolean;
  columnDefault: string | null;
  comment: string | null;
  position: number;
}

/** The columns of one importable table in their order, or undefined when no such table may be imported. */
export async function catalogColumns(db: Db, tableName: string): Promise<CatalogColumn[] | undefined> {
  if (!allowed(tableName, await managedTables())) return undefined;
  const rows = executedRows<{
    column_name: string; column_type: string; not_null: boolean; is_pk: boolean; is_increment: boolean; column_default: string | null; comment: string | null; position: number;
  }>(await db.execute(sql`
    select a.attname as column_name,
      pg_catalog.format_type(a.atttypid, a.atttypmod) as column_type,
      a.attnotnull as not_null,
      exists (select 1 from pg_catalog.pg_index i where i.indrelid = c.oid and i.indisprimary and a.attnum = any (i.indkey)) as is_pk,
      (a.attidentity <> '' or coalesce(pg_catalog.pg_get_expr(d.adbin, d.adrelid), '') like 'nextval(%') as is_increment,
      case when a.attidentity <> '' then null else pg_catalog.pg_get_expr(d.adbin, d.adrelid) end as column_default,
      pg_catalog.col_description(c.oid, a.attnum) as comment,
      a.attnum as position
    from pg_catalog.pg_class c
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      join pg_catalog.pg_attribute a on a.attrelid = c.oid
      left join pg_catalog.pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
    where n.nspname = ${APP_SCHEMA} and c.relname = ${tableName} and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
    order by a.attnum`));
  if (!rows.length) return undefined;
  return rows.map((r) => ({
    columnName: r.column_name, columnType: r.column_type, notNull: r.not_null, isPk: r.is_pk, isIncrement: r.is_increment,
    columnDefault: r.column_default, comment: r.comment, position: Number(r.position),
  }));
}
