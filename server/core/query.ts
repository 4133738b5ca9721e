// Helpers for list queries: parameters arrive as strings from the query string.
import { parseLocalDateTime } from '../../shared/validators/date.ts';

/**
 * A local date-time from a query string, or undefined when absent. The list's query schema
 * (`localDateTime`) has already refused an impossible one with a message naming the field; one
 * that slips past (a route without that schema) is ignored rather than sent to the database.
 * A bare date as an end bound means the end of that day.
 */
export function parseLocalTime(value: string | undefined, bound: 'begin' | 'end'): Date | undefined {
  const p = value ? parseLocalDateTime(value) : null;
  if (!p) return undefined;
  const end = bound === 'end';
  // An end bound covers its whole day, minute or second: 2024-05-01 ends at 23:59:59.999.
  return p.hour === undefined
    ? new Date(p.year, p.month - 1, p.day, end ? 23 : 0, end ? 59 : 0, end ? 59 : 0, end ? 999 : 0)
    : new Date(p.year, p.month - 1, p.day, p.hour, p.minute!, p.second ?? (end ? 59 : 0), end ? 999 : 0);
}

/** Escapes LIKE wildcards so a user's `%` or `_` matches itself. */
export const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
