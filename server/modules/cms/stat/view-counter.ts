import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { perServices } from '../../../core/services.ts';
import { AddressCap, FlushLoop } from '../../../core/memory-counting.ts';
import { ContentStatus } from '../../../../shared/cms/content.ts';
import { cmsContent } from '../content/schema.ts';

/** The counter's knobs; the defaults suit a busy site. */
export interface ViewCounterOptions {
  /** how often the buffer is written */
  flushMs: number;
  /** a flush starts at once when this many views wait (a burst is written before the second ends) */
  flushViews: number;
  /** how long what is known of a content (published, its site) is trusted before it is read again */
  contentTtlMs: number;
  /** views one address may report per window; more are refused (429) and not counted */
  perAddress: number;
  windowMs: number;
}

export const VIEW_COUNTER_DEFAULTS: ViewCounterOptions = { flushMs: 1_000, flushViews: 5_000, contentTtlMs: 10_000, perAddress: 300, windowMs: 60_000 };

/** What became of a reported view. */
export type VisitOutcome = 'counted' | 'ignored' | 'throttled';

/** Rows of one statement: PGlite takes a few thousand bound values in one statement comfortably. */
const ROWS_PER_STATEMENT = 1_000;
/** Contents remembered before the cache starts again. */
const CONTENTS_MAX = 100_000;
/**
 * Crawlers that run scripts (search engines render pages) would count as readers: their own words
 * for themselves in the User-Agent. Headless browsers that hide it are left to the address cap.
 */
const BOT_AGENT = /bot\b|bot\/|spider|crawl|slurp|headless|lighthouse|pingdom|uptime|monitor/i;

export const isBotAgent = (userAgent: string) => BOT_AGENT.test(userAgent);

/** A UTC day in ms (JavaScript time has no leap seconds). */
const DAY_MS = 86_400_000;

/** The UTC day of `now`, as the per-day rows name it. */
export const viewDay = (now: Date) => now.toISOString().slice(0, 10);

/**
 * Readers' views of contents (issue 31 item 8), counted in memory and written in batches: a view
 * costs a map update, not a database write. Every `flushMs`, or as soon as `flushViews` wait, and
 * on close, the views of the interval are written in one transaction: added to the content's row
 * of the day in `cms_content_view_day` and to `cms_content.view_count`, so the two always agree
 * and a crash loses at most the last second. A failed write puts its views back for the next flush.
 *
 * Only a published content (not in the recycle bin) of the site the request names counts; what a
 * content is, is read once per `contentTtlMs` (a content taken offline stops counting within it).
 *
 * The address cap is kept in this process, not in the public API's shared throttle table
 * (public-api/limits.ts): that table costs a database write per request, which is the very cost
 * this counter exists to avoid (2,000 views/s would be 2,000 upserts/s on PGlite's one
 * connection). The cap only bounds inflation by one machine, so being per process is acceptable:
 * with K server processes an address may count K × `perAddress` views a window at most.
 */
export class ViewCounter {
  private pending = new Map<string, { contentId: number; day: string; views: number }>();
  private waiting = 0;
  private readonly contents = new Map<number, { at: number; siteId: number | null; catalogId: number | null }>();
  private readonly loading = new Map<number, Promise<{ siteId: number; catalogId: number } | null>>();
  private flushing: Promise<void> = Promise.resolve();
  private early = false;
  private readonly db: Database['db'];
  readonly options: ViewCounterOptions;
  constructor(db: Database['db'], options: Partial<ViewCounterOptions> = {}) {
    this.db = db;
    this.options = { ...VIEW_COUNTER_DEFAULTS, ...options };
  }

  private readonly cap = new AddressCap(() => this.options);
  private readonly loop = new FlushLoop(() => this.flush(), () => this.options.flushMs);

  start() {
    this.loop.start();
  }

  /** Stops the timer and writes what is left (the server's close, before the database's). */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  /**
   * A reader at `address` viewed content `contentId` of site `siteId`: counted when the content is
   * published on that site, ignored otherwise (and for a page of no content); refused when the
   * address is over its cap.
   */
  async visit(siteId: number, contentId: number | null, address: string, now = new Date()): Promise<VisitOutcome> {
    // The cap first: a flood of made-up ids from one address costs no lookups beyond it. A page
    // that is no content's (home, list: contentId null) takes its place under the cap too.
    if (!this.admits(address, now.getTime())) return 'throttled';
    if (contentId === null) return 'ignored';
    const site = await this.siteOfPublished(contentId, now.getTime());
    if (site === null || site !== siteId) return 'ignored';
    this.count(contentId, now);
    return 'counted';
  }

  /** The site of a published, live content, or null (unknown, unpublished, in the recycle bin). */
  private async siteOfPublished(contentId: number, now: number): Promise<number | null> {
    const known = this.contents.get(contentId);
    if (known && now - known.at < this.options.contentTtlMs) return known.siteId;
    let pending = this.loading.get(contentId);
    if (!pending) {
      pending = this.read(contentId).finally(() => this.loading.delete(contentId));
      this.loading.set(contentId, pending);
    }
    const row = await pending;
    if (this.contents.size >= CONTENTS_MAX) this.contents.clear();
    this.contents.set(contentId, { at: now, siteId: row?.siteId ?? null, catalogId: row?.catalogId ?? null });
    return row?.siteId ?? null;
  }

  private async read(contentId: number): Promise<{ siteId: number; catalogId: number } | null> {
    const [row] = await this.db.select({ siteId: cmsContent.siteId, catalogId: cmsContent.catalogId }).from(cmsContent)
      .where(and(eq(cmsContent.contentId, contentId), eq(cmsContent.status, ContentStatus.PUBLISHED), isNull(cmsContent.recycleTime)));
    return row ?? null;
  }

  /** The catalog of a content this counter has just counted (its stored one, not the beacon's `cid`). */
  catalogOf(contentId: number): number | null {
    return this.contents.get(contentId)?.catalogId ?? null;
  }

  /** Whether this address may still count in its window (and takes one of its events). */
  private admits(address: string, now: number): boolean {
    return this.cap.admits(address, now);
  }

  /** The UTC day last counted in, kept so a view costs no date formatting (toISOString) but at a day's turn. */
  private day = { start: 0, end: 0, name: '' };

  private dayOf(now: Date): string {
    const t = now.getTime();
    if (t < this.day.start || t >= this.day.end) {
      const start = t - (((t % DAY_MS) + DAY_MS) % DAY_MS);
      this.day = { start, end: start + DAY_MS, name: viewDay(now) };
    }
    return this.day.name;
  }

  private count(contentId: number, now: Date) {
    const day = this.dayOf(now);
    const key = `${contentId}|${day}`;
    let p = this.pending.get(key);
    if (!p) this.pending.set(key, (p = { contentId, day, views: 0 }));
    p.views++;
    if (++this.waiting >= this.options.flushViews && !this.early) {
      this.early = true;
      void this.flush().catch(() => undefined);
    }
  }

  /** Seconds until `address`'s window ends (a refusal's Retry-After). */
  secondsLeft(address: string, now = Date.now()): number {
    return this.cap.secondsLeft(address, now);
  }

  /** Views counted and not yet written. */
  get unwritten(): number {
    return this.waiting;
  }

  /** Writes the buffer in one transaction; flushes never overlap. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write(), () => this.write());
    return this.flushing;
  }

  private async write() {
    this.early = false;
    if (!this.pending.size) return;
    // In content order: two processes flushing on one PostgreSQL lock the day rows in the same
    // order (no deadlock), and each takes its contents' rows only after all its day rows.
    const batch = [...this.pending.values()].sort((a, b) => a.contentId - b.contentId || (a.day < b.day ? -1 : 1));
    const taken = this.waiting;
    this.pending = new Map();
    this.waiting = 0;
    try {
      await this.db.transaction(async (tx) => {
        for (let i = 0; i < batch.length; i += ROWS_PER_STATEMENT) {
          const part = batch.slice(i, i + ROWS_PER_STATEMENT);
          const days = sql.join(part.map((p) => sql`(${p.contentId}::bigint, ${p.day}::date, ${p.views}::bigint)`), sql`, `);
          // A content deleted since its views were counted drops out with the join (its rows went with it).
          await tx.execute(sql`
            insert into cms_content_view_day (content_id, day, site_id, views)
            select v.id, v.day, c.site_id, v.views
            from (values ${days}) as v(id, day, views)
            join cms_content c on c.content_id = v.id
            order by v.id, v.day
            on conflict (content_id, day) do update set views = cms_content_view_day.views + excluded.views`);
          // A content's views of two days (a batch across midnight) are added once, summed.
          const totals = new Map<number, number>();
          for (const p of part) totals.set(p.contentId, (totals.get(p.contentId) ?? 0) + p.views);
          const adds = sql.join([...totals].map(([id, n]) => sql`(${id}::bigint, ${n}::int)`), sql`, `);
          // Only view_count changes: not the update stamps, not the version an editor's save checks.
          await tx.execute(sql`
            update cms_content c set view_count = c.view_count + v.views
            from (values ${adds}) as v(id, views)
            where c.content_id = v.id`);
        }
      });
    } catch (err) {
      // Kept for the next flush, added to what arrived meanwhile.
      for (const p of batch) {
        const key = `${p.contentId}|${p.day}`;
        const q = this.pending.get(key);
        if (q) q.views += p.views;
        else this.pending.set(key, p);
      }
      this.waiting += taken;
      throw err;
    }
  }
}

/** This server's view counter (one per Services: the API server and the sites' server share it). */
export const viewCounterOf = perServices((services) => new ViewCounter(services.db, services.config.viewCounter));
