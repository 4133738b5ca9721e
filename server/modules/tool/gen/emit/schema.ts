import { buildersOf, SERIALS } from '../column-types.ts';
import type { GenSpec } from '../model.ts';
import { isSerial, lit, type Col, type Names } from './names.ts';

/** One column as Drizzle declares it, exactly as the catalog has it (type, null, key, identity, default). */
function columnLine(c: Col): string {
  const serial = isSerial(c);
  const builder = serial ? SERIALS[c.type.builder]! : c.type.builder;
  const options = serial && c.type.builder === 'bigint' ? "{ mode: 'number' }" : serial ? undefined : c.type.options;
  let line = `${builder}(${lit(c.columnName)}${options ? `, ${options}` : ''})`;
  if (c.isPk) line += '.primaryKey()';
  else if (c.notNull && !serial) line += '.notNull()';
  if (c.isIncrement && !serial) line += '.generatedByDefaultAsIdentity()';
  // The catalog's default expression, kept as SQL (a literal of the source, never spliced into it).
  if (c.columnDefault !== null && !serial) line += `.default(sql.raw(${lit(c.columnDefault)}))`;
  return `  ${c.fieldName}: ${line},`;
}

/** server/modules/<module>/<name>/schema.ts: the Drizzle table drizzle-kit migrates and the resource reads. */
export function schemaFile({ table }: GenSpec, n: Names): string {
  const builders = buildersOf(n.columns.map((c) => (isSerial(c) ? { ...c.type, builder: SERIALS[c.type.builder]! } : c.type)));
  const needsSql = n.columns.some((c) => c.columnDefault !== null && !isSerial(c));
  return `${needsSql ? "import { sql } from 'drizzle-orm';\n" : ''}import { ${[...builders, 'pgTable'].sort().join(', ')} } from 'drizzle-orm/pg-core';

/** The table ${table.tableName} as the database had it when its code was generated. */
export const ${n.tableConst} = pgTable(${lit(table.tableName)}, {
${n.columns.map(columnLine).join('\n')}
});
`;
}
