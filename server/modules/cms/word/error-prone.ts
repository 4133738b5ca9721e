import { replaceHits, WordMatcher } from './matcher.ts';
import { escapeHtml } from '../template/html.ts';
import { textRuns } from './html-text.ts';

export interface ErrorProneEntry {
  word: string;
  replaceWord: string;
}

/** An error-prone word found in a text, with what it should read. */
export interface ErrorProneHit {
  word: string;
  replaceWord: string;
  start: number;
  end: number;
}

/** Error-prone words and their corrections, compiled once (matcher.ts). */
export class ErrorProneChecker {
  private readonly matcher: WordMatcher<string>;

  constructor(entries: readonly ErrorProneEntry[]) {
    this.matcher = new WordMatcher(entries.filter((e) => e.word.trim() && e.replaceWord.trim() && e.word.trim() !== e.replaceWord.trim()).map((e) => ({ word: e.word, data: e.replaceWord.trim() })));
  }

  get empty() {
    return this.matcher.size === 0;
  }

  /** The hits of a plain text, not overlapping (the longest word where two start together). */
  hits(text: string): ErrorProneHit[] {
    return this.matcher.leftmostLongest(text).map((h) => ({ word: h.word, replaceWord: h.data, start: h.start, end: h.end }));
  }

  /** A plain text with every error-prone word corrected. */
  fix(text: string): string {
    return replaceHits(text, this.matcher.leftmostLongest(text), (h) => h.data);
  }

  /** The distinct hits of an HTML fragment's text (word → replacement). */
  hitsInHtml(html: string): ErrorProneHit[] {
    return textRuns(html).flatMap((r) => this.hits(r.text).map((h) => ({ ...h, start: h.start + r.start, end: h.end + r.start })));
  }

  /** An HTML fragment with the error-prone words of its text corrected; markup kept as it is. */
  fixHtml(html: string): string {
    let out = '';
    let at = 0;
    for (const run of textRuns(html)) {
      const hits = this.matcher.leftmostLongest(run.text);
      if (!hits.length) continue;
      out += html.slice(at, run.start) + replaceHits(html.slice(run.start, run.end), hits, (h) => escapeHtml(h.data));
      at = run.end;
    }
    return out + html.slice(at);
  }
}
