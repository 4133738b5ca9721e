import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { executedRows } from '../../../db/rows.ts';

/**
 * How common the index's commonest terms are: the share of indexed contents holding each, as the
 * database's own statistics keep them (pg_stats most_common_elems of cms_search_index.tsv, which
 * ANALYZE gathers: autovacuum on PostgreSQL, the rebuild and the index drain on PGlite). A query
 * of words most contents hold is answered by reading the newest contents one by one (query.ts);
 * any other through the index. Kept ten minutes: shares move slowly.
 */
export interface TermShares {
  /** term → share of contents holding it (0–1) */
  share: ReadonlyMap<string, number>;
  /** the least share listed: a term not listed is rarer than this (0 when nothing is listed) */
  floor: number;
}

const NONE: TermShares = { share: new Map(), floor: 0 };
let cached: { at: number; value: TermShares } | null = null;
const TTL_MS = 10 * 60_000;

export async function termShares(tx: DbOrTx): Promise<TermShares> {
  if (cached && Date.now() - cached.at < TTL_MS) return cached.value;
  const [r] = executedRows<{ elems: string[] | null; freqs: number[] | null }>(await tx.execute(sql`select most_common_elems::text::text[] as elems, most_common_elem_freqs as freqs
    from pg_stats where schemaname = current_schema() and tablename = 'cms_search_index' and attname = 'tsv'`));
  let value = NONE;
  if (r?.elems?.length && r.freqs) {
    // The frequencies list ends with three more: the least and greatest share and the share of nulls.
    const share = new Map(r.elems.map((e, i) => [e, Number(r.freqs![i])]));
    value = { share, floor: Math.min(...share.values()) };
  }
  cached = { at: Date.now(), value };
  return value;
}

/** Forget the kept shares (tests; after a rebuild's ANALYZE the next search reads them again). */
export function forgetTermShares(): void {
  cached = null;
}

/** A query's items as the analyzer parses them: each one term (with its sub-words as an alternative) or a phrase. */
type Items = readonly { terms: readonly string[]; subs?: readonly string[] }[];

/**
 * The share of contents a query's reading matches at most: its rarest item's (all must be there);
 * a term not among the commonest, `floor`. Readings (simplified, traditional) add up.
 */
export function queryShare(s: TermShares, readings: readonly Items[]): number {
  const of = (t: string) => s.share.get(t) ?? s.floor;
  let total = 0;
  for (const items of readings) {
    if (!items.length) continue;
    total += Math.min(...items.map((i) => {
      const whole = Math.min(...i.terms.map(of));
      return i.subs?.length ? Math.min(1, whole + Math.min(...i.subs.map(of))) : whole;
    }));
  }
  return Math.min(1, total);
}

/**
 * The share of contents a query's reading is expected to match, its words taken as independent:
 * the product of its items' shares (a term not among the commonest, `floor`); readings add up.
 * An estimate for sizing the first window (query.ts), never a bound: words that go together (a
 * phrase's) match more, which only makes that window larger than it needed to be.
 */
export function expectedShare(s: TermShares, readings: readonly Items[]): number {
  const of = (t: string) => s.share.get(t) ?? s.floor;
  const product = (terms: readonly string[]) => terms.reduce((p, t) => p * of(t), 1);
  let total = 0;
  for (const items of readings) {
    if (!items.length) continue;
    total += items.reduce((p, i) => p * Math.min(1, product(i.terms) + (i.subs?.length ? product(i.subs) : 0)), 1);
  }
  return Math.min(1, total);
}
