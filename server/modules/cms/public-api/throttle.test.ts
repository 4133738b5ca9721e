import { describe, expect, it } from 'vitest';
import { slidingWindow, type Bucket } from './throttle.ts';

// 20 per minute, in 6-second buckets.
const MAX = 20;
const MINUTE = 60_000;
const at = (start: number, hits: number): Bucket => ({ start, hits });

describe('the sliding window of the public throttles', () => {
  it('refuses the 21st request of any minute, also one that straddles a clock minute', () => {
    // 20 requests in the last bucket of one minute (54–60 s), the 21st just after the minute turns.
    const buckets = [at(54_000, 20), at(60_000, 1)];
    const d = slidingWindow(buckets, MAX, MINUTE, 60_100);
    expect(d.over).toBe(true);
    // It waits until enough of the 20 have left the window for one more: the oldest bucket counts
    // 20 × (120 − t) / 6 from t = 114 s, and 20 × 0.9 + 1 + 1 ≤ 20 from 114.6 s: 54.5 s from now.
    expect(d.waitSeconds).toBe(55);
    // The 20th alone passes.
    expect(slidingWindow([at(54_000, 19), at(60_000, 1)], MAX, MINUTE, 60_100).over).toBe(false);
  });

  it('forgets requests older than the window, and weighs the bucket half out of it by how much is still inside', () => {
    // 20 requests at 0–6 s: at 66 s they have all left, at 63 s half of that bucket still counts.
    expect(slidingWindow([at(0, 20), at(66_000, 1)], MAX, MINUTE, 66_500).over).toBe(false);
    expect(slidingWindow([at(0, 20), at(60_000, 11)], MAX, MINUTE, 63_000).over).toBe(true);
    expect(slidingWindow([at(0, 20), at(60_000, 9)], MAX, MINUTE, 63_000).over).toBe(false);
  });

  it('asks for the wait after which the next request passes, to the second', () => {
    // 5 at 0 s, 15 at 30 s, 1 now at 42 s: the 5 weigh 5 × (66 − t) / 6 from t = 60 s, and
    // 5 × 0.6 + 16 + 1 ≤ 20 from 62.4 s.
    const buckets = [at(0, 5), at(30_000, 15), at(42_000, 1)];
    const d = slidingWindow(buckets, MAX, MINUTE, 42_000);
    expect(d).toEqual({ over: true, waitSeconds: 21 });
    // And then it does pass (counting itself), a moment earlier it would not.
    expect(slidingWindow([...buckets, at(60_000, 1)], MAX, MINUTE, 62_400).over).toBe(false);
    expect(slidingWindow([...buckets, at(60_000, 1)], MAX, MINUTE, 61_000).over).toBe(true);
  });
});
