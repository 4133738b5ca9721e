import { stemmer } from 'stemmer';
import { convertByRuns, keyCharacters } from './opencc-runs.ts';
import { PairSignature } from './pair-signature.ts';

/**
 * Text → search terms, the same way for what is indexed and what is asked: NFKC (full-width
 * letters and digits), traditional → simplified Chinese (so either writing finds the other), lower
 * case, jieba segmentation, English words stemmed (Porter), stop words dropped. A site's custom
 * words (site-words.ts) are kept whole; its stop words are dropped like the built-in ones.
 *
 * Jieba's dictionary takes a fifth of a second to load: it is loaded on first use, once.
 */

/** What one site adds to the analyzer. */
export interface SiteWords {
  /** custom words, kept whole when segmenting (already normalized) */
  words: readonly string[];
  /** stop words (normalized), dropped besides the built-in ones */
  stops: ReadonlySet<string>;
}

export const NO_SITE_WORDS: SiteWords = { words: [], stops: new Set() };

/** A term and its position: sub-words of a long word share the word's position (index mode). */
export interface Term {
  term: string;
  pos: number;
  /** the word as written (normalized, before stemming): what highlights look for */
  surface: string;
  /** query mode: a long word's sub-words, which find it when all present */
  subs?: string[];
}

interface Jieba {
  cut(s: string, hmm?: boolean): string[];
  cutForSearch(s: string, hmm?: boolean): string[];
}

interface Engine {
  jieba: Jieba;
  /** traditional → simplified with Taiwan's phrases (軟體 → 软件), what is indexed and searched */
  toSimplified: (s: string) => string;
  /** character by character only (the text keeps its length): where highlights are looked for */
  toSimplifiedChars: (s: string) => string;
  /** simplified → traditional, character by character (a query's Taiwan reading: queryVariants) */
  toTraditionalChars: (s: string) => string;
}

let engine: Promise<Engine> | null = null;

/** Loads jieba and OpenCC once, when the first text is analyzed. */
export type Analyzer = Engine;

export function loadAnalyzer(): Promise<Engine> {
  engine ??= (async () => {
    const [{ Jieba }, { dict }, OpenCC] = await Promise.all([import('@node-rs/jieba'), import('@node-rs/jieba/dict.js'), import('opencc-js')]);
    // Taiwan's phrases too: a mainland reader's 软件 finds a Taiwanese 軟體, and the reverse.
    // Only the runs of characters its dictionaries know are converted (opencc-runs.ts): the same
    // text, in half the time. Its dictionaries are those of its Taiwan → mainland preset, or all
    // of them should a version of opencc-js name them otherwise.
    const locale = OpenCC.Locale as unknown as { configs?: Record<string, unknown> };
    const toSimplified = convertByRuns(OpenCC.Converter({ from: 'twp', to: 'cn' }), keyCharacters(locale.configs?.tw2sp ?? OpenCC.Locale));
    const toSimplifiedChars = OpenCC.Converter({ from: 'tw', to: 'cn' });
    const toTraditionalChars = OpenCC.Converter({ from: 'cn', to: 'tw' });
    return { jieba: Jieba.withDict(dict) as Jieba, toSimplified, toSimplifiedChars, toTraditionalChars };
  })();
  engine.catch(() => { engine = null; });
  return engine;
}

/** Built-in stop words: the commonest English function words and Chinese particles. */
const STOP = new Set(`a an and are as at be but by for from has have he her his i if in into is it its of on or our she so than that the their them then there these they this to was we were what when which who will with you your
的 了 和 是 在 也 就 都 而 及 与 着 或 之 其 把 被 让 给 啊 吗 呢 吧 呀 么 哦 嗯 个 这 那 于 以 并 且 等 将 从 对 向 由`.split(/\s+/));

/** A letter or digit anywhere: tokens of only spaces and punctuation are not words. */
const WORDISH = /[\p{L}\p{N}]/u;
const LATIN = /^[a-z]+$/;
const HAN = /\p{Script=Han}/u;
/** Longest term kept (a lexeme is at most 2 KB; nobody searches a 60-letter word). */
const MAX_TERM = 60;

/** The text every comparison works on: NFKC, simplified Chinese, lower case. */
export function normalize(e: Engine, text: string): string {
  return e.toSimplified(text.normalize('NFKC')).toLowerCase();
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const matchers = new WeakMap<readonly string[], RegExp | null>();
/** One regular expression over a site's custom words, longest first (so the longest wins). */
function customMatcher(words: readonly string[]): RegExp | null {
  let re = matchers.get(words);
  if (re === undefined) {
    const sorted = [...words].filter(Boolean).sort((a, b) => b.length - a.length).map(escapeRe);
    re = sorted.length ? new RegExp(sorted.join('|'), 'g') : null;
    matchers.set(words, re);
  }
  return re;
}

/** Pieces of a normalized text: custom words (kept whole) and the text between them. */
function pieces(text: string, words: readonly string[]): { text: string; custom: boolean }[] {
  const re = customMatcher(words);
  if (!re) return [{ text, custom: false }];
  const out: { text: string; custom: boolean }[] = [];
  let last = 0;
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m.index > last) out.push({ text: text.slice(last, m.index), custom: false });
    out.push({ text: m[0], custom: true });
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push({ text: text.slice(last), custom: false });
  return out;
}

/** A word as a term: English stemmed; null for punctuation, stop words and overlong words. */
function termOf(word: string, stops: ReadonlySet<string>): string | null {
  const w = word.trim();
  if (!w || w.length > MAX_TERM || !WORDISH.test(w) || STOP.has(w) || stops.has(w)) return null;
  return LATIN.test(w) ? stemmer(w) : w;
}

/**
 * The words of a normalized text with, in index mode, each long Chinese word's sub-words (jieba's
 * search mode: 中华人民共和国 also gives 中华, 人民, 共和国…), which share its position.
 */
function segment(e: Engine, text: string, words: readonly string[], mode: 'index' | 'query'): { word: string; subs: string[] }[] {
  const out: { word: string; subs: string[] }[] = [];
  for (const piece of pieces(text, words)) {
    if (piece.custom) {
      // A custom word is one word; its jieba parts still find it, and in a query they find the
      // contents indexed before the word was added (cut in parts then).
      const parts = mode === 'index' ? e.jieba.cutForSearch(piece.text, true) : e.jieba.cut(piece.text, true);
      out.push({ word: piece.text, subs: parts.filter((w) => w !== piece.text) });
      continue;
    }
    // Each long Chinese word's sub-words as jieba's search mode gives them (its 2- and 3-character
    // dictionary words), asked of that word alone: one pass over the text. In a query a long word may
    // be longer than any word the text was cut into (人民共和国 within 中华人民共和国): its
    // sub-words, all present, find it too (parseQueryWith).
    for (const w of e.jieba.cut(piece.text, true)) out.push({ word: w, subs: w.length > 2 && HAN.test(w) ? e.jieba.cutForSearch(w, true).filter((s) => s !== w) : [] });
  }
  return out;
}

/** Analyzes a text: its terms in order, positions from `start` (a field's terms follow the previous field's). */
export function analyzeWith(e: Engine, text: string, site: SiteWords, mode: 'index' | 'query', start = 1): Term[] {
  const terms: Term[] = [];
  if (!text) return terms;
  let pos = start;
  for (const { word, subs } of segment(e, normalize(e, text), site.words, mode)) {
    const term = termOf(word, site.stops);
    const subTerms = subs.map((s) => termOf(s, site.stops)).filter((s): s is string => !!s && s !== term);
    if (!term && !subTerms.length) continue;
    if (term) terms.push({ term, pos, surface: word.trim(), ...(mode === 'query' && subTerms.length ? { subs: subTerms } : {}) });
    // In a query the sub-words are alternatives of their word, not terms of their own.
    if (mode === 'index' || !term) for (const s of subTerms) terms.push({ term: s, pos, surface: s });
    pos++;
  }
  return terms;
}

/** A word's term and its sub-words' terms (index mode), quoted as a tsvector literal has them; none: the word is not indexed. */
type WordTerms = readonly string[];

/**
 * Words' terms, remembered: in any text most words are words seen before, and jieba's search mode
 * on a long word, the stop words and the stemmer gave the same answer each time. One table per
 * set of stop words (what a word's term depends on), a few tables and a bounded number of words
 * each: a full table starts again.
 */
const WORDS_MAX = 100_000;
const TABLES_MAX = 4;
const tables = new Map<string, Map<string, WordTerms>>();
const tableKeys = new WeakMap<ReadonlySet<string>, string>();

function wordTable(stops: ReadonlySet<string>): Map<string, WordTerms> {
  let key = tableKeys.get(stops);
  if (key === undefined) {
    key = [...stops].sort().join('\n');
    tableKeys.set(stops, key);
  }
  let table = tables.get(key);
  if (!table) {
    if (tables.size >= TABLES_MAX) tables.delete(tables.keys().next().value!);
    table = new Map();
    tables.set(key, table);
  }
  if (table.size >= WORDS_MAX) table.clear();
  return table;
}

/** What segment and analyzeWith (index mode) make of one word: a custom word's sub-words are all of jieba's search mode's. */
function wordTerms(e: Engine, table: Map<string, WordTerms>, word: string, custom: boolean, stops: ReadonlySet<string>): WordTerms {
  // A custom word and the same text as jieba's word differ in their sub-words only.
  const key = custom ? `\u0000${word}` : word;
  let wt = table.get(key);
  if (wt) return wt;
  const subWords = custom ? e.jieba.cutForSearch(word, true).filter((w) => w !== word)
    : word.length > 2 && HAN.test(word) ? e.jieba.cutForSearch(word, true).filter((s) => s !== word) : [];
  const term = termOf(word, stops);
  const subs = subWords.map((s) => termOf(s, stops)).filter((s): s is string => !!s && s !== term).map(quote);
  wt = term === null ? subs : [quote(term), ...subs];
  table.set(key, wt);
  return wt;
}

/**
 * analyzeWith in index mode for tsvectorLiteral, without a Term per term: each term (quoted) and
 * its position to `emit`; the position after the last word that had terms. Words' terms come from
 * the table above; analyzer-same.test.ts checks both give the same literals.
 */
function indexTerms(e: Engine, text: string, site: SiteWords, start: number, emit: (quoted: WordTerms, pos: number) => void): number {
  let pos = start;
  const table = wordTable(site.stops);
  for (const piece of pieces(normalize(e, text), site.words)) {
    if (piece.custom) {
      const terms = wordTerms(e, table, piece.text, true, site.stops);
      if (terms.length) emit(terms, pos++);
      continue;
    }
    for (const w of e.jieba.cut(piece.text, true)) {
      const terms = table.get(w) ?? wordTerms(e, table, w, false, site.stops);
      if (terms.length) emit(terms, pos++);
    }
  }
  return pos;
}

/** Analyzes a text once the analyzer is loaded. */
export async function analyze(text: string, site: SiteWords = NO_SITE_WORDS, mode: 'index' | 'query' = 'index'): Promise<Term[]> {
  return analyzeWith(await loadAnalyzer(), text, site, mode);
}

/** How a text is segmented, for the dictionary screen's Analyze box: each word, and what is searched for it. */
export async function segmentation(text: string, site: SiteWords): Promise<{ word: string; term: string | null; subWords: string[] }[]> {
  const e = await loadAnalyzer();
  return segment(e, normalize(e, text), site.words, 'index')
    .filter(({ word }) => word.trim())
    .map(({ word, subs }) => ({ word, term: termOf(word, site.stops), subWords: subs }));
}

/** Weights of the index: A title, B subtitle/tags/summary, C body/author/catalog/extension fields. */
export type Weight = 'A' | 'B' | 'C' | 'D';

/** PostgreSQL keeps positions up to 16,383 and at most 256 per lexeme; a few dozen rank as well. */
const MAX_POS = 16383;
const MAX_POSITIONS = 32;
/** Between fields, so a phrase never spans the end of one and the start of the next. */
const FIELD_GAP = 8;

/** A lexeme as tsvector and tsquery literals write it. */
export const quote = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/**
 * A document's fields as a `tsvector` literal: each term with its positions and field weight. Built
 * here rather than with to_tsvector so the parser never splits a term again (c++, node.js) and
 * sub-words keep their word's position.
 */
export function tsvectorLiteral(e: Engine, fields: { text: string | null | undefined; weight: Weight }[], site: SiteWords, pairs?: PairSignature): string {
  // Quoted terms → their positions (a term and its quoted form are one to one).
  const lexemes = new Map<string, string[]>();
  let pos = 1;
  for (const f of fields) {
    if (!f.text) continue;
    const weight = f.weight === 'D' ? '' : f.weight;
    // The previous word's terms in this field (pair-signature.ts: neighbours' pairs).
    let before: WordTerms | null = null;
    let beforeAt = -1;
    const next = indexTerms(e, f.text, site, pos, (terms, at) => {
      // A word's terms share its position.
      const p = `${at < MAX_POS ? at : MAX_POS}${weight}`;
      for (const quoted of terms) {
        const list = lexemes.get(quoted);
        if (!list) lexemes.set(quoted, [p]);
        else if (list.length < MAX_POSITIONS) list.push(p);
      }
      if (pairs) {
        if (before && beforeAt === at - 1) for (const a of before) for (const b of terms) pairs.add(a, b);
        before = terms;
        beforeAt = at;
      }
    });
    // After the field's last term (a field without terms moves nothing).
    if (next > pos) pos = next - 1 + FIELD_GAP;
  }
  let out = '';
  for (const [quoted, ps] of lexemes) out += `${out ? ' ' : ''}${quoted}:${ps.join(',')}`;
  return out;
}

/** What a document is indexed as: its tsvector literal and its neighbouring word pairs' filter (pair-signature.ts; null: no pair). */
export interface DocTerms { tsv: string; pairs: string | null }

/** A document's tsvector literal (tsvectorLiteral) with its pairs' filter, in one pass. */
export function documentTerms(e: Engine, fields: { text: string | null | undefined; weight: Weight }[], site: SiteWords): DocTerms {
  const sig = new PairSignature();
  const tsv = tsvectorLiteral(e, fields, site, sig);
  return { tsv, pairs: sig.isEmpty ? null : sig.toLiteral() };
}

/** A parsed query: AND-ed items, each one term or a phrase (terms in a row), and what highlights look for. */
export interface ParsedQuery {
  /** a phrase: several terms; a single term may carry its sub-words as an alternative */
  items: { terms: string[]; subs?: string[] }[];
  /** normalized words of the query (English ones as stems too) */
  highlights: string[];
}

/** Longest query analysed (the public route caps it too). */
export const MAX_QUERY = 200;

/** Reads a query: "quoted text" is a phrase, the rest are words that must all appear. */
export function parseQueryWith(e: Engine, q: string, site: SiteWords): ParsedQuery {
  const items: ParsedQuery['items'] = [];
  const highlights = new Set<string>();
  const text = q.slice(0, MAX_QUERY);
  const re = /"([^"]*)"?|([^"]+)/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const phrase = m[1] !== undefined;
    const terms = analyzeWith(e, m[1] ?? m[2] ?? '', site, 'query');
    for (const t of terms) {
      highlights.add(t.surface);
      if (LATIN.test(t.surface)) highlights.add(t.term);
    }
    if (phrase && terms.length > 1) items.push({ terms: terms.map((t) => t.term) });
    else for (const t of terms) items.push({ terms: [t.term], ...(t.subs ? { subs: t.subs } : {}) });
  }
  // The same word twice narrows nothing.
  const seen = new Set<string>();
  const key = (i: { terms: string[] }) => i.terms.join(' ');
  return { items: items.filter((i) => !seen.has(key(i)) && !!seen.add(key(i))), highlights: [...highlights] };
}

/**
 * A query as readers on both sides of the strait may mean it. Texts are indexed with Taiwan phrases
 * turned into mainland ones (資訊 → 信息), so a query is also read character by character (資訊 →
 * 资讯: a mainland text that says 资讯) and, written in simplified characters, as Taiwan would write
 * it (资讯 → 資訊 → 信息: a Taiwanese text). Distinct readings only; the first is the query itself.
 */
export function queryVariants(e: Engine, q: string): string[] {
  return [...new Set([q, e.toSimplifiedChars(q), e.toTraditionalChars(q)])];
}

/**
 * The query as a `tsquery` literal; `A` only: matches in titles only. Null: nothing to look for.
 * `loose`: phrases as their words in any order and place, what the GIN index answers without
 * reading a content's term list (query.ts narrows a phrase's candidates with it).
 */
export function tsqueryLiteral(parsed: ParsedQuery, onlyTitle = false, loose = false): string | null {
  if (!parsed.items.length) return null;
  const lex = (t: string) => `${quote(t)}${onlyTitle ? ':A' : ''}`;
  return parsed.items.map((i) => {
    if (i.terms.length > 1) return `(${i.terms.map(lex).join(loose ? ' & ' : ' <-> ')})`;
    return i.subs?.length ? `(${lex(i.terms[0]!)} | (${i.subs.map(lex).join(' & ')}))` : lex(i.terms[0]!);
  }).join(' & ');
}
