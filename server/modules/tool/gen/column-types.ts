import type { FormWidget } from '../../../../shared/tool/gen-keys.ts';

/**
 * PostgreSQL column types as the catalog prints them (format_type), and what the generator makes
 * of each: the Drizzle builder, the TypeScript-side kind (number, text, time…), the form widget it
 * starts with and the longest text it holds. A type not listed is refused when code is generated
 * (its column is named): writing a guess into a schema would migrate the table into something else.
 */
export interface MappedType {
  /** the pg-core builder's name */
  builder: string;
  /** its options after the column name, as TypeScript source (already safe: numbers and fixed words) */
  options?: string;
  value: 'number' | 'bigint' | 'text' | 'time' | 'boolean' | 'json';
  widget: FormWidget;
  maxLength?: number;
}

const PATTERNS: [RegExp, (m: RegExpMatchArray) => MappedType][] = [
  [/^bigint$/, () => ({ builder: 'bigint', options: "{ mode: 'number' }", value: 'bigint', widget: 'number' })],
  [/^integer$/, () => ({ builder: 'integer', value: 'number', widget: 'number' })],
  [/^smallint$/, () => ({ builder: 'smallint', value: 'number', widget: 'number' })],
  [/^(real)$/, () => ({ builder: 'real', value: 'number', widget: 'number' })],
  [/^double precision$/, () => ({ builder: 'doublePrecision', value: 'number', widget: 'number' })],
  [/^numeric\((\d+),(\d+)\)$/, (m) => ({ builder: 'numeric', options: `{ precision: ${Number(m[1])}, scale: ${Number(m[2])} }`, value: 'text', widget: 'text', maxLength: Number(m[1]) + 2 })],
  [/^numeric$/, () => ({ builder: 'numeric', value: 'text', widget: 'text', maxLength: 40 })],
  [/^character varying\((\d+)\)$/, (m) => ({ builder: 'varchar', options: `{ length: ${Number(m[1])} }`, value: 'text', widget: Number(m[1]) > 255 ? 'textarea' : 'text', maxLength: Number(m[1]) })],
  [/^character varying$/, () => ({ builder: 'varchar', value: 'text', widget: 'text', maxLength: 255 })],
  [/^character\((\d+)\)$/, (m) => ({ builder: 'char', options: `{ length: ${Number(m[1])} }`, value: 'text', widget: 'text', maxLength: Number(m[1]) })],
  [/^text$/, () => ({ builder: 'text', value: 'text', widget: 'textarea', maxLength: 2000 })],
  [/^timestamp with time zone$/, () => ({ builder: 'timestamp', options: '{ withTimezone: true }', value: 'time', widget: 'datetime' })],
  [/^timestamp without time zone$/, () => ({ builder: 'timestamp', value: 'time', widget: 'datetime' })],
  [/^date$/, () => ({ builder: 'date', value: 'text', widget: 'text', maxLength: 10 })],
  [/^boolean$/, () => ({ builder: 'boolean', value: 'boolean', widget: 'text' })],
  [/^jsonb$/, () => ({ builder: 'jsonb', value: 'json', widget: 'textarea' })],
  [/^json$/, () => ({ builder: 'json', value: 'json', widget: 'textarea' })],
];

/** The mapping of a catalog type, or undefined when the generator has none. */
export function mapType(columnType: string): MappedType | undefined {
  for (const [re, make] of PATTERNS) {
    const m = columnType.match(re);
    if (m) return make(m);
  }
  return undefined;
}

/** The pg-core builders a set of columns needs, for the schema's import line. */
export const buildersOf = (types: readonly MappedType[]) => [...new Set(types.map((t) => t.builder))].sort();

/**
 * The serial types by the integer type they count in (as both the catalog and Drizzle name it): a
 * serial column's default names its sequence, which the serial type creates with it.
 */
export const SERIALS: Readonly<Record<string, string>> = { bigint: 'bigserial', integer: 'serial', smallint: 'smallserial' };
