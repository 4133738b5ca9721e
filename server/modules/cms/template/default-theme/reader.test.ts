import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../../../../tests/helpers/server.ts';
import { staticRoot } from '../../file/roots.ts';
import { drainAndIndex } from '../../search/drain-and-index.ts';
import { renderCatalogPage, renderContentPage, renderIndex } from '../render.ts';
import { makeTestSite, openSession, type TestSite } from '../test-site.ts';

// Issue 28 §5: what a reader of a site published with the default theme notices, with a screen
// reader, the keyboard or a search engine: a skip link, the current page marked in the nav and
// the breadcrumb, `lang` on a content in another language than the site's, a meta description on
// every page, an icon, a robots.txt, and text alternatives for pictures and players.
const dataDir = mkdtempSync(join(tmpdir(), 'castanea-reader-'));
const ts = useTestServer({ config: { dataDir, port: 8090 } });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const P = 'http://localhost:8091/reader/';
let en: TestSite;
/** A site made by a zh-CN user (so themed in zh-CN), with no description. */
let zh: { siteId: number; path: string; news: number; english: number; chinese: number };
/** On the English site: a Chinese article, and an album whose pictures say more or less about themselves. */
let chineseOnEn: number;
let album: number;

async function api(method: string, url: string, body: unknown, siteId: number, lang = 'en') {
  const r = await ts.api(method, url, { token: ts.admin, body, headers: { repeatSubmit: 'false', 'accept-language': lang, CurrentSite: String(siteId) } });
  expect(r.code, `${url}: ${r.msg}`).toBe(200);
  return r.data;
}

beforeAll(async () => {
  en = await makeTestSite(ts, 'reader');
  chineseOnEn = (await api('POST', '/cms/content?contentType=article', { catalogId: en.cat.News, title: '港口重新开放', contentHtml: '<p>港口今天重新开放。</p>' }, en.siteId)).contentId;
  album = (await api('POST', '/cms/content?contentType=image', {
    catalogId: en.cat.News, title: 'Harbour photos',
    images: [{ title: 'The quay', path: 'https://cdn.example.com/1.png' }, { description: 'Boats at dawn', path: 'https://cdn.example.com/2.png' }, { path: 'https://cdn.example.com/3.png' }],
  }, en.siteId)).contentId;
  await api('POST', '/cms/content/publish', { contentIds: [chineseOnEn, album] }, en.siteId);
  await api('PUT', '/cms/catalog', { catalogId: en.cat.News, description: 'What happened, day by day' }, en.siteId);

  const siteId = (await api('POST', '/cms/site', { name: '港城日报', path: 'gangcheng' }, 0, 'zh-CN')).siteId as number;
  const news = (await api('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: '新闻' }, siteId, 'zh-CN'))[0].catalogId as number;
  const add = async (title: string, contentHtml: string) => (await api('POST', '/cms/content?contentType=article', { catalogId: news, title, contentHtml }, siteId, 'zh-CN')).contentId as number;
  const english = await add('Harbour reopens', '<p>The harbour reopened today.</p>');
  const chinese = await add('iPhone 在港城发布', '<p>今天发布。</p>');
  await api('POST', '/cms/content/publish', { contentIds: [english, chinese] }, siteId, 'zh-CN');
  zh = { siteId, path: 'gangcheng', news, english, chinese };
});

const zhSession = () => openSession(ts, { siteId: zh.siteId, path: zh.path } as TestSite);
/** The page's markup from <body> on (the inline stylesheet left out). */
const body = (html: string) => html.slice(html.indexOf('<body>'));

describe('keyboard and screen readers', () => {
  it('every page starts with a link to its main content, in the site\'s language', async () => {
    const s = await openSession(ts, en);
    for (const page of [await renderIndex(s), await renderCatalogPage(s, en.cat.News), await renderContentPage(s, en.first, 1)]) {
      expect(body(page.html)).toMatch(/^<body>\n<a class="skip-link" href="#main">Skip to main content<\/a>\n/);
      expect(page.html).toContain('<main id="main" tabindex="-1">');
    }
    expect(body((await renderIndex(await zhSession())).html)).toMatch(/^<body>\n<a class="skip-link" href="#main">跳到主要内容<\/a>/);
  });

  it('the nav marks the page shown (aria-current="page") or the section it is in ("true"), the breadcrumb ends on the page', async () => {
    const s = await openSession(ts, en);
    const home = await renderIndex(s);
    expect(home.html).toContain(`<li><a href="${P}" class="active" aria-current="page">Home</a></li>`);
    expect(home.html).toContain(`<li><a href="${P}news/">News</a></li>`);
    const news = await renderCatalogPage(s, en.cat.News);
    expect(news.html).toContain(`<li><a href="${P}news/" class="active" aria-current="page">News</a></li>`);
    expect(news.html).toContain(`<nav class="crumbs" aria-label="Breadcrumb"><a href="${P}">Home</a><span aria-hidden="true">/</span><a href="${P}news/" aria-current="page">News</a></nav>`);
    const world = await renderCatalogPage(s, en.cat.World);
    expect(world.html).toContain(`<li><a href="${P}news/" class="active" aria-current="true">News</a></li>`);
    const article = await renderContentPage(s, en.first, 1);
    expect(article.html).toContain(`<li><a href="${P}news/" class="active" aria-current="true">News</a></li>`);
    expect(article.html).toContain(`<a href="${P}news/world/">World</a><span aria-hidden="true">/</span><a href="${P}news/world/${en.first}.shtml" aria-current="page">First &lt;story&gt;</a></nav>`);
    expect(article.html).toContain('<nav class="pages" aria-label="Pages"><div class="pagination">');
  });

  it('a content in another language than the site\'s says so (lang), where it is shown and where it is listed', async () => {
    const s = await zhSession();
    const english = await renderContentPage(s, zh.english);
    expect(english.html).toMatch(/^<!DOCTYPE html>\n<html lang="zh-CN">/);
    expect(english.html).toContain('<h1 class="page-title" lang="en">Harbour reopens</h1>');
    expect(english.html).toContain('<div class="prose" lang="en"><p>The harbour reopened today.</p></div>');
    expect(english.html).toContain('lang="en" aria-current="page">Harbour reopens</a></nav>');
    // What the theme writes around it stays in the site's language.
    expect(english.html).toContain('<span class="type type-article">文章</span>');
    const chinese = await renderContentPage(s, zh.chinese);
    expect(chinese.html).toContain('<h1 class="page-title">iPhone 在港城发布</h1>');
    expect(chinese.html).toContain('<div class="prose"><p>今天发布。</p></div>');
    // Its neighbour is the English one.
    expect(chinese.html).toContain('<span lang="en">Harbour reopens</span></a>');
    const list = await renderCatalogPage(s, zh.news);
    expect(list.html).toMatch(/<h2 lang="en"><a href="[^"]+">Harbour reopens<\/a><\/h2>/);
    expect(list.html).toMatch(/<h2><a href="[^"]+">iPhone 在港城发布<\/a><\/h2>/);
    expect((await renderIndex(s)).html).toMatch(/<li><a href="[^"]+" lang="en">Harbour reopens<\/a>/);
    // On an English site, a Chinese title.
    const onEn = await renderContentPage(await openSession(ts, en), chineseOnEn);
    expect(onEn.html).toContain('<h1 class="page-title" lang="zh">港口重新开放</h1>');
    expect(onEn.html).toContain('<div class="prose" lang="zh">');
  });

  it('pictures are named by their title, else their description, else the album\'s title and their number', async () => {
    const page = await renderContentPage(await openSession(ts, en), album);
    expect(page.html).toContain('<img src="https://cdn.example.com/1.png" alt="The quay" loading="lazy">');
    expect(page.html).toContain('<img src="https://cdn.example.com/2.png" alt="Boats at dawn" loading="lazy">');
    expect(page.html).toContain('<img src="https://cdn.example.com/3.png" alt="Harbour photos 3" loading="lazy">');
    expect(page.html).not.toContain('alt=""');
  });
});

describe('search engines and browsers', () => {
  it('every page has a meta description: a list its catalog\'s, else the site\'s description, else the site\'s name; a content its summary, else its title', async () => {
    const s = await openSession(ts, en);
    expect((await renderCatalogPage(s, en.cat.News)).html).toContain('<meta name="description" content="What happened, day by day">');
    expect((await renderCatalogPage(s, en.cat.Books)).html).toContain('<meta name="description" content="A &lt;b&gt;test&lt;/b&gt; site">');
    expect((await renderContentPage(s, en.first, 1)).html).toContain('<meta name="description" content="About the first">');
    expect((await renderContentPage(s, en.second, 1)).html).toContain('<meta name="description" content="Second story">');
    const z = await zhSession();
    expect((await renderCatalogPage(z, zh.news)).html).toContain('<meta name="description" content="港城日报">');
    expect((await renderIndex(z)).html).toContain('<meta name="description" content="港城日报">');
  });

  it('every page names an icon: the site\'s logo, else the theme\'s (inline, so no request for /favicon.ico fails)', async () => {
    expect((await renderIndex(await openSession(ts, en))).html).toMatch(/<link rel="icon" href="data:image\/svg\+xml,%3Csvg%20xmlns='http:\/\/www\.w3\.org\/2000\/svg'[^"]*%3C\/svg%3E">/);
    await api('PUT', '/cms/site', { siteId: en.siteId, name: 'Site reader', path: 'reader', logo: '/reader/resources/image/2024/01/02/logo.png' }, en.siteId);
    try {
      const html = (await renderContentPage(await openSession(ts, en), en.first, 1)).html;
      expect(html).toContain(`<link rel="icon" href="${P}resources/image/2024/01/02/logo.png">`);
    } finally {
      await api('PUT', '/cms/site', { siteId: en.siteId, name: 'Site reader', path: 'reader', logo: '' }, en.siteId);
    }
  });

  it('a site publish writes robots.txt at the pipe\'s root: everything allowed, the sitemap named when there is one; the site\'s own robots.txt wins', async () => {
    const robots = () => readFileSync(join(dataDir, 'wwwroot', 'reader', 'robots.txt'), 'utf8');
    const publish = async () => {
      await api('POST', '/cms/site/publish', { siteId: en.siteId, publishIndex: true }, en.siteId);
      expect((await drainAndIndex(ts.server.services)).failures).toEqual([]);
    };
    await publish();
    // Sitemaps are on unless the pipe turns them off.
    expect(robots()).toBe(`User-agent: *\nAllow: /\n\nSitemap: ${P}sitemap.xml\n`);
    const served = await ts.server.sites.inject({ method: 'GET', url: '/reader/robots.txt' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/^text\/plain/);

    await api('PUT', '/cms/site', { siteId: en.siteId, publishPipeDatas: [{ pipeCode: 'pc', props: { enableSitemap: 'N' } }] }, en.siteId);
    await publish();
    expect(robots()).toBe('User-agent: *\nAllow: /\n');
    // The sitemaps it wrote go with them.
    expect(existsSync(join(dataDir, 'wwwroot', 'reader', 'sitemap.xml'))).toBe(false);
    expect(existsSync(join(dataDir, 'wwwroot', 'reader', 'sitemap_1.xml'))).toBe(false);

    const statics = staticRoot(dataDir, 'reader', 'pc');
    mkdirSync(statics, { recursive: true });
    writeFileSync(join(statics, 'robots.txt'), 'User-agent: *\nDisallow: /drafts/\n');
    await publish();
    expect(robots()).toBe('User-agent: *\nDisallow: /drafts/\n');
  });
});

describe('votes', () => {
  it('the home page shows the site\'s vote coded home_vote, its words in the site\'s language, for the readers\' script to send; no box without one', async () => {
    expect(body((await renderIndex(await zhSession())).html)).not.toContain('vote-box');
    const voteId = (await api('POST', '/vote', { title: '午餐<吃什么>', code: 'home_vote', viewType: '2' }, zh.siteId, 'zh-CN')).voteId as number;
    await api('POST', '/vote/subject', { voteId, title: '主食', type: 'radio', itemLines: '米饭\n面条' }, zh.siteId, 'zh-CN');
    const html = (await renderIndex(await zhSession())).html;
    expect(html).toContain(`<section class="section vote-box"><form class="cms-vote" id="vote-home_vote" method="post" action="/api/vote" data-site-id="${zh.siteId}" data-vote-id="${voteId}"`);
    expect(html).toContain('data-cx-post="/api/vote" data-cx-ok="感谢参与投票" data-cx-votes="{n} 票" aria-label="午餐&lt;吃什么&gt;"');
    expect(html).toMatch(/<legend>主食<\/legend><label><input type="radio" name="s\d+" value="\d+" required> 米饭<\/label>/);
    expect(html).toContain('<button type="submit">投票</button> <a class="vote-results"');
    expect(html).toContain('rel="nofollow">查看结果</a>');
  });
});
