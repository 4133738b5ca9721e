// Apart from date.ts (which builds Zod schemas): the date field's stand-in parses what is typed
// into it without bringing Zod to a list page.

/** A local date or date-time as the console types and sends it: `yyyy-MM-dd`, optionally ` HH:mm[:ss]`. */
const DATE_TIME = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{1,2})(?::(\d{1,2}))?)?$/;

export interface LocalDateTime {
  year: number;
  month: number;
  day: number;
  /** absent for a bare date */
  hour?: number;
  minute?: number;
  second?: number;
}

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * The parts of a local date-time, or null when the text is not one or names no real moment
 * (`9999-99-99`, 31 February, 25:00). Years are four digits, as PostgreSQL and the console show them.
 */
export function parseLocalDateTime(text: string): LocalDateTime | null {
  const m = DATE_TIME.exec(text.trim());
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1000 || month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return null;
  if (m[4] === undefined) return { year, month, day };
  const [hour, minute, second] = [Number(m[4]), Number(m[5]), m[6] === undefined ? undefined : Number(m[6])];
  if (hour > 23 || minute > 59 || (second !== undefined && second > 59)) return null;
  return { year, month, day, hour, minute, second };
}
