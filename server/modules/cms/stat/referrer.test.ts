import { describe, expect, it } from 'vitest';
import { originOf } from './referrer.ts';

describe('originOf', () => {
  it('reads the engine and its words from the parameter each engine uses', () => {
    expect(originOf('https://www.baidu.com/s?wd=%E6%A0%97%E5%AD%90&ie=utf-8')).toEqual({ refHost: 'www.baidu.com', source: 'search', engine: 'baidu', word: '栗子' });
    expect(originOf('https://m.baidu.com/s?word=Chestnut')).toMatchObject({ engine: 'baidu', word: 'chestnut' });
    expect(originOf('https://www.google.co.jp/search?q=castanea++cms')).toMatchObject({ engine: 'google', word: 'castanea cms' });
    expect(originOf('https://www.bing.com/search?q=harbour')).toMatchObject({ engine: 'bing', word: 'harbour' });
    expect(originOf('https://www.so.com/s?q=news')).toMatchObject({ engine: '360', word: 'news' });
    expect(originOf('https://www.sogou.com/web?query=tea')).toMatchObject({ engine: 'sogou', word: 'tea' });
    expect(originOf('https://yandex.ru/search/?text=moscow')).toMatchObject({ engine: 'yandex', word: 'moscow' });
    expect(originOf('https://duckduckgo.com/?q=privacy')).toMatchObject({ engine: 'duckduckgo', word: 'privacy' });
  });

  it('counts an engine that hides the words as search without a word', () => {
    expect(originOf('https://www.google.com/')).toEqual({ refHost: 'www.google.com', source: 'search', engine: 'google', word: null });
  });

  it('tells another site from a direct visit and from the site itself', () => {
    expect(originOf('https://news.example.org/a?b=1')).toEqual({ refHost: 'news.example.org', source: 'site', engine: null, word: null });
    expect(originOf('')).toMatchObject({ source: 'direct', refHost: null });
    expect(originOf(undefined)).toMatchObject({ source: 'direct' });
    expect(originOf('not a url')).toMatchObject({ source: 'direct' });
    expect(originOf('javascript:alert(1)')).toMatchObject({ source: 'direct' });
    expect(originOf('https://www.mysite.test/list/', new Set(['www.mysite.test']))).toMatchObject({ source: 'direct', refHost: null });
  });
});
