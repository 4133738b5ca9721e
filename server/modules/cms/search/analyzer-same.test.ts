import { createHash } from 'node:crypto';
import { stemmer } from 'stemmer';
import { describe, expect, it } from 'vitest';
import { BENCH_WORDS_EN, BENCH_WORDS_ZH, BENCH_WORDS_ZH_TW } from '../../../../scripts/bench-search/vocabulary.ts';
import { analyzeWith, loadAnalyzer, NO_SITE_WORDS, tsvectorLiteral, type Analyzer, type SiteWords, type Weight } from './analyzer.ts';

// What is indexed must not change with how fast it is computed: the analyzer's caches (per-word
// results, OpenCC on the runs it can change) give the very literals the plain path gave. Checked
// against a digest of the literals the analyzer wrote before it had caches, and against the plain
// path itself (below), on mixed simplified, Taiwan and English text with and without a site's words.

/** A deterministic mixed text: sentences of common and rare words, a tenth of the Chinese ones in traditional characters. */
function sampleTexts(n: number, seed: number): string[] {
  let a = seed >>> 0;
  const rnd = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = (len: number) => Math.min(len - 1, Math.floor(Math.pow(len + 1, rnd()) - 1));
  const extras = ['軟體開發', '資訊安全', 'ＰｏｓｔｇｒｅＳＱＬ', 'C++', "it's", 'node.js', 'SQL注入', 'PN結', '区块链技术', '全文检索', '中华人民共和国', '𠮷野家', '⿰氵青', 'Ⅻ', '１２３', '  ', '——', 'Data', 'RUNNING'];
  return Array.from({ length: n }, () => {
    let text = '';
    for (let s = 0; s < 12; s++) {
      const zh = rnd() < 0.6;
      const tw = zh && rnd() < 0.2;
      const words: string[] = [];
      for (let i = 0, k = 4 + Math.floor(rnd() * 10); i < k; i++) {
        if (rnd() < 0.05) words.push(extras[Math.floor(rnd() * extras.length)]!);
        else if (zh) words.push((tw ? BENCH_WORDS_ZH_TW : BENCH_WORDS_ZH)[pick(BENCH_WORDS_ZH.length)]!);
        else words.push(BENCH_WORDS_EN[pick(BENCH_WORDS_EN.length)]!);
      }
      text += zh ? `${words.join('')}。` : `${words.join(' ')}. `;
    }
    return text;
  });
}

const fieldsOf = (text: string, i: number): { text: string; weight: Weight }[] => [
  { text: text.slice(0, 40), weight: 'A' },
  { text: i % 3 ? null as unknown as string : text.slice(40, 90), weight: 'B' },
  { text, weight: 'C' },
  { text: 'Bench', weight: 'C' },
];

const SITE: SiteWords = { words: ['区块链', '全文检索', 'node.js'], stops: new Set(['数据', 'data', '技术']) };

/** The analyzer's literals as it wrote them before it had caches (commit 3662250), digested: 300 texts with no site words, 300 with SITE's. */
const BEFORE = {
  none: '57fbe8d6326029251c100e99e29c6a4726f417f4e984847e4237c5506bb95445',
  site: '2772758ecb92b5663ee8e1e27f7dd191537aec7618927779b135f42f55fa7a40',
};

/** tsvectorLiteral as it was, on analyzeWith (no table of words' terms). */
function plainLiteral(e: Analyzer, fields: { text: string | null | undefined; weight: Weight }[], site: SiteWords): string {
  const quote = (t: string) => `'${t.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
  const lexemes = new Map<string, string[]>();
  let pos = 1;
  for (const f of fields) {
    if (!f.text) continue;
    const terms = analyzeWith(e, f.text, site, 'index', pos);
    for (const t of terms) {
      const list = lexemes.get(t.term);
      const p = `${Math.min(t.pos, 16383)}${f.weight === 'D' ? '' : f.weight}`;
      if (!list) lexemes.set(t.term, [p]);
      else if (list.length < 32) list.push(p);
    }
    if (terms.length) pos = terms[terms.length - 1]!.pos + 8;
  }
  return [...lexemes].map(([term, ps]) => `${quote(term)}:${ps.join(',')}`).join(' ');
}

const digest = (xs: string[]) => createHash('sha256').update(xs.join('\n')).digest('hex');

describe('the analyzer with its caches', () => {
  it('writes the same tsvector literals as before for mixed zh / zh-TW / en text', async () => {
    const e = await loadAnalyzer();
    const texts = sampleTexts(300, 30);
    const none = texts.map((t, i) => tsvectorLiteral(e, fieldsOf(t, i), NO_SITE_WORDS));
    const site = texts.map((t, i) => tsvectorLiteral(e, fieldsOf(t, i), SITE));
    expect({ none: digest(none), site: digest(site) }).toEqual(BEFORE);
  });

  it('writes what the plain path writes, word by word, on every field weight and with quotes and backslashes', async () => {
    const e = await loadAnalyzer();
    const texts = [...sampleTexts(40, 31), "it's a \\back\\slash 'quoted' O'Reilly", '軟體 Data data 数据 区块链技术'];
    for (const site of [NO_SITE_WORDS, SITE]) {
      for (const [i, t] of texts.entries()) {
        const fields = [...fieldsOf(t, i), { text: t.slice(0, 30), weight: 'D' as const }];
        // Twice: the second time from the table.
        expect(tsvectorLiteral(e, fields, site)).toBe(plainLiteral(e, fields, site));
        expect(tsvectorLiteral(e, fields, site)).toBe(plainLiteral(e, fields, site));
      }
    }
  });
});
