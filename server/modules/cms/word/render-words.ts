import { HotWordLinker, type HotWordEntry } from './hot-links.ts';
import { SensitiveChecker, type SensitiveEntry } from './sensitive.ts';

// What a render (a publish thread, a preview) gets of the word lists with its page data, and the
// matchers built from it once per list version and kept by the thread: no database code here.

export interface PageHotWords {
  version: string;
  words: HotWordEntry[];
  /** links in one page at most (0: no limit) */
  max: number;
}

export interface PageSensitiveWords {
  version: string;
  entries: SensitiveEntry[];
  replacement: string;
}

/** A few versions kept: a publish run uses one or two groups; an old version is never asked again. */
const KEPT = 16;
const linkers = new Map<string, HotWordLinker>();
const checkers = new Map<string, SensitiveChecker>();

function cached<T>(map: Map<string, T>, version: string, make: () => T): T {
  let v = map.get(version);
  if (!v) {
    if (map.size >= KEPT) map.delete(map.keys().next().value!);
    v = make();
    map.set(version, v);
  }
  return v;
}

/** A body's HTML with its hot words linked (the stored body is never changed: this runs on render). */
export function linkHotWords(html: string, hot: PageHotWords | null | undefined): string {
  if (!hot?.words.length || !html) return html;
  return cached(linkers, hot.version, () => new HotWordLinker(hot.words)).link(html, hot.max);
}

/** A text or HTML with its sensitive words masked. */
export function maskSensitiveWords(text: string, list: PageSensitiveWords | null | undefined, replacement?: string): string {
  if (!list?.entries.length || !text) return text;
  const checker = cached(checkers, list.version, () => new SensitiveChecker(list.entries));
  return /[<&]/.test(text) ? checker.maskHtml(text, replacement ?? list.replacement) : checker.mask(text, replacement ?? list.replacement);
}
