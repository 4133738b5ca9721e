import { WordMatcher, type WordHit } from './matcher.ts';
import { textRuns } from './html-text.ts';
import { escapeHtml } from '../template/html.ts';

export interface HotWordEntry {
  word: string;
  url: string;
  urlTarget: string;
}

/** Where a hot word never becomes a link: inside a link, a heading, or a control's label. */
const NOT_IN = ['a', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'button', 'select', 'option', 'label', 'code', 'pre'];

const LATIN = /[\p{Script=Latin}\p{Nd}_]/u;

/** A Latin word is linked whole ("cat" is not linked inside "concatenate"); CJK words have no such edges. */
function wholeAt(text: string, h: WordHit<unknown>): boolean {
  const first = text[h.start]!;
  const last = text[h.end - 1]!;
  if (LATIN.test(first) && h.start > 0 && LATIN.test(text[h.start - 1]!)) return false;
  if (LATIN.test(last) && h.end < text.length && LATIN.test(text[h.end]!)) return false;
  return true;
}

/** Addresses that would run code when clicked: never linked. */
const SCRIPTED = /^\s*(?:javascript|vbscript|data):/i;

/**
 * Hot words compiled once: `link(html, max)` makes the first occurrence of each word in the text of
 * an HTML fragment a link to its address, never inside a link, a heading or a tag, at most `max`
 * links in all (0: no limit). The markup around is kept byte for byte (html-text.ts).
 */
export class HotWordLinker {
  private readonly matcher: WordMatcher<HotWordEntry>;

  constructor(entries: readonly HotWordEntry[]) {
    this.matcher = new WordMatcher(entries.filter((e) => e.word.trim() && e.url.trim() && !SCRIPTED.test(e.url)).map((e) => ({ word: e.word, data: e })));
  }

  get empty() {
    return this.matcher.size === 0;
  }

  link(html: string, max = 0): string {
    if (this.empty || !html) return html;
    const done = new Set<string>();
    let out = '';
    let at = 0;
    for (const run of textRuns(html, NOT_IN)) {
      if (max > 0 && done.size >= max) break;
      let taken = -1;
      for (const h of this.matcher.all(run.text)) {
        if (max > 0 && done.size >= max) break;
        const key = h.word.toLowerCase();
        if (h.start < taken || done.has(key) || !wholeAt(run.text, h)) continue;
        done.add(key);
        taken = h.end;
        const target = h.data.urlTarget === '_blank' ? ' target="_blank" rel="noopener"' : '';
        out += html.slice(at, run.start + h.start) + `<a href="${escapeHtml(h.data.url)}"${target} class="hot-word">${html.slice(run.start + h.start, run.start + h.end)}</a>`;
        at = run.start + h.end;
      }
    }
    return out + html.slice(at);
  }
}
