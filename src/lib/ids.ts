/**
 * ChestnutCMS sends every Java long as a JSON string. Ids stay strings in the console (a snowflake
 * id does not fit a double); counts and totals become numbers.
 */
export type Id = string;

export const toId = (value: unknown): Id => (value === null || value === undefined ? '' : String(value));

export function toCount(value: unknown): number {
  const n = typeof value === 'number' ? value : Number.parseInt(String(value ?? ''), 10);
  return Number.isFinite(n) ? n : 0;
}
