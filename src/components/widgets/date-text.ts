import { formatDateTime } from '../../../shared/format.ts';
import { parseLocalDateTime } from '../../../shared/validators/local-date-time.ts';

/** What the field shows, as the picker's `dateFormat` writes it. */
export const pickerText = (value: Date | null, dateOnly = false): string => formatDateTime(value, dateOnly ? '{y}-{m}-{d}' : '{y}-{m}-{d} {h}:{i}');

/**
 * A text typed into the stand-in as the picker would take it: empty (no value), or a whole date
 * (with its time for a date-time field) naming a real moment; `undefined` while it is neither.
 */
export function typedValue(text: string, dateOnly = false): Date | null | undefined {
  if (text.trim() === '') return null;
  const parts = parseLocalDateTime(text);
  if (!parts || (parts.hour === undefined) !== dateOnly) return undefined;
  return new Date(parts.year, parts.month - 1, parts.day, parts.hour ?? 0, parts.minute ?? 0);
}
