import { createHash, randomBytes } from 'node:crypto';

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

/**
 * The day's visitors of this process. The salt is random, made when the first view of a UTC day
 * arrives and dropped at its end — never written anywhere — so a day's hashes cannot be tied to
 * an address (trying every IPv4 address against an unsalted hash would be quick) nor to the next
 * day's. The price: a server restart, or each of several server processes, starts a new salt, so a
 * reader seen by two of them counts as two visitors that day (documented in docs/statistics.md).
 */
export class Visitors {
  private day = { start: 0, end: 0 };
  private salt = randomBytes(32);
  private readonly lastSeen = new Map<string, number>();

  /** The salt's day; exposed only for tests, which check it is never stored. */
  get saltForTests(): Buffer {
    return this.salt;
  }

  seen(address: string, userAgent: string, now: number): Seen {
    if (now < this.day.start || now >= this.day.end) {
      const start = now - (now % 86_400_000);
      this.day = { start, end: start + 86_400_000 };
      this.salt = randomBytes(32);
      this.lastSeen.clear();
    }
    const visitor = hash(this.salt, address, userAgent);
    const last = this.lastSeen.get(visitor);
    if (last === undefined && this.lastSeen.size >= VISITORS_MAX) this.lastSeen.clear();
    this.lastSeen.set(visitor, now);
    return { visitor, addr: hash(this.salt, address), entry: last === undefined || now - last > VISIT_GAP_MS };
  }
}
