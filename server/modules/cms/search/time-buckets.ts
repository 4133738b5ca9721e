/**
 * Publish-date buckets as index terms, so the GIN index answers "matches published since day D"
 * by itself. A search ranks the newest matches of a query (query.ts); for a word most contents
 * hold, reading every match's row for its date is what costs (67,000 rows at 100,000 contents).
 * With these terms the index intersects the query's words with a date range and only the rows in
 * that range are read.
 *
 * Each content gets one term per level, the day of its publish date divided into blocks of 4^level
 * days (level 0: the day itself; level 5: 1,024 days). Any range of days is then the union of a few
 * blocks (at most 3 per level on each side), like a segment tree.
 *
 * A term holds a space, which no analysed word does (jieba splits on spaces), so it never meets a
 * reader's word: `'~ 0:20784'` is day 20,784 (2026-11-27), `'~ 2:1299'` the 16 days from 20,784.
 */

export const BUCKET_LEVELS = 6;
const DAY_MS = 86_400_000;

/** Days since 1970-01-01 (UTC) of a date. */
export const dayOf = (d: Date): number => Math.floor(d.getTime() / DAY_MS);

const term = (level: number, block: number) => `~ ${level}:${block}`;

/** The bucket terms of a publish date (none without a date: such a content is only in unbounded searches). */
export function bucketTerms(date: Date | null | undefined): string[] {
  if (!date || Number.isNaN(date.getTime())) return [];
  const day = dayOf(date);
  return Array.from({ length: BUCKET_LEVELS }, (_, l) => term(l, Math.floor(day / 4 ** l)));
}

/** The bucket terms of a publish date as a tsvector literal's entries (position-less lexemes), '' without a date. */
export function bucketLiteral(date: Date | null | undefined): string {
  return bucketTerms(date).map((t) => `'${t}'`).join(' ');
}

/**
 * The fewest bucket terms whose union is the days [from, to] (inclusive): greedily the largest
 * aligned block that starts at `from` and stays within the range.
 */
export function coverDays(from: number, to: number): string[] {
  const out: string[] = [];
  let at = from;
  while (at <= to) {
    let level = BUCKET_LEVELS - 1;
    while (level > 0 && (at % 4 ** level !== 0 || at + 4 ** level - 1 > to)) level--;
    out.push(term(level, at / 4 ** level));
    at += 4 ** level;
  }
  return out;
}

/** Whether a lexeme is a bucket term. */
export const isBucketTerm = (lexeme: string): boolean => lexeme.startsWith('~ ');
