import { describe, expect, it } from 'vitest';
import { dateTimeInput, localDateTime, parseLocalDateTime } from './date.ts';

describe('local date-times', () => {
  it('read real dates and times, with or without seconds', () => {
    expect(parseLocalDateTime('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseLocalDateTime(' 2024-05-01 08:30 ')).toEqual({ year: 2024, month: 5, day: 1, hour: 8, minute: 30, second: undefined });
    expect(parseLocalDateTime('2024-05-01T23:59:59')).toMatchObject({ hour: 23, minute: 59, second: 59 });
  });

  it('refuse what names no real moment', () => {
    for (const t of ['9999-99-99', '2023-02-29', '2024-04-31', '2024-00-10', '2024-01-01 24:00', '2024-01-01 10:60', '0999-01-01', 'yesterday', '']) {
      expect(parseLocalDateTime(t), t).toBeNull();
    }
    expect(localDateTime().safeParse('9999-99-99').success).toBe(false);
    expect(localDateTime().safeParse('').success).toBe(true);
    expect(localDateTime().safeParse(undefined).success).toBe(true);
    expect(dateTimeInput().safeParse('99999-01-01').success).toBe(false);
    expect(dateTimeInput().safeParse('2030-01-01 10:00:00').success).toBe(true);
  });
});
