// Helpers for list queries: parameters arrive as strings from the query string.

const DATE_TIME = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{1,2})(?::(\d{1,2}))?)?$/;

/**
 * A local date-time from a query string, or undefined when absent or malformed (a bad filter
 * widens the list rather than failing it). A bare date as an end bound means the end of that day.
 */
export function parseLocalTime(value: string | undefined, bound: 'begin' | 'end'): Date | undefined {
  const m = value ? DATE_TIME.exec(value.trim()) : null;
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
  const end = bound === 'end';
  // An end bound covers its whole day, minute or second: 2024-05-01 ends at 23:59:59.999.
  const date = m[4] === undefined
    ? new Date(y, mo, d, end ? 23 : 0, end ? 59 : 0, end ? 59 : 0, end ? 999 : 0)
    : new Date(y, mo, d, Number(m[4]), Number(m[5]), m[6] !== undefined ? Number(m[6]) : end ? 59 : 0, end ? 999 : 0);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** Escapes LIKE wildcards so a user's `%` or `_` matches itself. */
export const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
