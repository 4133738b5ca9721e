import { z } from 'zod';
import { v } from './issues.ts';

export { parseLocalDateTime, type LocalDateTime } from './local-date-time.ts';
import { parseLocalDateTime } from './local-date-time.ts';

/** A date-time query parameter (a list's begin/end time): empty, or a real local date-time. */
export const localDateTime = () => z.string().refine((t) => t.trim() === '' || parseLocalDateTime(t) !== null, v('dateTime')).optional();

/** A date-time field of a form: a real moment within the years 1000–9999, or empty. */
export const dateTimeInput = () =>
  z.coerce.date({ error: v('dateTime') }).refine((d) => d.getFullYear() >= 1000 && d.getFullYear() <= 9999, v('dateTime'));
