import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { makeTestSite, type TestSite } from '../template/test-site.ts';
import { drainAndIndex } from '../search/drain-and-index.ts';
import { searchLoggerOf } from './logger.ts';

// Issue 30 item 8: the Search Log screen's routes — words listed, added, renamed, set on top and
// back, their trend; logs listed and deleted — and the hot words templates show (cms_search_word).
const ts = useTestServer();
let site: TestSite;

const call = async (method: string, path: string, body?: unknown, query?: Record<string, string>, lang = 'en') =>
  ts.api(method, path, { token: ts.admin, body, query, headers: { repeatSubmit: 'false', 'accept-language': lang, CurrentSite: String(site.siteId) } });
async function ok(method: string, path: string, body?: unknown, query?: Record<string, string>) {
  const r = await call(method, path, body, query);
  expect(r.code, `${method} ${path}: ${r.msg}`).toBe(200);
  return r.data;
}
const search = (q: string) => ts.server.sites.inject({ method: 'GET', url: `/api/cms/search/query?sid=${site.siteId}&pp=pc&q=${encodeURIComponent(q)}`, remoteAddress: '198.51.100.9' });

beforeAll(async () => {
  site = await makeTestSite(ts, 'slog');
  await drainAndIndex(ts.server.services);
  // Asked more than any, found nothing: counted, never offered to readers.
  for (let i = 0; i < 4; i++) await search('buy cheap pills');
  for (const q of ['story', 'story', 'story', 'book', 'book', 'pictures']) await search(q);
  await searchLoggerOf(ts.server.services).flush();
}, 60_000);

describe('search words', () => {
  it('lists the most searched first; a word set on top leads the hot words until its top is cancelled', async () => {
    const list = await ok('GET', '/search/word/list');
    expect(list.rows.map((w: { word: string }) => w.word)).toEqual(['buy cheap pills', 'story', 'book', 'pictures']);
    const added = await ok('POST', '/cms/search/word/add', { word: '  Zebra  Crossing ' });
    expect((await ok('GET', `/search/word/${added.wordId}`)).word).toBe('zebra crossing');
    await ok('POST', '/search/word/set_top', { wordIds: [added.wordId], topFlag: 5 });
    const page = await ts.server.sites.inject({ method: 'GET', url: '/slog/_search', headers: { 'accept-language': 'en' } });
    expect(page.statusCode, page.body).toBe(200);
    const hot = [...page.body.matchAll(/_search\?q=([^"]+)">/g)].map((m) => decodeURIComponent(m[1]!));
    // A word set on top by an editor is offered whether it found anything or not; one readers searched for nothing is not.
    expect(hot).toEqual(['zebra crossing', 'story', 'book', 'pictures']);
    expect(page.body).toContain('Popular searches');
    await ok('POST', '/search/word/cancel_top', [added.wordId]);
    expect((await ok('GET', `/search/word/${added.wordId}`)).topFlag).toBe(0);
  });

  it('refuses a word twice and an empty word, naming the field in the user\'s language', async () => {
    const twice = await call('POST', '/search/word/add', { word: 'Story' });
    expect(twice.code).toBe(500);
    expect(twice.msg).toContain('Word');
    const blank = await call('POST', '/search/word/add', { word: '   ' }, undefined, 'zh-CN');
    expect(blank.msg).toContain('搜索词');
  });

  it('an update naming none of a word\'s fields changes nothing and does not fail (the table keeps no update stamps)', async () => {
    const added = await ok('POST', '/cms/search/word/add', { word: 'unchanged word' });
    await ok('PUT', '/search/word', { wordId: added.wordId });
    expect((await ok('GET', `/search/word/${added.wordId}`)).word).toBe('unchanged word');
  });

  it('gives a word\'s searches per day over a date range', async () => {
    const [story] = (await ok('GET', '/search/word/list', undefined, { query: 'story' })).rows;
    const today = new Date().toISOString().slice(0, 10);
    const tenDaysAgo = new Date(Date.now() - 9 * 86_400_000).toISOString().slice(0, 10);
    const trend = await ok('GET', '/search/word/trend', undefined, { wordId: String(story.wordId), beginTime: tenDaysAgo, endTime: today });
    expect(trend.word).toBe('story');
    expect(trend.rows).toHaveLength(10);
    expect(trend.rows.at(-1)).toEqual({ day: today, searches: 3 });
    expect((await call('GET', '/search/word/trend', undefined, { wordId: String(story.wordId), beginTime: '2010-01-01', endTime: today })).code).toBe(500);
  });
});

describe('search logs', () => {
  it('lists the site\'s searches, newest first, filtered by query, and deletes them', async () => {
    const all = await ok('GET', '/search/log');
    expect(all.total).toBe(10);
    expect(all.rows[0]).toMatchObject({ query: 'pictures', userAgent: 'Other' });
    const books = await ok('GET', '/cms/search/log', undefined, { query: 'book' });
    expect(books.total).toBe(2);
    await ok('POST', '/search/log/delete', books.rows.map((r: { logId: number }) => r.logId));
    expect((await ok('GET', '/search/log/list')).total).toBe(8);
  });
});
