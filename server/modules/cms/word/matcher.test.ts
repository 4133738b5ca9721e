import { describe, expect, it } from 'vitest';
import { WordMatcher } from './matcher.ts';
import { SensitiveChecker } from './sensitive.ts';
import { ErrorProneChecker } from './error-prone.ts';
import { HotWordLinker } from './hot-links.ts';

const words = (n: number) => Array.from({ length: n }, (_, i) => `词${i.toString(36)}语`);

describe('the word matcher', () => {
  it('finds a few of five thousand words in a long text in one pass, with their offsets', () => {
    const list = words(5000);
    const m = new WordMatcher(list.map((word) => ({ word, data: undefined })));
    const text = '开头。'.repeat(20_000) + list[4321] + '中间' + list[7] + '结尾';
    const t0 = performance.now();
    const hits = m.all(text);
    expect(performance.now() - t0).toBeLessThan(2000);
    expect(hits.map((h) => h.word)).toEqual([list[4321], list[7]]);
    expect(text.slice(hits[0]!.start, hits[0]!.end)).toBe(list[4321]);
  });

  it('matches Latin words whatever their case and keeps the offsets of the original text', () => {
    const m = new WordMatcher([{ word: 'Spam', data: 1 }]);
    const text = 'No SPAM, no spam, İ spAm';
    expect(m.all(text).map((h) => text.slice(h.start, h.end))).toEqual(['SPAM', 'spam', 'spAm']);
  });

  it('reports overlapping words, or only the leftmost longest when asked', () => {
    const m = new WordMatcher(['he', 'she', 'hers'].map((word) => ({ word, data: undefined })));
    expect(m.all('ushers').map((h) => h.word).sort()).toEqual(['he', 'hers', 'she']);
    expect(m.leftmostLongest('ushers').map((h) => h.word)).toEqual(['she']);
  });
});

describe('sensitive words', () => {
  const checker = new SensitiveChecker([
    { word: '赌博', type: 'SENSITIVE' },
    { word: 'ass', type: 'SENSITIVE', replaceWord: '[x]' },
    { word: '禁止赌博', type: 'WHITELIST' },
    { word: 'class', type: 'WHITELIST' },
  ]);

  it('a whitelist word shadows the sensitive words it contains', () => {
    expect(checker.words('本站禁止赌博。')).toEqual([]);
    expect(checker.words('本站禁止赌博，不要赌博。')).toEqual(['赌博']);
    expect(checker.words('a first-class pass')).toEqual(['ass']);
  });

  it('masks with the word\'s own replacement, else the site\'s', () => {
    expect(checker.mask('赌博 and ass', '***')).toBe('*** and [x]');
  });

  it('in HTML, checks and masks the text only: tags, attributes and entities are left alone', () => {
    const html = '<p title="赌博" class="ass">去赌博&amp;ass</p>';
    expect(checker.wordsInHtml('<img alt="赌博" src="/ass.png">')).toEqual([]);
    expect(checker.maskHtml(html, '**')).toBe('<p title="赌博" class="ass">去**&amp;[x]</p>');
  });
});

describe('error-prone words', () => {
  const checker = new ErrorProneChecker([{ word: '按装', replaceWord: '安装' }, { word: 'recieve', replaceWord: 'receive' }]);
  it('finds them with their corrections and fixes text and HTML', () => {
    expect(checker.hits('请按装软件').map((h) => [h.word, h.replaceWord, h.start])).toEqual([['按装', '安装', 1]]);
    expect(checker.fixHtml('<p data-x="按装">按装 and <b>recieve</b></p>')).toBe('<p data-x="按装">安装 and <b>receive</b></p>');
  });
});

describe('hot-word links', () => {
  const linker = new HotWordLinker([
    { word: 'Castanea', url: 'https://castanea.example/', urlTarget: '_blank' },
    { word: '栗子', url: '/chestnut.html', urlTarget: '_self' },
    { word: 'cat', url: '/cat', urlTarget: '_self' },
    { word: 'evil', url: 'javascript:alert(1)', urlTarget: '_self' },
  ]);

  it('links the first occurrence of each word, not inside links, headings or attributes', () => {
    const html = '<h2>栗子 Castanea</h2><p title="栗子"><a href="/x">Castanea</a> 栗子 and castanea, 栗子 again; evil</p>';
    expect(linker.link(html)).toBe('<h2>栗子 Castanea</h2><p title="栗子"><a href="/x">Castanea</a> <a href="/chestnut.html" class="hot-word">栗子</a> and '
      + '<a href="https://castanea.example/" target="_blank" rel="noopener" class="hot-word">castanea</a>, 栗子 again; evil</p>');
  });

  it('links Latin words only whole, and makes at most N links', () => {
    expect(linker.link('<p>concatenate cat</p>')).toBe('<p>concatenate <a href="/cat" class="hot-word">cat</a></p>');
    const two = linker.link('<p>cat 栗子 Castanea</p>', 2);
    expect(two.match(/<a /g)).toHaveLength(2);
    expect(two).toContain('Castanea</p>');
  });
});
