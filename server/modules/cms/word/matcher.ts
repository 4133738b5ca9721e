import AhoCorasick from 'modern-ahocorasick';

/** One occurrence of a listed word in a text: UTF-16 offsets, `end` exclusive, the word as listed. */
export interface WordHit<T = undefined> {
  word: string;
  start: number;
  end: number;
  data: T;
}

/**
 * Latin letters folded to lower case one code unit for one, so offsets in the folded text are
 * offsets in the original (String#toLowerCase may lengthen a string: 'İ' becomes two units).
 */
export function foldLatin(text: string): string {
  return text.replace(/[A-Z\u00C0-\u00D6\u00D8-\u00DE]/g, (c) => c.toLowerCase());
}

/**
 * A word list compiled once into an Aho–Corasick automaton: a scan is linear in the text whatever
 * the number of words (modern-ahocorasick), case-insensitive for Latin letters. Duplicate words
 * (after folding) keep the first entry.
 */
export class WordMatcher<T = undefined> {
  private readonly automaton: AhoCorasick<{ word: string; data: T }>;
  readonly size: number;

  constructor(entries: readonly { word: string; data: T }[]) {
    const seen = new Set<string>();
    const patterns: { pattern: string; data: { word: string; data: T } }[] = [];
    for (const e of entries) {
      const folded = foldLatin(e.word.trim());
      if (!folded || seen.has(folded)) continue;
      seen.add(folded);
      patterns.push({ pattern: folded, data: { word: e.word.trim(), data: e.data } });
    }
    this.size = patterns.length;
    this.automaton = new AhoCorasick(patterns);
  }

  /** Every occurrence, overlapping ones included (a whitelist needs them), in order of start. */
  all(text: string): WordHit<T>[] {
    if (!this.size || !text) return [];
    return this.automaton.search(foldLatin(text)).map((m) => toHit(m)).sort((a, b) => a.start - b.start || b.end - a.end);
  }

  /** Occurrences that do not overlap, the longest word winning where two start together (highlighting, replacing). */
  leftmostLongest(text: string): WordHit<T>[] {
    if (!this.size || !text) return [];
    return this.automaton.search(foldLatin(text), { strategy: 'leftmost-longest' }).map((m) => toHit(m));
  }
}

function toHit<T>(m: { start: number; end: number; data?: { word: string; data: T } | undefined }): WordHit<T> {
  // Every pattern is given with its data.
  return { word: m.data!.word, start: m.start, end: m.end, data: m.data!.data };
}

/** Replaces non-overlapping hits (given in order) in a text. */
export function replaceHits<T>(text: string, hits: readonly WordHit<T>[], by: (hit: WordHit<T>) => string): string {
  let out = '';
  let at = 0;
  for (const h of hits) {
    if (h.start < at) continue;
    out += text.slice(at, h.start) + by(h);
    at = h.end;
  }
  return out + text.slice(at);
}
