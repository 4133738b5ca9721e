import { describe, expect, it } from 'vitest';
import { analyze, loadAnalyzer, NO_SITE_WORDS, parseQueryWith, segmentation, tsqueryLiteral, tsvectorLiteral } from './analyzer.ts';
import { highlightAll, snippet } from './highlight.ts';

const terms = async (text: string, site = NO_SITE_WORDS, mode: 'index' | 'query' = 'index') => (await analyze(text, site, mode)).map((t) => t.term);

describe('the analyzer', () => {
  it('segments Chinese into words, with the sub-words of long ones in index mode', async () => {
    const t = await terms('中华人民共和国是一个国家');
    expect(t).toEqual(expect.arrayContaining(['中华人民共和国', '人民', '共和国', '国家']));
    // Particles are stop words.
    expect(t).not.toContain('是');
    // A query keeps the whole word, its sub-words as an alternative.
    const e = await loadAnalyzer();
    expect(tsqueryLiteral(parseQueryWith(e, '人民共和国', NO_SITE_WORDS))).toBe("('人民共和国' | ('人民' & '共和' & '共和国'))");
  });

  it('stems English, lower-cases, drops stop words and punctuation', async () => {
    expect(await terms('The Engineers are RUNNING quickly, and it runs!')).toEqual(['engin', 'run', 'quickli', 'run']);
    // Full-width letters are letters.
    expect(await terms('ＰｏｓｔｇｒｅＳＱＬ')).toEqual(['postgresql']);
  });

  it('reads traditional Chinese as simplified, Taiwan phrases included', async () => {
    expect(await terms('軟體開發')).toEqual(await terms('软件开发'));
    expect(await terms('資訊安全', NO_SITE_WORDS, 'query')).toEqual(await terms('信息安全', NO_SITE_WORDS, 'query'));
  });

  it('keeps a site\'s custom words whole and drops its stop words', async () => {
    const before = await terms('区块链技术', NO_SITE_WORDS, 'query');
    expect(before).not.toContain('区块链');
    const site = { words: ['区块链'], stops: new Set(['技术']) };
    expect(await terms('區塊鏈技術', site, 'query')).toEqual(['区块链']);
    const seg = await segmentation('区块链技术', site);
    expect(seg.map((s) => s.word)).toEqual(['区块链', '技术']);
    expect(seg[1]!.term).toBeNull();
  });

  it('builds weighted tsvector literals with quoted lexemes and shared positions', async () => {
    const e = await loadAnalyzer();
    const v = tsvectorLiteral(e, [{ text: "C++ it's", weight: 'A' }, { text: '中华人民共和国', weight: 'C' }], NO_SITE_WORDS);
    expect(v).toContain("'c++':1A");
    expect(v).toMatch(/'人民':(\d+)C/);
    expect(v.match(/'人民':(\d+)C/)![1]).toBe(v.match(/'中华人民共和国':(\d+)C/)![1]);
  });

  it('reads quoted text as a phrase', async () => {
    const e = await loadAnalyzer();
    expect(tsqueryLiteral(parseQueryWith(e, '"full text" search', NO_SITE_WORDS))).toBe("('full' <-> 'text') & 'search'");
    expect(tsqueryLiteral(parseQueryWith(e, 'the of', NO_SITE_WORDS))).toBeNull();
    expect(tsqueryLiteral(parseQueryWith(e, 'search', NO_SITE_WORDS), true)).toBe("'search':A");
    // Loose: the phrase's words anywhere, what the GIN index answers alone (query.ts narrows a phrase's candidates with it).
    expect(tsqueryLiteral(parseQueryWith(e, '"full text" search', NO_SITE_WORDS), false, true)).toBe("('full' & 'text') & 'search'");
  });

  it('highlights hits in the text as written, escaped', async () => {
    const e = await loadAnalyzer();
    const words = parseQueryWith(e, '软件 running', NO_SITE_WORDS).highlights;
    expect(highlightAll(e, '<b>軟件</b> runs', words)).toBe('&lt;b&gt;<em>軟件</em>&lt;/b&gt; <em>runs</em>');
    const long = `${'x '.repeat(200)}搜索引擎 ${'y '.repeat(200)}`;
    const s = snippet(e, [long], parseQueryWith(e, '搜索', NO_SITE_WORDS).highlights);
    expect(s).toMatch(/^….*<em>搜索<\/em>引擎.*…$/);
  });
});
