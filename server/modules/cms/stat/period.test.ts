import { describe, expect, it } from 'vitest';
import { FieldFailure } from '../../../core/errors.ts';
import { periodOf } from './period.ts';
import { axisOf } from './queries.ts';

describe('periodOf', () => {
  it('is the last 30 days ending today by default, or the days named', () => {
    const now = Date.parse('2026-03-10T15:00:00Z');
    expect(periodOf({}, undefined, now)).toEqual({ begin: '2026-02-09', end: '2026-03-10' });
    expect(periodOf({ endTime: '2026-01-31' }, undefined, now)).toEqual({ begin: '2026-01-02', end: '2026-01-31' });
    expect(periodOf({ beginTime: '2026-03-01', endTime: '2026-03-01' }, undefined, now)).toEqual({ begin: '2026-03-01', end: '2026-03-01' });
  });

  it('refuses an end before the beginning, and a period longer than allowed, naming the field', () => {
    const fails = (fn: () => unknown) => {
      try {
        fn();
      } catch (e) {
        return (e as FieldFailure).issues;
      }
      return null;
    };
    expect(fails(() => periodOf({ beginTime: '2026-03-02', endTime: '2026-03-01' }))).toEqual([{ field: 'endTime', key: 'notBefore', params: { otherField: 'beginTime' } }]);
    expect(fails(() => periodOf({ beginTime: '2026-01-01', endTime: '2026-02-01' }, 31))).toEqual([{ field: 'beginTime', key: 'periodDays', params: { max: 31 } }]);
    expect(fails(() => periodOf({ beginTime: '2026-01-01', endTime: '2026-01-31' }, 31))).toBeNull();
  });
});

describe('axisOf', () => {
  it('lists every point of a period: hours, days, weeks from Monday, months from the first', () => {
    expect(axisOf('2026-03-01', '2026-03-01', 'hour')).toHaveLength(24);
    expect(axisOf('2026-03-01', '2026-03-01', 'hour')[23]).toBe('2026-03-01T23:00:00Z');
    expect(axisOf('2026-02-27', '2026-03-02', 'day')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    // 2026-03-04 is a Wednesday: its week starts on Monday the 2nd.
    expect(axisOf('2026-03-04', '2026-03-16', 'week')).toEqual(['2026-03-02', '2026-03-09', '2026-03-16']);
    expect(axisOf('2026-01-15', '2026-03-01', 'month')).toEqual(['2026-01-01', '2026-02-01', '2026-03-01']);
  });
});
