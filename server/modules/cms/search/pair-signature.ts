/**
 * A document's adjacent word pairs as a Bloom filter of PAIR_BITS bits, kept in the index row
 * (`cms_search_index.pairs`, 256 bytes, in the row itself): a phrase search tests it before it
 * reads a candidate's term list. Checking that a phrase's words stand in a row needs each
 * candidate's positions, which live out of line (~4.5 KB a content): reading them for a thousand
 * candidates was most of a phrase's time (docs/search.md "Phrases"). A candidate whose filter
 * lacks one of the phrase's pairs cannot hold the phrase and is never read; one that has them all
 * is checked as before (`tsv @@ phrase`), so the filter only saves reads and never changes a
 * result.
 *
 * A pair is two terms at neighbouring positions of one field, as tsvectorLiteral places them (a
 * long word's sub-words share its position: every term of a position pairs with every term of the
 * next). That is every pair a `<->` query can match, and more (positions past PostgreSQL's limits),
 * which only lets a candidate through. Each pair sets PAIR_K bits from an FNV-1a hash of its two
 * quoted terms. A content of 2 KB (~470 pairs, the bench's) lets about one candidate in eight
 * through that does not hold a phrase's pair (twice the bits, one in forty, made every search read
 * more pages); a much longer content fills its filter and is always checked.
 */

export const PAIR_BITS = 2048;
/** Bits a pair sets. */
const PAIR_K = 3;
const WORDS = PAIR_BITS / 32;

/** FNV-1a of `a`, a separator, `b` (UTF-16 code units): the same pair the same bits on every run and thread. */
function pairHash(a: string, b: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < a.length; i++) h = Math.imul(h ^ a.charCodeAt(i), 0x01000193);
  h = Math.imul(h ^ 0x1f, 0x01000193);
  for (let i = 0; i < b.length; i++) h = Math.imul(h ^ b.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** A second hash of the pair from the first (murmur3's finalizer), odd: its steps reach every bit. */
function step(h: number): number {
  let x = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return ((x ^ (x >>> 16)) | 1) >>> 0;
}

/** The filter's bits being set. */
export class PairSignature {
  private readonly words = new Uint32Array(WORDS);
  private empty = true;

  /** Two quoted terms (as tsvector literals write them) at neighbouring positions. */
  add(a: string, b: string): void {
    // K bits by double hashing (Kirsch and Mitzenmacher): h1 + i·h2.
    const h1 = pairHash(a, b);
    const h2 = step(h1);
    for (let i = 0; i < PAIR_K; i++) this.set((h1 + Math.imul(i, h2)) & (PAIR_BITS - 1));
  }

  private set(bit: number) {
    this.words[bit >>> 5]! |= 1 << (31 - (bit & 31));
    this.empty = false;
  }

  /** Whether no pair was added. */
  get isEmpty(): boolean {
    return this.empty;
  }

  /** As PostgreSQL's `bit(PAIR_BITS)` reads it: `x` and hex digits, bit 0 first. */
  toLiteral(): string {
    let out = 'x';
    for (const w of this.words) out += w.toString(16).padStart(8, '0');
    return out;
  }
}

/**
 * The filter's bits a phrase needs (its quoted terms in order): every neighbouring pair's. Null
 * for fewer than two terms (no pair to look for).
 */
export function phraseMask(phrases: readonly (readonly string[])[]): string | null {
  const sig = new PairSignature();
  for (const terms of phrases) for (let i = 1; i < terms.length; i++) sig.add(terms[i - 1]!, terms[i]!);
  return sig.isEmpty ? null : sig.toLiteral();
}
