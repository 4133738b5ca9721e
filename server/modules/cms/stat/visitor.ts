import { createHash } from 'node:crypto';

/** A visit ends after this long without a view from its visitor (the usual 30 minutes). */
export const VISIT_GAP_MS = 30 * 60_000;
/** Visitors remembered for their visits; past it the memory starts again (a flood's memory is bounded). */
const VISITORS_MAX = 500_000;

/** Who a view is from, as the statistics may know it: two hashes and whether it began a visit. */
export interface Seen {
  /** hash of (salt of the day, address, user agent): one reader on one browser, for one day */
  visitor: string;
  /** hash of (salt of the day, address): the day's distinct addresses */
  addr: string;
  /** none of this visitor's views in the VISIT_GAP_MS before: a visit starts (its page is an entry page) */
  entry: boolean;
}

const hash = (salt: Buffer, ...parts: string[]) => {
  const h = createHash('sha256').update(salt);
  for (const p of parts) h.update('\0').update(p);
  // 128 bits: collisions among a day's visitors of one site are out of the question.
  return h.digest('base64url').slice(0, 22);
};

const DAY_MS = 86_400_000;
/** The UTC day holding `now`, as yyyy-mm-dd. */
export const utcDay = (now: number) => new Date(now - (now % DAY_MS)).toISOString().slice(0, 10);

/**
 * Where the day's salt is kept while its day lasts: the database (`cms_stat_salt`, salts.ts), so
 * every server process and a restarted one hash a reader alike and count them once. Given as a
 * function so the visitors' memory stays free of the database.
 */
export type SaltOfDay = (day: string) => Promise<Buffer>;

/**
 * The day's visitors. The salt is random, made when the first view of a UTC day arrives by any
 * process and kept only while its day lasts (then deleted: salts.ts), so a day's hashes cannot be
 * tied to an address (trying every IPv4 address against an unsalted hash would be quick) nor to
 * the next day's. Visits (30-minute gaps) are remembered by the process that saw the views: behind
 * a load balancer without sticky sessions a visit split across processes counts as two
 * (docs/statistics.md).
 */
export class Visitors {
  private day = '';
  private salt: Buffer | null = null;
  private readonly lastSeen = new Map<string, number>();
  private readonly saltOf: SaltOfDay;

  constructor(saltOf: SaltOfDay) {
    this.saltOf = saltOf;
  }

  /** The salt of the day last seen; exposed only for tests, which check where it is kept. */
  get saltForTests(): Buffer | null {
    return this.salt;
  }

  async seen(address: string, userAgent: string, now: number): Promise<Seen> {
    const day = utcDay(now);
    if (day !== this.day || !this.salt) {
      const salt = await this.saltOf(day);
      // Another view of the day may have asked meanwhile: the salt is the same, the memory starts once.
      if (day !== this.day) this.lastSeen.clear();
      this.day = day;
      this.salt = salt;
    }
    const visitor = hash(this.salt, address, userAgent);
    const last = this.lastSeen.get(visitor);
    if (last === undefined && this.lastSeen.size >= VISITORS_MAX) this.lastSeen.clear();
    this.lastSeen.set(visitor, now);
    return { visitor, addr: hash(this.salt, address), entry: last === undefined || now - last > VISIT_GAP_MS };
  }
}
