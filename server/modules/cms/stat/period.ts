import { FieldFailure } from '../../../core/errors.ts';
import { MAX_PERIOD_DAYS, type PeriodQuery } from '../../../../shared/stats/stat.ts';

export const DAY_MS = 86_400_000;

/** A UTC day as yyyy-MM-dd. */
export const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10);
export const msOf = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The days of a period, both ends included: the last 30 days ending today unless named; at most `maxDays`. */
export function periodOf(q: PeriodQuery, maxDays = MAX_PERIOD_DAYS, now = Date.now()): { begin: string; end: string } {
  const end = q.endTime ?? dayOf(now);
  const begin = q.beginTime ?? dayOf(msOf(end) - 29 * DAY_MS);
  if (begin > end) throw new FieldFailure([{ field: 'endTime', key: 'notBefore', params: { otherField: 'beginTime' } }], 'stat');
  if ((msOf(end) - msOf(begin)) / DAY_MS + 1 > maxDays) throw new FieldFailure([{ field: 'beginTime', key: 'periodDays', params: { max: maxDays } }], 'stat');
  return { begin, end };
}
