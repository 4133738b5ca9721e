import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { perServices } from '../../../core/services.ts';
import { clientInfo } from '../../../core/client-info.ts';

/** One public search as the reply saw it. */
export interface SearchEvent {
  siteId: number;
  query: string;
  resultCount: number;
  costMs: number;
  ip: string;
  userAgent: string | undefined;
  at?: Date;
}

interface Pending {
  siteId: number;
  query: string;
  word: string;
  resultCount: number;
  costMs: number;
  ipHash: string;
  userAgent: string;
  at: Date;
}

const BOT = /bot|crawl|spider|slurp|bingpreview|facebookexternalhit|headless/i;

/** The browser's family only (the full string says more of a reader than statistics need). */
export function userAgentFamily(ua: string | undefined): string {
  if (ua && BOT.test(ua)) return 'Bot';
  const { browser } = clientInfo(ua);
  return ['Edge', 'Opera', 'Firefox', 'Chrome', 'Safari'].includes(browser) ? browser : 'Other';
}

/**
 * The word a query counts as in the statistics: trimmed, inner spaces made one, lower case (so
 * "Harbour" and "harbour " are one word); at most 100 characters.
 */
export const wordOf = (query: string) => query.trim().replace(/\s+/g, ' ').toLowerCase().slice(0, 100);

/** Logs of one insert (PGlite takes a few thousand bound values in one statement comfortably). */
const ROWS_PER_STATEMENT = 500;
/** Searches kept before the oldest are dropped, should the database stay unwritable. */
const PENDING_MAX = 50_000;

/**
 * Public searches, logged in batches: a search costs its reply a push into memory, and every
 * `flushMs` (and on shutdown) the searches of the interval are written in one transaction — the
 * log rows, each word's total (`cms_search_word`, added to) and its day's count
 * (`cms_search_word_day`). A failed write keeps its searches for the next flush.
 *
 * The address is hashed with a salt made at start and never stored, together with the day: the
 * same reader is one hash within a day on this process, and no hash leads back to an address (an
 * IPv4 address space is small enough to try every address against an unsalted hash).
 */
export class SearchLogger {
  private pending: Pending[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private readonly salt = randomBytes(32);
  private readonly db: Database['db'];
  private readonly flushMs: number;
  constructor(db: Database['db'], flushMs = 1_000) {
    this.db = db;
    this.flushMs = flushMs;
  }

  start() {
    if (!this.timer) {
      this.timer = setInterval(() => void this.flush().catch(() => undefined), this.flushMs);
      this.timer.unref();
    }
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  hashAddress(ip: string, day: string): string {
    return createHash('sha256').update(this.salt).update(`${day}|${ip}`).digest('hex');
  }

  log(e: SearchEvent) {
    const word = wordOf(e.query);
    if (!word) return;
    const at = e.at ?? new Date();
    if (this.pending.length >= PENDING_MAX) this.pending.shift();
    this.pending.push({
      siteId: e.siteId, query: e.query.slice(0, 100), word, resultCount: e.resultCount, costMs: Math.round(e.costMs),
      ipHash: this.hashAddress(e.ip, at.toISOString().slice(0, 10)), userAgent: userAgentFamily(e.userAgent), at,
    });
  }

  get unwritten(): number {
    return this.pending.length;
  }

  /** Writes the buffer; flushes never overlap. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write(), () => this.write());
    return this.flushing;
  }

  private async write() {
    if (!this.pending.length) return;
    const batch = this.pending;
    this.pending = [];
    // Per word and day: how many searches (one upsert row each, not one per search).
    const counts = new Map<string, { siteId: number; word: string; day: string; n: number; found: number }>();
    for (const p of batch) {
      const day = p.at.toISOString().slice(0, 10);
      const key = `${p.siteId}|${p.word}|${day}`;
      const found = p.resultCount > 0 ? 1 : 0;
      const c = counts.get(key);
      if (c) {
        c.n++;
        c.found += found;
      } else counts.set(key, { siteId: p.siteId, word: p.word, day, n: 1, found });
    }
    try {
      await this.db.transaction(async (tx) => {
        for (let i = 0; i < batch.length; i += ROWS_PER_STATEMENT) {
          const values = sql.join(batch.slice(i, i + ROWS_PER_STATEMENT).map((p) =>
            sql`(${p.siteId}::bigint, ${p.query}, ${p.resultCount}::int, ${p.costMs}::int, ${p.ipHash}, ${p.userAgent}, ${p.at.toISOString()}::timestamptz)`), sql`, `);
          // A site deleted since its searches were made drops out with the join.
          await tx.execute(sql`insert into cms_search_log (site_id, query, result_count, cost_ms, ip_hash, user_agent, create_time)
            select v.* from (values ${values}) as v(site_id, query, result_count, cost_ms, ip_hash, user_agent, create_time)
            join cms_site s on s.site_id = v.site_id`);
        }
        const all = [...counts.values()];
        for (let i = 0; i < all.length; i += ROWS_PER_STATEMENT) {
          const chunk = all.slice(i, i + ROWS_PER_STATEMENT);
          // Totals per word (the same word on several days of one batch: summed first).
          const totals = new Map<string, { siteId: number; word: string; n: number; found: number }>();
          for (const c of chunk) {
            const k = `${c.siteId}|${c.word}`;
            const t = totals.get(k);
            if (t) {
              t.n += c.n;
              t.found += c.found;
            } else totals.set(k, { siteId: c.siteId, word: c.word, n: c.n, found: c.found });
          }
          const words = sql.join([...totals.values()].map((t) => sql`(${t.siteId}::bigint, ${t.word}, ${t.n}::bigint, ${t.found}::bigint)`), sql`, `);
          await tx.execute(sql`insert into cms_search_word (site_id, word, search_total, found_total)
            select v.* from (values ${words}) as v(site_id, word, n, found) join cms_site s on s.site_id = v.site_id
            on conflict (site_id, word) do update set search_total = cms_search_word.search_total + excluded.search_total,
              found_total = cms_search_word.found_total + excluded.found_total`);
          const days = sql.join(chunk.map((c) => sql`(${c.siteId}::bigint, ${c.word}, ${c.day}::date, ${c.n}::bigint)`), sql`, `);
          await tx.execute(sql`insert into cms_search_word_day (word_id, day, searches)
            select w.word_id, v.day, v.n from (values ${days}) as v(site_id, word, day, n)
            join cms_search_word w on w.site_id = v.site_id and w.word = v.word
            on conflict (word_id, day) do update set searches = cms_search_word_day.searches + excluded.searches`);
        }
      });
    } catch (err) {
      this.pending = [...batch, ...this.pending].slice(-PENDING_MAX);
      throw err;
    }
  }
}

/** This server's logger (the API server and the sites' server share it). */
export const searchLoggerOf = perServices((services) => new SearchLogger(services.db));
