import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { RATE_LIMITS } from '../../../core/rate-limits.ts';
import { drainAndIndex } from '../search/drain-and-index.ts';
import { makeTestSite, type TestSite } from '../template/test-site.ts';
import { cmsSearchLog, cmsSearchWord } from '../searchlog/schema.ts';
import { searchLoggerOf } from '../searchlog/logger.ts';

// Issue 30 item 7 (public part) and 8: the readers' search on the sites port — only the named
// site's published contents, catalog filter with children, paging, a capped query, a per-address
// throttle — and each search logged with the address hashed, counted per word and day.
const ts = useTestServer({ config: { rateLimits: true } });
const H = { repeatSubmit: 'false', 'accept-language': 'en' };
let site: TestSite;
let other: TestSite;
let zh = 0;

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const get = (url: string, o: { ip?: string; lang?: string; ua?: string } = {}) =>
  ts.server.sites.inject({ method: 'GET', url, remoteAddress: o.ip ?? '198.51.100.7', headers: { 'accept-language': o.lang ?? 'en', 'user-agent': o.ua ?? FIREFOX } });
const query = async (params: Record<string, string | number>, o: { ip?: string; lang?: string; ua?: string } = {}) => {
  const r = await get(`/api/cms/search/query?${new URLSearchParams(Object.entries(params).map(([k, x]) => [k, String(x)]))}`, o);
  return { status: r.statusCode, ...r.json() };
};
const titles = (r: { data?: { rows: { title: string }[] } }) => (r.data?.rows ?? []).map((x) => x.title).sort();

async function ok(method: string, path: string, body?: unknown, siteId = site.siteId, q?: Record<string, string>) {
  const r = await ts.api(method, path, { token: ts.admin, body, query: q, headers: { ...H, CurrentSite: String(siteId) } });
  expect(r.code, `${method} ${path}: ${r.msg}`).toBe(200);
  return r.data;
}

beforeAll(async () => {
  site = await makeTestSite(ts, 'srch');
  other = await makeTestSite(ts, 'srchother');
  zh = (await ok('POST', '/cms/content?contentType=article', { catalogId: site.cat.News, title: '港口重新开放', summary: '港口今天重新开放，渔船回港。', contentHtml: '<p>港口今天重新开放。</p>' })).contentId;
  await ok('POST', '/cms/content/publish', { contentIds: [zh] });
  const secret = (await ok('POST', '/cms/content?contentType=article', { catalogId: other.cat.News, title: 'Secret harbour story', contentHtml: '<p>Elsewhere</p>' }, other.siteId)).contentId;
  await ok('POST', '/cms/content/publish', { contentIds: [secret] }, other.siteId);
  await drainAndIndex(ts.server.services);
}, 60_000);

describe('the readers\' search API', () => {
  it('finds published contents of the site in English and Chinese, with escaped highlights, never a draft', async () => {
    const en = await query({ sid: site.siteId, pp: 'pc', q: 'story' });
    expect(en.code, en.msg).toBe(200);
    expect(titles(en)).toEqual(['First <story>', 'Second story']);
    const first = en.data.rows.find((x: { title: string }) => x.title === 'First <story>');
    expect(first.titleHighlight).toContain('<em>');
    expect(first.titleHighlight).toMatch(/&(lt|#60|#x3c);/i);
    expect(first.titleHighlight).not.toContain('<story>');
    // Its page in the pipe asked for, as published.
    expect(first.link).toMatch(new RegExp(`^https?://[^/]+/srch/news/world/${site.first}\\.shtml$`));
    expect(first).not.toHaveProperty('linkInfo');
    const cn = await query({ sid: site.siteId, pp: 'pc', q: '港口' });
    expect(cn.data.rows.map((x: { contentId: number }) => x.contentId)).toEqual([zh]);
    expect((await query({ sid: site.siteId, pp: 'pc', q: 'Draft' })).data.total).toBe(0);
  });

  it('filters by catalog, its children when asked, and by content type', async () => {
    expect((await query({ sid: site.siteId, pp: 'pc', q: 'story', cid: site.cat.News })).data.total).toBe(0);
    expect(titles(await query({ sid: site.siteId, pp: 'pc', q: 'story', cid: site.cat.News, level: 'CurrentAndChild' }))).toEqual(['First <story>', 'Second story']);
    expect((await query({ sid: site.siteId, pp: 'pc', q: 'story', ct: 'image' })).data.total).toBe(0);
  });

  it('pages the hits', async () => {
    const one = await query({ sid: site.siteId, pp: 'pc', q: 'story', size: 1, page: 1 });
    const two = await query({ sid: site.siteId, pp: 'pc', q: 'story', size: 1, page: 2 });
    expect([one.data.total, two.data.total]).toEqual([2, 2]);
    expect(one.data.rows).toHaveLength(1);
    expect(two.data.rows[0].contentId).not.toBe(one.data.rows[0].contentId);
  });

  it('never shows another site\'s contents, and refuses an unknown site or a disabled pipe', async () => {
    expect((await query({ sid: site.siteId, pp: 'pc', q: 'Secret' })).data.total).toBe(0);
    expect(titles(await query({ sid: other.siteId, pp: 'pc', q: 'story' }))).toEqual(['First <story>', 'Second story', 'Secret harbour story']);
    const none = await query({ sid: 999999, pp: 'pc', q: 'story' });
    expect([none.status, none.code]).toEqual([404, 500]);
    expect(none.msg).toBe('No such site, or it cannot be searched');
    expect((await query({ sid: site.siteId, pp: 'nopipe', q: 'story' })).status).toBe(404);
  });

  it('refuses a query over 100 characters, naming the field in the reader\'s language', async () => {
    const long = 'x'.repeat(101);
    const en = await query({ sid: site.siteId, pp: 'pc', q: long });
    expect(en.status).toBe(400);
    expect(en.msg).toBe('Search words cannot exceed 100 characters');
    expect((await query({ sid: site.siteId, pp: 'pc', q: long }, { lang: 'zh-CN' })).msg).toContain('搜索词');
  });

  it('suggests searched words, tag words and titles starting with the letters', async () => {
    // The searches above were logged: "story" is a searched word now.
    await searchLoggerOf(ts.server.services).flush();
    const r = (await get(`/api/cms/search/suggest?sid=${site.siteId}&q=sto`)).json();
    expect(r.code, r.msg).toBe(200);
    expect(r.data).toContain('story');
    expect((await get(`/api/cms/search/suggest?sid=${site.siteId}&q=re`)).json().data).toContain('red');
    // Contents carrying a tag word.
    const tag = (await get(`/api/cms/search/tag?sid=${site.siteId}&pp=pc&q=red`)).json();
    expect(tag.code, tag.msg).toBe(200);
  });

  it('reads no console token: an administrator\'s answer is a reader\'s (no draft), on both ports', async () => {
    const url = `/api/cms/search/query?sid=${site.siteId}&pp=pc&q=Draft`;
    const asReader = (await get(url)).json();
    const withToken = (await ts.server.sites.inject({ method: 'GET', url, remoteAddress: '198.51.100.7', headers: { authorization: `Bearer ${ts.admin}`, 'accept-language': 'en' } })).json();
    const onApiPort = (await ts.server.app.inject({ method: 'GET', url, remoteAddress: '198.51.100.7', headers: { authorization: `Bearer ${ts.admin}`, CurrentSite: String(site.siteId) } })).json();
    expect(asReader).toMatchObject({ code: 200, data: { total: 0 } });
    expect(withToken.data).toEqual(asReader.data);
    expect(onApiPort.data).toEqual(asReader.data);
  });

  it('answers a script in any parameter as data or a refusal, never as markup', async () => {
    const evil = '<script>alert(1)</script>';
    for (const name of ['q', 'pp', 'cid', 'level', 'ct', 'ot', 'page', 'size']) {
      const params = new URLSearchParams({ sid: String(site.siteId), pp: 'pc', q: 'story', [name]: evil });
      for (const path of ['/api/cms/search/query', '/api/cms/search/tag', '/api/cms/search/suggest']) {
        const r = await get(`${path}?${params}`, { ip: '198.51.100.40' });
        expect(r.headers['content-type'], `${path} ${name}`).toMatch(/^application\/json/);
        const body = r.json();
        expect([200, 400], `${path} ${name}: ${body.msg}`).toContain(r.statusCode);
        // A refusal names the field, not the value; hits never echo the query as markup.
        expect(String(body.msg), `${path} ${name}`).not.toContain('<script>');
        for (const hit of body.data?.rows ?? []) expect(`${hit.titleHighlight}${hit.snippet}`).not.toContain('<script>');
      }
      const page = await get(`/srch/_search?${params}`, { ip: '198.51.100.41' });
      expect(page.body, `_search ${name}`).not.toContain(evil);
    }
    // A search that finds something is among the site's popular searches, shown as text; one that
    // found nothing (the script above) is not offered to readers at all.
    const marked = 'story <i>';
    expect((await query({ sid: site.siteId, pp: 'pc', q: marked }, { ip: '198.51.100.43' })).data.total).toBeGreaterThan(0);
    await searchLoggerOf(ts.server.services).flush();
    const popular = await get('/srch/_search', { ip: '198.51.100.42' });
    expect(popular.body).toContain('story &lt;i&gt;');
    expect(popular.body).not.toContain('<i>');
    expect(popular.body).not.toContain('alert(1)');
    expect(popular.body).not.toContain(evil);
  });

  it('answers 429 with Retry-After past the per-address throttle, the search page too', async () => {
    const ip = '203.0.113.77';
    for (let i = 0; i < RATE_LIMITS.searchPerIp.max; i++) expect((await query({ sid: site.siteId, pp: 'pc', q: 'a' }, { ip })).status).toBe(200);
    const r = await get(`/api/cms/search/query?sid=${site.siteId}&pp=pc&q=a`, { ip });
    expect(r.statusCode).toBe(429);
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    expect(r.json().code).toBe(429);
    expect((await get('/srch/_search?q=a', { ip })).statusCode).toBe(429);
    // Another address is not held back.
    expect((await query({ sid: site.siteId, pp: 'pc', q: 'a' }, { ip: '203.0.113.78' })).status).toBe(200);
  });
});

describe('the _search page on the sites port', () => {
  it('renders the default theme\'s search page: escaped highlights, a result count, paging links, a no-results state', async () => {
    const r = await get('/srch/_search?q=story&size=1');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-security-policy']).toBeTruthy();
    expect(r.body).toContain('<em>');
    expect(r.body).not.toContain('<story>');
    expect(r.body).toContain('2 results');
    expect(r.body).toMatch(/_search\?q=story&amp;cid=&amp;level=Current&amp;ct=&amp;ot=false&amp;size=1&amp;page=2/);
    expect(r.body).toContain('name="q" value="story"');
    // One result is "1 result".
    expect((await get(`/srch/_search?q=${encodeURIComponent('港口')}`)).body).toMatch(/role="status">1 result</);
    const none = await get('/srch/_search?q=nothingmatches');
    expect(none.body).toContain('Nothing found for “nothingmatches”');
    const evil = await get(`/srch/_search?q=${encodeURIComponent('<script>x</script>')}`);
    expect(evil.statusCode).toBe(200);
    expect(evil.body).not.toContain('<script>x</script>');
  });

  it('refuses a long query with a page naming the field, and answers ChestnutCMS\'s /_search?sid&pp', async () => {
    const r = await get(`/srch/_search?q=${'y'.repeat(101)}`);
    expect(r.statusCode).toBe(400);
    expect(r.body).toContain('Search words cannot exceed 100 characters');
    const chestnut = await get(`/_search?sid=${site.siteId}&pp=pc&q=story`);
    expect(chestnut.statusCode, chestnut.body).toBe(200);
    expect(chestnut.body).toContain('2 results');
  });

  it('is not served on the console\'s port', async () => {
    const r = await ts.server.app.inject({ method: 'GET', url: '/srch/_search?q=story' });
    expect(r.statusCode).not.toBe(200);
  });
});

describe('search logs', () => {
  it('logs each search with the address hashed and the browser\'s family, and counts words per day', async () => {
    const ip = '192.0.2.55';
    await query({ sid: site.siteId, pp: 'pc', q: 'Harbour  Lights' }, { ip });
    await query({ sid: site.siteId, pp: 'pc', q: 'harbour lights' }, { ip, ua: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
    await searchLoggerOf(ts.server.services).flush();
    const logs = await ts.database.db.select().from(cmsSearchLog).where(eq(cmsSearchLog.siteId, site.siteId));
    const mine = logs.filter((l) => l.query.toLowerCase().startsWith('harbour'));
    expect(mine).toHaveLength(2);
    for (const l of mine) {
      expect(l.ipHash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(l)).not.toContain(ip);
    }
    expect(mine[0]!.ipHash).toBe(mine[1]!.ipHash);
    expect(mine.map((l) => l.userAgent).sort()).toEqual(['Bot', 'Firefox']);
    const [word] = await ts.database.db.select().from(cmsSearchWord).where(eq(cmsSearchWord.word, 'harbour lights'));
    expect(word?.searchTotal).toBe(2);
    const trend = await ok('GET', '/search/word/trend', undefined, site.siteId, { wordId: String(word!.wordId) });
    expect(trend.rows).toHaveLength(30);
    expect(trend.rows.at(-1)).toEqual({ day: new Date().toISOString().slice(0, 10), searches: 2 });
    // An empty query is no search.
    await query({ sid: site.siteId, pp: 'pc', q: '  ' });
    await searchLoggerOf(ts.server.services).flush();
    expect((await ts.database.db.select().from(cmsSearchLog).where(eq(cmsSearchLog.siteId, site.siteId))).length).toBe(logs.length);
  });
});
