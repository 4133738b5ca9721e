import { lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { RateLimited } from '../../../core/rate-limits.ts';
import { cmsPublicRate } from './schema.ts';
import { PUBLIC_LIMITS, type PublicLimitName } from './limits.ts';

/** How often a process removes windows that have ended. */
const PRUNE_EVERY_MS = 60_000;

/**
 * The public API's throttles, counted in the database: one upsert per limit a request counts
 * against, in fixed windows, so two server processes on one PostgreSQL see one count. A window's
 * row says how many requests it has seen; the one past `max` is refused with the seconds left.
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
    const windowStart = Math.floor(now / rule.windowMs) * rule.windowMs;
    const ends = windowStart + rule.windowMs;
    const rateKey = `${name}:${key}`.slice(0, 200);
    const [row] = await this.db
      .insert(cmsPublicRate)
      .values({ rateKey, windowStart, hits: 1, expiresAt: new Date(ends) })
      .onConflictDoUpdate({ target: [cmsPublicRate.rateKey, cmsPublicRate.windowStart], set: { hits: sql`${cmsPublicRate.hits} + 1` } })
      .returning({ hits: cmsPublicRate.hits });
    this.pruneNowAndThen(now);
    if ((row?.hits ?? 0) > rule.max) throw new RateLimited(Math.max(1, Math.ceil((ends - now) / 1000)));
  }

  private pruneNowAndThen(now: number) {
    if (now - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = now;
    void this.db.delete(cmsPublicRate).where(lt(cmsPublicRate.expiresAt, new Date(now))).catch(() => {});
  }
}
