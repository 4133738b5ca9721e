import { z } from 'zod';
import { getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ResourceDef } from '../../shared/resources/define.ts';

/**
 * The shape of a resource's row in a reply, derived from its table (resource.ts `serialize`): every
 * column but the password ones, dates as text, null where the column allows it. What hooks add
 * (`present`: a site's address, a role's menu ids) is allowed beside them; what they change would
 * fail the tests' reply check, so a hook that reshapes a column says so in its route's `reply`.
 */
export function rowSchemaOf(table: PgTable, def?: ResourceDef): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, col] of Object.entries(getTableColumns(table) as Record<string, PgColumn>)) {
    if (name === 'password' || def?.fields[name]?.kind === 'password') continue;
    shape[name] = columnValue(col);
  }
  return z.looseObject(shape);
}

/** A column's value in a reply: null where the column allows it. */
export const columnValue = (col: PgColumn): z.ZodType => (col.notNull ? valueOf(col) : valueOf(col).nullable());

/** The rows `select({ name: column, … })` reads, as JSON (a left join's columns: `.nullable()` them). */
export const selectedRow = (columns: Record<string, PgColumn>) =>
  z.object(Object.fromEntries(Object.entries(columns).map(([name, col]) => [name, columnValue(col)])));

/** A column's value as JSON: numbers (integers for integer columns), text, booleans, anything for JSON. */
function valueOf(col: PgColumn): z.ZodType {
  switch (col.dataType) {
    case 'number':
      return /Integer|Serial|BigInt|SmallInt/.test(col.columnType) ? z.int() : z.number();
    case 'string':
    case 'date':
      return z.string();
    case 'boolean':
      return z.boolean();
    case 'array':
      return z.array(z.unknown());
    default:
      return z.unknown();
  }
}

/** A page of rows, as `table()` (core/envelope.ts) answers it. */
export const pageOf = (row: z.ZodType) => z.object({ rows: z.array(row), total: z.int().min(0) });
