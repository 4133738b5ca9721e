import { replaceHits, WordMatcher, type WordHit } from './matcher.ts';
import { textRuns } from './html-text.ts';
import { escapeHtml } from '../template/html.ts';

export interface SensitiveEntry {
  word: string;
  type: 'SENSITIVE' | 'WHITELIST';
  /** what masking writes for this word; empty: the site's SensitiveWordReplacement */
  replaceWord?: string | null;
}

/** A sensitive word found in a text (offsets in the text given). */
export interface SensitiveHit {
  word: string;
  start: number;
  end: number;
}

/**
 * The sensitive and whitelist words compiled: a whitelist word shadows the sensitive words inside
 * it ("Scunthorpe" is a town, whatever it contains). Both automata scan once; the shadowing is a
 * sweep over the two sorted hit lists, so a check stays linear in the text.
 */
export class SensitiveChecker {
  private readonly sensitive: WordMatcher<string | null>;
  private readonly whitelist: WordMatcher;

  constructor(entries: readonly SensitiveEntry[]) {
    this.sensitive = new WordMatcher(entries.filter((e) => e.type === 'SENSITIVE').map((e) => ({ word: e.word, data: e.replaceWord?.trim() || null })));
    this.whitelist = new WordMatcher(entries.filter((e) => e.type === 'WHITELIST').map((e) => ({ word: e.word, data: undefined })));
  }

  get empty() {
    return this.sensitive.size === 0;
  }

  /** Sensitive words in a plain text, not overlapping, none inside a whitelist word. */
  hits(text: string): WordHit<string | null>[] {
    const all = this.sensitive.all(text);
    if (!all.length) return [];
    const white = this.whitelist.all(text);
    const kept: WordHit<string | null>[] = [];
    let w = 0;
    let coveredTo = -1;
    let at = 0;
    for (const h of all) {
      // Whitelist hits that start at or before this one: the furthest end among them.
      while (w < white.length && white[w]!.start <= h.start) coveredTo = Math.max(coveredTo, white[w++]!.end);
      if (coveredTo >= h.end) continue;
      // Overlapping sensitive hits: the earlier (then longer, `all` orders them so) wins.
      if (h.start < at) continue;
      kept.push(h);
      at = h.end;
    }
    return kept;
  }

  /** The distinct sensitive words of a plain text, in order of first occurrence. */
  words(text: string): string[] {
    return [...new Set(this.hits(text).map((h) => h.word))];
  }

  /** The text with each sensitive word replaced (the word's own replacement, else `replacement`). */
  mask(text: string, replacement: string): string {
    return replaceHits(text, this.hits(text), (h) => h.data ?? replacement);
  }

  /** The distinct sensitive words of an HTML fragment's text (tags and attributes are not text). */
  wordsInHtml(html: string): string[] {
    const found = new Set<string>();
    for (const run of textRuns(html)) for (const w of this.words(run.text)) found.add(w);
    return [...found];
  }

  /** The HTML with sensitive words of its text masked; tags, attributes and entities kept as they are. */
  maskHtml(html: string, replacement: string): string {
    let out = '';
    let at = 0;
    for (const run of textRuns(html)) {
      const hits = this.hits(run.text);
      if (!hits.length) continue;
      out += html.slice(at, run.start) + replaceHits(html.slice(run.start, run.end), hits, (h) => escapeHtml(h.data ?? replacement));
      at = run.end;
    }
    return out + html.slice(at);
  }
}

