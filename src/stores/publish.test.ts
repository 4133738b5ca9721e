import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $publishCount, toCount, watchPublish } from './publish.ts';
import { MemoryStorage } from '../lib/testing/fake-browser.ts';

let storage: MemoryStorage;
beforeEach(() => {
  vi.useFakeTimers();
  storage = new MemoryStorage();
  $publishCount.set(0);
});
afterEach(() => vi.useRealTimers());

const deps = (fetchCount: () => Promise<number>) => ({
  fetchCount,
  storage,
  setInterval: (fn: () => void, ms: number) => setInterval(fn, ms),
  clearInterval: (id: unknown) => clearInterval(id as ReturnType<typeof setInterval>),
});

describe('publish indicator polling (spec §4)', () => {
  it('polls every 5 s while the flag is on, clears it after three zero counts, then stops', async () => {
    const counts = [2, 0, 0, 0, 7];
    const fetchCount = vi.fn(async () => counts.shift() ?? 0);
    storage.setItem('publish_flag', 'true');
    const stop = watchPublish(deps(fetchCount));
    await vi.advanceTimersByTimeAsync(4999);
    expect(fetchCount).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchCount).toHaveBeenCalledTimes(1);
    expect($publishCount.get()).toBe(2);
    await vi.advanceTimersByTimeAsync(15000);
    expect(fetchCount).toHaveBeenCalledTimes(4);
    expect($publishCount.get()).toBe(0);
    expect(storage.getItem('publish_flag')).toBeNull();
    await vi.advanceTimersByTimeAsync(30000);
    expect(fetchCount).toHaveBeenCalledTimes(4);
    stop();
  });

  it('notices the flag within 2 s and stops when it is removed', async () => {
    const fetchCount = vi.fn(async () => 1);
    const stop = watchPublish(deps(fetchCount));
    await vi.advanceTimersByTimeAsync(10000);
    expect(fetchCount).not.toHaveBeenCalled();
    storage.setItem('publish_flag', 'true');
    await vi.advanceTimersByTimeAsync(2000 + 5000);
    expect(fetchCount).toHaveBeenCalledTimes(1);
    storage.removeItem('publish_flag');
    await vi.advanceTimersByTimeAsync(20000);
    expect(fetchCount).toHaveBeenCalledTimes(1);
    stop();
  });

  it('counts may arrive as strings', () => {
    expect(toCount('3')).toBe(3);
    expect(toCount(null)).toBe(0);
    expect(toCount('x')).toBe(0);
  });
});

describe('after a publishing action', () => {
  it('sets the flag and shows the queue\'s count at once', async () => {
    const { markPublishing } = await import('./publish.ts');
    await markPublishing(storage, async () => 4);
    expect(storage.getItem('publish_flag')).toBe('true');
    expect($publishCount.get()).toBe(4);
  });

  it('asks the shell\'s progress view to open on the published site\'s run', async () => {
    const { $progressAsked, publishQueued } = await import('./publish.ts');
    $progressAsked.set(null);
    await publishQueued({ siteId: '7', siteName: 'Harbor' }, storage, async () => 3);
    expect($progressAsked.get()).toEqual({ siteId: '7', siteName: 'Harbor' });
    expect(storage.getItem('publish_flag')).toBe('true');
    expect($publishCount.get()).toBe(3);
  });
});
