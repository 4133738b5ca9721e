import { describe, expect, it } from 'vitest';
import { confirmLeave, guardLeave, hasDirtyGuard } from './leave-guard.ts';

describe('leaving a page with unsaved work', () => {
  it('passes when nothing is dirty, without asking', async () => {
    let asked = 0;
    const off = guardLeave({ dirty: () => false, ask: async () => (++asked, true) });
    expect(await confirmLeave()).toBe(true);
    expect(asked).toBe(0);
    off();
  });

  it('asks once for concurrent leaves; a refusal keeps the guard, an agreement drops it', async () => {
    let asked = 0;
    let answer = false;
    const off = guardLeave({ dirty: () => true, ask: async () => (++asked, answer) });
    expect(await Promise.all([confirmLeave(), confirmLeave()])).toEqual([false, false]);
    expect(asked).toBe(1);
    expect(hasDirtyGuard()).toBe(true);
    answer = true;
    expect(await confirmLeave()).toBe(true);
    // the navigation that follows the agreement is not asked about again
    expect(await confirmLeave()).toBe(true);
    expect(asked).toBe(2);
    expect(hasDirtyGuard()).toBe(false);
    off();
  });
});
