import * as OpenCC from 'opencc-js';
import { describe, expect, it } from 'vitest';
import { BENCH_WORDS_EN, BENCH_WORDS_ZH, BENCH_WORDS_ZH_TW } from '../../../../scripts/bench-search/vocabulary.ts';
import { convertByRuns, keyCharacters } from './opencc-runs.ts';

const twp = OpenCC.Converter({ from: 'twp', to: 'cn' });
const keys = keyCharacters((OpenCC.Locale as unknown as { configs: Record<string, unknown> }).configs.tw2sp);

describe('OpenCC on the runs it can change', () => {
  it('reads the keys of both dictionary forms, not their values', () => {
    const k = keyCharacters([['軟體 软件|資訊 信息'], [['臺', '台']]]);
    expect([...k].map((c) => String.fromCodePoint(c)).sort()).toEqual(['台', '臺', '體', '訊', '資', '軟'].sort());
  });

  it('converts mixed text exactly as the whole-text conversion does', () => {
    const fast = convertByRuns(twp, keys);
    const samples = [
      '軟體開發與資訊安全', 'PostgreSQL 的 SQL注入 攻擊', 'PN結和二極體', '𠮷野家的牛丼 𩸽', '⿰氵青 是一個描述序列', 'Ⅻ １２３ ＡＢＣ',
      '里姆斯基-高沙可夫', '這是臺灣的說法，這是台湾的说法。', '', '   ', 'plain english text only', '\ud800 lone surrogate 軟體',
    ];
    for (let i = 0; i < 400; i++) {
      const zh = i % 5 !== 0;
      const words = Array.from({ length: 12 }, (_, j) => (zh ? (j % 3 ? BENCH_WORDS_ZH_TW : BENCH_WORDS_ZH)[(i * 37 + j * 101) % 20_000]! : BENCH_WORDS_EN[(i * 13 + j * 7) % BENCH_WORDS_EN.length]!));
      samples.push(zh ? words.join('') : words.join(' '));
    }
    for (const s of samples) expect(fast(s), s).toBe(twp(s));
    // Again, from what it remembers.
    for (const s of samples) expect(fast(s), s).toBe(twp(s));
  });

  it('differs when a key character is left out (what the comparison above would catch)', () => {
    const without = new Set(keys);
    without.delete('體'.codePointAt(0)!);
    expect(convertByRuns(twp, without)('軟體')).not.toBe(twp('軟體'));
  });
});
