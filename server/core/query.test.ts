import { describe, expect, it } from 'vitest';
import { likePattern, parseLocalTime } from './query.ts';

describe('parseLocalTime', () => {
  it('reads the console date formats in local time; a bare end date covers the whole day', () => {
    expect(parseLocalTime('2024-05-01', 'begin')).toEqual(new Date(2024, 4, 1, 0, 0, 0, 0));
    expect(parseLocalTime('2024-05-01', 'end')).toEqual(new Date(2024, 4, 1, 23, 59, 59, 999));
    expect(parseLocalTime('2024-05-01 08:30:15', 'begin')).toEqual(new Date(2024, 4, 1, 8, 30, 15, 0));
    expect(parseLocalTime('2024-05-01 08:30:15', 'end')).toEqual(new Date(2024, 4, 1, 8, 30, 15, 999));
  });

  it('ignores absent or malformed values rather than failing the list', () => {
    expect(parseLocalTime(undefined, 'begin')).toBeUndefined();
    expect(parseLocalTime('', 'end')).toBeUndefined();
    expect(parseLocalTime('yesterday', 'begin')).toBeUndefined();
    // Impossible dates no longer roll over into another day (9999-99-99 was a date in year 10007).
    expect(parseLocalTime('9999-99-99', 'begin')).toBeUndefined();
    expect(parseLocalTime('2023-02-29', 'end')).toBeUndefined();
  });
});

describe('likePattern', () => {
  it('escapes LIKE wildcards so they match themselves', () => {
    expect(likePattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
