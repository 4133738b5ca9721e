import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { RateLimited } from '../../../core/rate-limits.ts';
import { cmsPublicRate } from './schema.ts';
import { PUBLIC_LIMITS, type PublicLimitName } from './limits.ts';

/** How often a process removes buckets that have left every window. */
const PRUNE_EVERY_MS = 60_000;
/**
 * Buckets per window. A fixed window lets a flood through twice over at its edge (20 requests in
 * the last second of one minute, 20 more in the first second of the next); counting the last ten
 * buckets, the oldest one weighted by how much of it is still inside the window, makes "20 per
 * minute" hold for any minute, within a tenth of a bucket.
 */
const BUCKETS = 10;

export interface Bucket {
  start: number;
  hits: number;
}

/** How many requests the window ending at `at` holds: its last buckets, the oldest weighted by how much of it is inside. */
function countAt(buckets: readonly Bucket[], windowMs: number, at: number): number {
  const bucketMs = windowMs / BUCKETS;
  const current = Math.floor(at / bucketMs) * bucketMs;
  const oldest = current - BUCKETS * bucketMs;
  const inside = (current + bucketMs - at) / bucketMs;
  return buckets.reduce((sum, b) => sum + (b.start < oldest || b.start > current ? 0 : b.start === oldest ? b.hits * inside : b.hits), 0);
}

/** The steps in which the wait is looked for. */
const WAIT_STEP_MS = 100;

/**
 * What the sliding window decides at `now` from a key's recent buckets (the current one included,
 * already counting this request): whether the request is over `max`, and if so how many seconds
 * until the next request would pass (the window holding at most `max - 1` of those counted now).
 */
export function slidingWindow(buckets: readonly Bucket[], max: number, windowMs: number, now: number): { over: boolean; waitSeconds: number } {
  if (countAt(buckets, windowMs, now) <= max) return { over: false, waitSeconds: 0 };
  const bucketMs = windowMs / BUCKETS;
  let at = now;
  while (at < now + windowMs + bucketMs && countAt(buckets, windowMs, at) + 1 > max) at += WAIT_STEP_MS;
  return { over: true, waitSeconds: Math.max(1, Math.ceil((at - now) / 1000)) };
}

/**
 * The public API's throttles, counted in the database so two server processes on one PostgreSQL
 * see one count: a request adds one to its key's current bucket (an upsert) and reads the
 * key's last buckets; the one that takes the window past `max` is refused with the seconds to wait.
 */
export class SharedThrottle {
  private prunedAt = 0;
  private readonly db: DbOrTx;
  private readonly enabled: boolean;
  constructor(db: DbOrTx, enabled: boolean) {
    this.db = db;
    this.enabled = enabled;
  }

  /** Counts one request of `key` against `name`; throws RateLimited when the window is used up. */
  async hit(name: PublicLimitName, key: string, now = Date.now()): Promise<void> {
    if (!this.enabled) return;
    const rule = PUBLIC_LIMITS[name];
    const bucketMs = rule.windowMs / BUCKETS;
    const start = Math.floor(now / bucketMs) * bucketMs;
    const rateKey = `${name}:${key}`.slice(0, 200);
    await this.db
      .insert(cmsPublicRate)
      // A bucket counts until the last window it is part of has passed.
      .values({ rateKey, windowStart: start, hits: 1, expiresAt: new Date(start + rule.windowMs + bucketMs) })
      .onConflictDoUpdate({ target: [cmsPublicRate.rateKey, cmsPublicRate.windowStart], set: { hits: sql`${cmsPublicRate.hits} + 1` } });
    const buckets = await this.db
      .select({ start: cmsPublicRate.windowStart, hits: cmsPublicRate.hits })
      .from(cmsPublicRate)
      .where(and(eq(cmsPublicRate.rateKey, rateKey), gte(cmsPublicRate.windowStart, start - BUCKETS * bucketMs)))
      .orderBy(asc(cmsPublicRate.windowStart));
    this.pruneNowAndThen(now);
    const decision = slidingWindow(buckets, rule.max, rule.windowMs, now);
    if (decision.over) throw new RateLimited(decision.waitSeconds);
  }

  private pruneNowAndThen(now: number) {
    if (now - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = now;
    void this.db.delete(cmsPublicRate).where(lt(cmsPublicRate.expiresAt, new Date(now))).catch(() => {});
  }
}
