import { createRequire } from 'node:module';
import type { Analyzer } from './analyzer.ts';
import { escapeHtml } from '../template/html.ts';

/**
 * Highlights of a result, computed on the stored text: where the query's words are, found in the
 * text as the analyzer sees it (simplified, lower case: a traditional text lights up for a
 * simplified query), shown in the text as written, HTML-escaped, hits in <em>.
 */


const LATIN = /^[a-z0-9]+$/;
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The ranges where any of `words` occurs in `seen` (a text as compared: same length as the text shown), sorted and merged. */
function rangesIn(seen: string, words: readonly string[]): [number, number][] {
  const ranges: [number, number][] = [];
  for (const w of words) {
    if (!w) continue;
    // An English word (or its stem) matches whole words starting with it: run → running.
    const re = LATIN.test(w) ? new RegExp(`(?<![a-z0-9])${escapeRe(w)}[a-z]*`, 'g') : new RegExp(escapeRe(w), 'g');
    for (let m = re.exec(seen); m; m = re.exec(seen)) {
      ranges.push([m.index, m.index + m[0].length]);
      if (ranges.length > 500) break;
    }
  }
  ranges.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: [number, number][] = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else merged.push([...r]);
  }
  return merged;
}

/** simplified → Taiwan's phrases (软件 → 軟體), loaded with the first highlight that needs it */
let toTaiwan: ((s: string) => string) | null = null;
const forms = new Map<string, string[]>();
/** How a query word may be written in a text: as is, in traditional characters, in Taiwan's phrases. */
function writtenForms(e: Analyzer, w: string): string[] {
  let f = forms.get(w);
  if (!f) {
    // Required here, not imported: the server starts without OpenCC's dictionaries until a search needs them.
    toTaiwan ??= (createRequire(import.meta.url)('opencc-js') as typeof import('opencc-js')).Converter({ from: 'cn', to: 'twp' });
    f = [...new Set([w, e.toTraditionalChars(w).toLowerCase(), toTaiwan(w).toLowerCase()])];
    if (forms.size > 10_000) forms.clear();
    forms.set(w, f);
  }
  return f;
}

/**
 * Where the words are in `text`: [start, end) ranges, sorted, not overlapping. First looked for
 * as they may be written (writtenForms) in the text itself, which costs nothing like converting a
 * whole body; only a text where none is found is read as the analyzer reads it.
 */
export function hitRanges(e: Analyzer, text: string, words: readonly string[]): [number, number][] {
  if (!text || !words.length) return [];
  const lower = text.toLowerCase();
  if (lower.length === text.length) {
    const found = rangesIn(lower, words.flatMap((w) => (LATIN.test(w) ? [w] : writtenForms(e, w))));
    if (found.length) return found;
  }
  // As the analyzer reads it (軟體 as 软件) when that keeps every position (it nearly always does),
  // else character by character, so a position in it is the same position in the text.
  let seen = e.toSimplified(text).toLowerCase();
  if (seen.length !== text.length) seen = e.toSimplifiedChars(text).toLowerCase();
  if (seen.length !== text.length) seen = lower;
  if (seen.length !== text.length) return [];
  return rangesIn(seen, words);
}

/** `text[from, to)` escaped, with the ranges inside it in <em>. */
function mark(text: string, ranges: [number, number][], from: number, to: number): string {
  let out = '';
  let at = from;
  for (const [s, e] of ranges) {
    if (e <= from || s >= to) continue;
    const a = Math.max(s, from);
    const b = Math.min(e, to);
    out += escapeHtml(text.slice(at, a)) + '<em>' + escapeHtml(text.slice(a, b)) + '</em>';
    at = b;
  }
  return out + escapeHtml(text.slice(at, to));
}

/** The whole text, escaped, every hit marked (titles). */
export function highlightAll(e: Analyzer, text: string, words: readonly string[]): string {
  return mark(text, hitRanges(e, text, words), 0, text.length);
}

/** How long a snippet is, in characters. */
export const SNIPPET_CHARS = 160;

/**
 * A snippet: the part of the first text with a hit (body, then summary…) around its first hit,
 * escaped and marked, with … where it is cut; without any hit, the start of the first text.
 */
export function snippet(e: Analyzer, texts: (string | null | undefined)[], words: readonly string[], size = SNIPPET_CHARS): string {
  const candidates = texts.map((t) => (t ?? '').replace(/\s+/g, ' ').trim()).filter(Boolean);
  for (const text of candidates) {
    const ranges = hitRanges(e, text, words);
    if (!ranges.length) continue;
    const first = ranges[0]![0];
    const from = Math.max(0, Math.min(first - Math.floor(size / 4), text.length - size));
    const to = Math.min(text.length, from + size);
    return (from > 0 ? '…' : '') + mark(text, ranges, from, to) + (to < text.length ? '…' : '');
  }
  const text = candidates[0] ?? '';
  return escapeHtml(text.slice(0, size)) + (text.length > size ? '…' : '');
}
