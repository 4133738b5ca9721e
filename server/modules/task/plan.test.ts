import { describe, expect, it } from 'vitest';
import { afterRun, firstRun, isFixedDelay, nextRun, RUN_LEASE_MS, type Trigger } from './plan.ts';

const periodic = (fixedRate: 'Y' | 'N'): Trigger => ({ taskTrigger: 'Periodic', cron: null, fixedRate, period: 10, initialDelay: 5 });
const at = (s: number) => new Date(Date.UTC(2030, 0, 1, 0, 0, s));

describe('when scheduled tasks run', () => {
  it('waits the initial delay before the first periodic run; a cron trigger waits for its time', () => {
    expect(firstRun(periodic('N'), at(0))).toEqual(at(5));
    const cron = firstRun({ ...periodic('N'), taskTrigger: 'Cron', cron: '0/15 * * * * ?' }, at(1));
    expect(cron!.getUTCSeconds()).toBe(15);
    expect(firstRun({ ...periodic('N'), taskTrigger: 'Cron', cron: 'nonsense' }, at(1))).toBeNull();
  });

  it('fixed rate: runs start a period apart whatever they take, skipping slots already past', () => {
    expect(nextRun(periodic('Y'), at(5), at(5))).toEqual(at(15));
    // Fired late (a busy process): the next slot, not a burst of catch-up runs.
    expect(nextRun(periodic('Y'), at(5), at(27))).toEqual(at(35));
    expect(isFixedDelay(periodic('Y'))).toBe(false);
  });

  it('fixed delay: the period counts from the end of the previous run', () => {
    expect(isFixedDelay(periodic('N'))).toBe(true);
    expect(afterRun(periodic('N'), at(8))).toEqual(at(18));
  });

  it('fixed delay: a run under way holds the task for a lease, so no other process starts it again', () => {
    // Claimed at 5: planned beyond any other process's reach until the run ends and re-plans it.
    expect(nextRun(periodic('N'), at(5), at(5))?.getTime()).toBe(at(15).getTime() + RUN_LEASE_MS);
  });

  it('cron: the next time strictly after the planned one, even when the timer woke early', () => {
    const t: Trigger = { ...periodic('N'), taskTrigger: 'Cron', cron: '* * * * * ?' };
    expect(nextRun(t, at(10), new Date(at(10).getTime() - 2))).toEqual(at(11));
  });
});
