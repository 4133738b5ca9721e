import type { genTable, genTableColumn } from './schema.ts';

/** An imported table's settings and its columns', as stored: what every generated file is made from. */
export type GenTableRow = typeof genTable.$inferSelect;
export type GenColumnRow = typeof genTableColumn.$inferSelect;
export interface GenSpec {
  table: GenTableRow;
  /** in the table's order (`sort`) */
  columns: GenColumnRow[];
}

/** Generated files by their path from the repository root. */
export type GenFiles = Record<string, string>;
