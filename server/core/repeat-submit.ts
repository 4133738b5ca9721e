import { createHash } from 'node:crypto';

/** Repeat-submit window (spec §5, §9): the same user, URL and body within it is refused with 601. */
export const REPEAT_SUBMIT_WINDOW_MS = 1000;

/** Remembers recent writes per user. Kept in process memory: the window is a second long. */
export class RepeatSubmitGuard {
  private readonly seen = new Map<string, number>();
  private readonly windowMs: number;
  constructor(windowMs = REPEAT_SUBMIT_WINDOW_MS) {
    this.windowMs = windowMs;
  }

  /** True when this write repeats one seen within the window; records it otherwise. */
  isRepeat(userId: number, url: string, body: unknown, now = Date.now()): boolean {
    const key = `${userId} ${url} ${createHash('sha1').update(JSON.stringify(body ?? null)).digest('hex')}`;
    const last = this.seen.get(key);
    if (this.seen.size > 10_000) for (const [k, at] of this.seen) if (now - at >= this.windowMs) this.seen.delete(k);
    if (last !== undefined && now - last < this.windowMs) return true;
    this.seen.set(key, now);
    return false;
  }

  /** Entries still inside the window (for the cache monitor). */
  entries(now = Date.now()): [string, number][] {
    return [...this.seen].filter(([, at]) => now - at < this.windowMs);
  }

  clear(key?: string) {
    if (key === undefined) this.seen.clear();
    else this.seen.delete(key);
  }
}
