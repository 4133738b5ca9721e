import { formatDateTime } from '../../../../shared/format.ts';

/** "yyyy-MM-dd HH:mm:ss" (as the API writes dates) ⇄ Date, in the browser's time. */
export const toDate = (s: string | null | undefined) => (s ? new Date(s.replace(' ', 'T')) : null);
export const fromDate = (d: Date | null) => (d && !Number.isNaN(d.getTime()) ? formatDateTime(d) : null);
/** "yyyy-MM-dd" ⇄ Date (a day, no time). */
export const dayToDate = (s: string) => (/^\d{4}-\d{2}-\d{2}$/.test(s) ? new Date(`${s}T00:00:00`) : null);
export const dateToDay = (d: Date | null) => (d ? formatDateTime(d, '{y}-{m}-{d}') : '');
