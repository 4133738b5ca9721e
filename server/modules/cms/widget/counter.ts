import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { perServices } from '../../../core/services.ts';
import { AddressCap, FlushLoop } from '../../../core/memory-counting.ts';
import { adIsLive, PageWidgetState, type AdEvent } from '../../../../shared/cms/page-widget.ts';
import { cmsAdvertisement, cmsPageWidget } from './schema.ts';

/** What the counter knows of an ad: enough to tell whether it is live and where a click goes. */
interface AdInfo {
  advertisementId: number;
  state: string;
  onlineDate: Date | null;
  offlineDate: Date | null;
  redirectUrl: string;
  /** its space is published */
  spacePublished: boolean;
}

/** The counter's knobs; the defaults suit a busy site. */
export interface CounterOptions {
  /** how often the buffer is written */
  flushMs: number;
  /** how long an ad's row is trusted before it is read again (an edit or offline shows within this) */
  adTtlMs: number;
  /** counted events one address may make per window; more are answered but not counted */
  perAddress: number;
  windowMs: number;
}

export const COUNTER_DEFAULTS: CounterOptions = { flushMs: 1_000, adTtlMs: 10_000, perAddress: 120, windowMs: 60_000 };

/** Rows of one insert: PGlite takes a few thousand bound values in one statement comfortably. */
const ROWS_PER_STATEMENT = 1_000;

const today = (now: Date) => now.toISOString().slice(0, 10);

/**
 * Impressions and clicks of ads, counted in memory and written in batches: a request costs a map
 * update, not a database write, and every `flushMs` (and on shutdown) the counts of the interval go
 * into `cms_ad_stat_day` as one transaction of a few statements (`insert … on conflict do update`,
 * adding to the day's row). A failed write puts its counts back for the next flush: nothing is lost
 * short of the process dying between two flushes. Only live ads of published spaces count, and an
 * address counts at most `perAddress` events per window (inflation by one machine is capped).
 */
export class AdCounter {
  private pending = new Map<string, { adId: number; day: string; views: number; clicks: number }>();
  private readonly ads = new Map<number, { at: number; info: AdInfo | null }>();
  private readonly loading = new Map<number, Promise<AdInfo | null>>();
  private flushing: Promise<void> = Promise.resolve();
  private readonly db: Database['db'];
  readonly options: CounterOptions;
  constructor(db: Database['db'], options: Partial<CounterOptions> = {}) {
    this.db = db;
    this.options = { ...COUNTER_DEFAULTS, ...options };
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

  /** The ad when it is live now (enabled, within its dates, in a published space), else null. */
  async liveAd(adId: number, now = new Date()): Promise<AdInfo | null> {
    const known = this.ads.get(adId);
    let info: AdInfo | null;
    if (known && now.getTime() - known.at < this.options.adTtlMs) info = known.info;
    else {
      let pending = this.loading.get(adId);
      if (!pending) {
        pending = this.read(adId).finally(() => this.loading.delete(adId));
        this.loading.set(adId, pending);
      }
      info = await pending;
      if (this.ads.size >= 50_000) this.ads.clear();
      this.ads.set(adId, { at: now.getTime(), info });
    }
    return info && info.spacePublished && adIsLive(info, now) ? info : null;
  }

  private async read(adId: number): Promise<AdInfo | null> {
    const [row] = await this.db.select({
      advertisementId: cmsAdvertisement.advertisementId, state: cmsAdvertisement.state, onlineDate: cmsAdvertisement.onlineDate,
      offlineDate: cmsAdvertisement.offlineDate, redirectUrl: cmsAdvertisement.redirectUrl, spaceState: cmsPageWidget.state,
    }).from(cmsAdvertisement).innerJoin(cmsPageWidget, and(eq(cmsPageWidget.pageWidgetId, cmsAdvertisement.adSpaceId), eq(cmsPageWidget.siteId, cmsAdvertisement.siteId)))
      .where(eq(cmsAdvertisement.advertisementId, adId));
    if (!row) return null;
    const { spaceState, ...ad } = row;
    return { ...ad, spacePublished: spaceState === PageWidgetState.PUBLISHED };
  }

  /** Whether this address may still count in its window (and takes one of its events). */
  private admits(address: string, now: number): boolean {
    return this.cap.admits(address, now);
  }

  /** Counts one event of a live ad from `address`; false when the address is over its limit. */
  count(adId: number, event: AdEvent, address: string, now = new Date()): boolean {
    if (!this.admits(address, now.getTime())) return false;
    const day = today(now);
    const key = `${adId}|${day}`;
    let p = this.pending.get(key);
    if (!p) this.pending.set(key, (p = { adId, day, views: 0, clicks: 0 }));
    if (event === 'view') p.views++;
    else p.clicks++;
    return true;
  }

  /** Events counted and not yet written. */
  get unwritten(): number {
    let n = 0;
    for (const p of this.pending.values()) n += p.views + p.clicks;
    return n;
  }

  /** Writes the buffer in one transaction; flushes never overlap. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write(), () => this.write());
    return this.flushing;
  }

  private async write() {
    if (!this.pending.size) return;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    try {
      await this.db.transaction(async (tx) => {
        for (let i = 0; i < batch.length; i += ROWS_PER_STATEMENT) {
          const values = sql.join(batch.slice(i, i + ROWS_PER_STATEMENT).map((p) => sql`(${p.adId}::bigint, ${p.day}::date, ${p.views}::bigint, ${p.clicks}::bigint)`), sql`, `);
          // An ad deleted since its events were counted drops out with the join (its counts went with it).
          await tx.execute(sql`
            insert into cms_ad_stat_day (advertisement_id, day, site_id, ad_space_id, views, clicks)
            select v.id, v.day, a.site_id, a.ad_space_id, v.views, v.clicks
            from (values ${values}) as v(id, day, views, clicks)
            join cms_advertisement a on a.advertisement_id = v.id
            on conflict (advertisement_id, day) do update
              set views = cms_ad_stat_day.views + excluded.views, clicks = cms_ad_stat_day.clicks + excluded.clicks`);
        }
      });
    } catch (err) {
      // Kept for the next flush, added to what arrived meanwhile.
      for (const p of batch) {
        const key = `${p.adId}|${p.day}`;
        const q = this.pending.get(key);
        if (q) {
          q.views += p.views;
          q.clicks += p.clicks;
        } else this.pending.set(key, p);
      }
      throw err;
    }
  }
}

/** This server's counter (one per Services: the API server and the sites' server share it). */
export const adCounterOf = perServices((services) => new AdCounter(services.db, services.config.adCounter));
