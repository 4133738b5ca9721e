/**
 * The content editor's word check, free of UI code: the body's text as the server checks it, the
 * hits grouped by word, and an error-prone word corrected in the body's text (never in its tags
 * or attributes). The server's routes are server/modules/cms/word/check-routes.ts.
 */

export interface SensitiveHit { word: string; start: number; end: number }
export interface ErrorProneHit extends SensitiveHit { replaceWord: string }

/** A word found, how often, and (error-prone words) what it should read. */
export interface FoundWord { word: string; count: number; replaceWord?: string }

/** The text of an HTML body, blocks separated by line breaks so no word spans two paragraphs. */
export function bodyText(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  for (const el of doc.body.querySelectorAll('p, div, li, h1, h2, h3, h4, h5, h6, blockquote, pre, td, th, br')) el.after('\n');
  return doc.body.textContent ?? '';
}

/** Hits grouped by word, in order of first occurrence. */
export function groupHits<H extends SensitiveHit>(hits: readonly H[]): FoundWord[] {
  const out = new Map<string, FoundWord>();
  for (const h of hits) {
    const found = out.get(h.word);
    if (found) found.count++;
    else out.set(h.word, { word: h.word, count: 1, ...('replaceWord' in h ? { replaceWord: String(h.replaceWord) } : {}) });
  }
  return [...out.values()];
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Latin letters match whatever their case, as on the server. */
export const wordPattern = (words: readonly string[]) => new RegExp(words.map(escapeRe).sort((a, b) => b.length - a.length).join('|'), 'gi');

/** The body with each occurrence of the words in its text replaced (`fixes`: word → replacement). */
export function fixWords(html: string, fixes: ReadonlyMap<string, string>): string {
  if (!fixes.size) return html;
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const lower = new Map([...fixes].map(([w, r]) => [w.toLowerCase(), r]));
  const re = wordPattern([...fixes.keys()]);
  const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const text = n.nodeValue ?? '';
    const next = text.replace(re, (m) => lower.get(m.toLowerCase()) ?? m);
    if (next !== text) n.nodeValue = next;
  }
  return doc.body.innerHTML;
}

/** Ranges of the words in the text of an element (the editing area): what the editor marks. */
export function rangesOf(root: Element, words: readonly string[]): Range[] {
  if (!words.length) return [];
  const re = wordPattern(words);
  const out: Range[] = [];
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    for (const m of (n.nodeValue ?? '').matchAll(re)) {
      const r = root.ownerDocument.createRange();
      r.setStart(n, m.index);
      r.setEnd(n, m.index + m[0].length);
      out.push(r);
    }
  }
  return out;
}
