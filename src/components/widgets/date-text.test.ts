import { describe, expect, it } from 'vitest';
import { pickerText, typedValue } from './date-text.ts';

describe('the date field stand-in\'s text', () => {
  it('shows a value as the picker writes it', () => {
    expect(pickerText(new Date(2026, 0, 2, 3, 4))).toBe('2026-01-02 03:04');
    expect(pickerText(new Date(2026, 0, 2, 3, 4), true)).toBe('2026-01-02');
    expect(pickerText(null)).toBe('');
  });

  it('takes a whole date-time typed, and nothing half typed or unreal', () => {
    expect(typedValue('2099-01-01 10:00')).toEqual(new Date(2099, 0, 1, 10, 0));
    expect(typedValue('2099-01-01 10:0')?.getTime()).toBe(new Date(2099, 0, 1, 10, 0).getTime());
    expect(typedValue('2099-01-01')).toBeUndefined();
    expect(typedValue('2099-01-01 1')).toBeUndefined();
    expect(typedValue('2099-02-30 10:00')).toBeUndefined();
    expect(typedValue('2099-01-01 24:00')).toBeUndefined();
    expect(typedValue('  ')).toBeNull();
  });

  it('takes a bare date in a date field, and no time', () => {
    expect(typedValue('2026-11-30', true)).toEqual(new Date(2026, 10, 30));
    expect(typedValue('2026-11-30 10:00', true)).toBeUndefined();
    expect(typedValue('', true)).toBeNull();
  });
});
