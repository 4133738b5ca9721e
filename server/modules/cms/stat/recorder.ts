import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { perServices } from '../../../core/services.ts';
import { FlushLoop } from '../../../core/memory-counting.ts';
import { cmsCatalog } from '../catalog/schema.ts';
import { agentFamily } from './agent.ts';
import { countryOf, loadCountries } from './geo.ts';
import { originOf } from './referrer.ts';
import { Visitors } from './visitor.ts';
import { DailySalts } from './salts.ts';

/** A page view as the beacon reports it (public-routes.ts). */
export interface PageView {
  siteId: number;
  /** a content page's content, already known to be published on the site (the view counter said so) */
  contentId: number | null;
  /** the content's catalog, or the list page's (checked here to be the site's) */
  catalogId: number | null;
  path: string;
  /** the page's `document.referrer` */
  referrer: string | undefined;
  /** the host the page itself is on (the beacon's own Referer/Origin): a referrer there is the site's own link */
  pageHost: string | null;
  address: string;
  userAgent: string;
  at?: Date;
}

export interface RecorderOptions {
  flushMs: number;
  /** a flush starts at once when this many events wait */
  flushEvents: number;
  /** events kept in memory at most while the database cannot be written (the oldest go first) */
  pendingMax: number;
}

export const RECORDER_DEFAULTS: RecorderOptions = { flushMs: 1_000, flushEvents: 5_000, pendingMax: 500_000 };

/** Events per statement: one JSON parameter, so no bound-value limit; this keeps a statement's text a few MB at most. */
const ROWS_PER_STATEMENT = 5_000;
/** How long a catalog's site is trusted before it is read again. */
const CATALOG_TTL_MS = 60_000;
const CATALOGS_MAX = 50_000;

/** A raw event's row, keyed by column name (json_to_recordset reads them so). */
interface EventRow {
  site_id: number;
  at: string;
  content_id: number | null;
  catalog_id: number | null;
  path: string;
  entry: boolean;
  ref_host: string | null;
  source: string;
  engine: string | null;
  word: string | null;
  browser: string;
  os: string;
  device: string;
  country: string | null;
  visitor: string;
  addr: string;
}

/** Text safe in a JSON parameter and a varchar: no lone surrogate (JSON refuses it), no NUL, at most `max` characters. */
const clean = (s: string, max: number) => s.slice(0, max).toWellFormed().replace(/\0/g, '');

/** A page's path as kept: the path alone (the beacon sends no query), '/' when unusable. */
export const pathOf = (p: string | undefined) => (p && p.startsWith('/') ? clean(p.split(/[?#]/)[0]!, 500) : '/');

/**
 * Readers' page views (issue 32 item 1), recorded as raw events in `cms_stat_event` with what the
 * statistics need and nothing more (docs/statistics.md): a view costs a push into memory (the
 * agent parsed once per distinct User-Agent, the country a binary search, two hashes), and every
 * `flushMs`, at once when `flushEvents` wait, and on close, the events are written in one
 * multi-row insert with one JSON parameter per 5,000 rows (as the search indexer does). A failed
 * write keeps its events for the next flush.
 */
export class StatRecorder {
  private pending: EventRow[] = [];
  private flushing: Promise<void> = Promise.resolve();
  private early = false;
  private readonly salts: DailySalts;
  private readonly visitors: Visitors;
  private readonly catalogs = new Map<number, { at: number; siteId: number | null }>();
  private readonly db: Database['db'];
  readonly options: RecorderOptions;
  private readonly loop: FlushLoop;
  /** Events dropped because the database stayed unwritable past pendingMax (never otherwise). */
  dropped = 0;

  constructor(db: Database['db'], options: Partial<RecorderOptions> = {}) {
    this.db = db;
    this.options = { ...RECORDER_DEFAULTS, ...options };
    this.salts = new DailySalts(db);
    this.visitors = new Visitors(this.salts.of);
    this.loop = new FlushLoop(async () => {
      await this.salts.sweep(Date.now()).catch(() => undefined);
      await this.flush();
    }, () => this.options.flushMs);
  }

  start() {
    this.loop.start();
    // The country tables are read now, not by the first reader's beacon.
    void loadCountries().catch(() => undefined);
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** For tests: the visitors' memory (the day's salt, kept only while its day lasts). */
  get visitorsForTests(): Visitors {
    return this.visitors;
  }

  /** Events recorded and not yet written. */
  get unwritten(): number {
    return this.pending.length;
  }

  /** Records a view; a list page's catalog of another site (or unknown) is dropped, the view kept. */
  async record(view: PageView): Promise<void> {
    const at = view.at ?? new Date();
    let catalogId = view.catalogId;
    if (catalogId !== null && view.contentId === null && (await this.siteOfCatalog(catalogId, at.getTime())) !== view.siteId) catalogId = null;
    const origin = originOf(view.referrer, view.pageHost ? new Set([view.pageHost]) : undefined);
    const agent = agentFamily(view.userAgent);
    const seen = await this.visitors.seen(view.address, view.userAgent, at.getTime());
    this.pending.push({
      site_id: view.siteId, at: at.toISOString(), content_id: view.contentId, catalog_id: catalogId, path: pathOf(view.path), entry: seen.entry,
      ref_host: origin.refHost, source: origin.source, engine: origin.engine, word: origin.word && clean(origin.word, 100),
      browser: agent.browser, os: agent.os, device: agent.device, country: countryOf(view.address), visitor: seen.visitor, addr: seen.addr,
    });
    if (this.pending.length > this.options.pendingMax) {
      this.pending.shift();
      this.dropped++;
    }
    if (this.pending.length >= this.options.flushEvents && !this.early) {
      this.early = true;
      void this.flush().catch(() => undefined);
    }
  }

  private async siteOfCatalog(catalogId: number, now: number): Promise<number | null> {
    const known = this.catalogs.get(catalogId);
    if (known && now - known.at < CATALOG_TTL_MS) return known.siteId;
    const [row] = await this.db.select({ siteId: cmsCatalog.siteId }).from(cmsCatalog).where(and(eq(cmsCatalog.catalogId, catalogId), isNull(cmsCatalog.deleteTime)));
    if (this.catalogs.size >= CATALOGS_MAX) this.catalogs.clear();
    this.catalogs.set(catalogId, { at: now, siteId: row?.siteId ?? null });
    return row?.siteId ?? null;
  }

  /** Writes what waits; flushes never overlap. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write(), () => this.write());
    return this.flushing;
  }

  private async write() {
    this.early = false;
    if (!this.pending.length) return;
    const batch = this.pending;
    this.pending = [];
    try {
      await this.db.transaction(async (tx) => {
        for (let i = 0; i < batch.length; i += ROWS_PER_STATEMENT) {
          const rows = JSON.stringify(batch.slice(i, i + ROWS_PER_STATEMENT));
          await tx.execute(sql`insert into cms_stat_event (site_id, at, content_id, catalog_id, path, entry, ref_host, source, engine, word, browser, os, device, country, visitor, addr)
            select site_id, at, content_id, catalog_id, path, entry, ref_host, source, engine, word, browser, os, device, country, visitor, addr
            from json_to_recordset(${rows}::json) as x(site_id bigint, at timestamptz, content_id bigint, catalog_id bigint, path varchar, entry boolean,
              ref_host varchar, source varchar, engine varchar, word varchar, browser varchar, os varchar, device varchar, country varchar, visitor varchar, addr varchar)`);
        }
      });
    } catch (err) {
      // Kept for the next flush, before what arrived meanwhile.
      this.pending = batch.concat(this.pending);
      throw err;
    }
  }
}

/** This server's recorder (one per Services: the API server and the sites' server share it). */
export const statRecorderOf = perServices((services) => new StatRecorder(services.db));
