import { formatDateTime } from '../../shared/format.ts';

/**
 * A date from the API for display as y-m-d h:i:s (spec §9). ChestnutCMS already sends that
 * format (kept verbatim: no time-zone guess); ISO strings and epoch numbers are converted.
 */
export function displayDateTime(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value)) return value;
  return formatDateTime(value);
}
