import { describe, expect, it } from 'vitest';
import { lockHolder } from './lock.ts';

describe('a locked content in the editor', () => {
  it('is read-only for everyone but its locker and administrators, naming the locker', () => {
    const locked = { isLock: 'Y', lockUser: 'ann' };
    expect(lockHolder(locked, 'bob', false)).toBe('ann');
    expect(lockHolder(locked, 'ann', false)).toBeNull();
    expect(lockHolder(locked, 'bob', true)).toBeNull();
    expect(lockHolder({ isLock: 'N', lockUser: null }, 'bob', false)).toBeNull();
    expect(lockHolder(null, 'bob', false)).toBeNull();
  });
});
