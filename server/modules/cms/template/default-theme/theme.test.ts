import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../../../../tests/helpers/server.ts';
import { renderCatalogPage, renderContentPage, renderIndex } from '../render.ts';
import { templateRoot } from '../store.ts';
import { makeTestSite, openSession, writeTemplates, type TestSite } from '../test-site.ts';
import { installDefaultTheme, themeTemplates } from './install.ts';

// Issue 11 §3: a new site publishes with the default theme and no template written — a home page,
// catalog lists with a page bar, a page per content type, a book and its chapters — and its pages
// link to each other, images included.
const dataDir = mkdtempSync(join(tmpdir(), 'castanea-theme-'));
const ts = useTestServer({ config: { dataDir, port: 8090 } });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const H = { repeatSubmit: 'false', 'accept-language': 'en' };
let site: TestSite;
let audio: number;
let video: number;
const P = 'http://localhost:8091/themed/';

beforeAll(async () => {
  site = await makeTestSite(ts, 'themed');
  const at = async (method: string, url: string, body: unknown) => {
    const r = await ts.api(method, url, { token: ts.admin, body, headers: { ...H, CurrentSite: String(site.siteId) } });
    expect(r.code, `${url}: ${r.msg}`).toBe(200);
    return r.data;
  };
  audio = (await at('POST', '/cms/content?contentType=audio', { catalogId: site.cat.News, title: 'Podcast', summary: 'Two tracks', audios: [{ title: 'Track A', path: '/themed/resources/audio/a.mp3' }, { title: 'Track B', path: 'https://cdn.example.com/b.mp3' }] })).contentId;
  video = (await at('POST', '/cms/content?contentType=video', {
    catalogId: site.cat.News, title: 'Clips', logo: '/themed/resources/image/2024/01/02/9.png',
    videos: [{ title: 'Own file', path: '/themed/resources/video/v.mp4', cover: '/themed/resources/image/2024/01/02/8.png' }, { title: 'Elsewhere', code: '<iframe src="https://player.example.com/embed/42" width="640" height="360"></iframe>' }],
  })).contentId;
  await at('POST', '/cms/content/publish', { contentIds: [audio, video] });
  // World lists one content a page: its list has two pages.
  await at('PUT', '/cms/catalog', { catalogId: site.cat.World, pageSize: 1 });
});

describe('a new site', () => {
  it('gets the theme in its pipe\'s template folder, in its maker\'s language, named as the site\'s default templates', async () => {
    const names = readdirSync(templateRoot(dataDir, 'themed', 'pc'), { recursive: true }).map(String).filter((n) => n.endsWith('.template.html'));
    expect(names).toEqual(expect.arrayContaining(['index.template.html', 'list.template.html', 'detail_article.template.html', 'detail_image.template.html', 'detail_audio.template.html', 'detail_video.template.html', 'detail_book.template.html', 'layout.template.html']));
    const zh = await themeTemplates('zh-TW');
    expect(zh.get('detail_book.template.html')).toContain('下一章');
    for (const source of zh.values()) expect(source).not.toMatch(/\[\[[a-z_]+\]\]/);
  });

  it('an existing site takes the theme: its files replace same-named templates and the site\'s templates point at them', async () => {
    const h = { ...H, CurrentSite: String(site.siteId) };
    await writeTemplates(ts, site, { 'index.template.html': '<p>mine</p>' });
    expect((await ts.api('POST', '/cms/site/default_template', { token: ts.admin, headers: h, body: { publishPipeProps: [{ pipeCode: 'pc', props: { indexTemplate: 'home.template.html', detailTemplate_article: 'mine.template.html' } }] } })).code).toBe(200);
    const r = await ts.api('POST', '/cms/site/install_default_theme', { token: ts.admin, headers: h, body: {} });
    expect(r.code, r.msg).toBe(200);
    expect(r.data.pipes).toEqual(['pc']);
    expect(readFileSync(join(templateRoot(dataDir, 'themed', 'pc'), 'index.template.html'), 'utf8')).toContain("{%- layout 'layout' -%}");
    const props = (await ts.api('GET', '/cms/site/default_template', { token: ts.admin, headers: h })).data.publishPipeProps[0].props;
    expect(props).toMatchObject({ detailTemplate_article: 'detail_article.template.html', defaultListTemplate: 'list.template.html' });
    const page = await renderIndex(await openSession(ts, site));
    expect(page.template).toBe('index.template.html');
    expect(page.html).toContain('<section class="hero">');
    expect((await ts.api('POST', '/cms/site/install_default_theme', { token: ts.admin, headers: h, body: { pipeCodes: ['nope'] } })).msg).toBe('The site has no publish pipe "nope"');
  });

  it('installing again keeps the templates a pipe has, unless told to replace them', async () => {
    const again = await installDefaultTheme(dataDir, 'themed', 'pc', 'en');
    expect(again.written).toEqual([]);
    expect(again.kept).toContain('index.template.html');
  });
});

describe('the default theme renders every page', () => {
  it('home: the nav of top catalogs, the latest contents as cards, each catalog with its newest; drafts left out', async () => {
    const page = await renderIndex(await openSession(ts, site));
    expect(page.html).toMatch(/^<!DOCTYPE html>\n<html lang="en">/);
    expect(page.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(page.html).toContain(`<a href="${P}" class="active" aria-current="page">Home</a>`);
    expect(page.html).toContain(`<a href="${P}news/">News</a>`);
    expect(page.html).toContain(`<a href="${P}books/">Books</a>`);
    expect(page.html).toContain(`<h3><a href="${P}news/${video}.shtml">Clips</a></h3>`);
    expect(page.html).toContain(`<img src="${P}resources/image/2024/01/02/9.png" alt="" loading="lazy">`);
    expect(page.html).toContain(`<li><a href="${P}news/world/${site.first}.shtml">First &lt;story&gt;</a>`);
    expect(page.html).not.toContain('Draft story');
    expect(page.html).toContain('<footer class="site-footer">');
    expect(page.html).not.toMatch(/\[\[|\{\{|\{%|Liquid error/);
  });

  it('catalog list: breadcrumb, sub-catalogs, entries of the catalog and below, a page bar linking page 2 by file name', async () => {
    const session = await openSession(ts, site);
    const news = await renderCatalogPage(session, site.cat.News);
    expect(news.html).toContain(`<a href="${P}news/" class="active" aria-current="page">News</a>`);
    expect(news.html).toContain('<h1 class="page-title">News</h1>');
    expect(news.html).toContain(`<ul class="chips"><li><a href="${P}news/world/">World</a></li></ul>`);
    expect(news.html).toContain(`<h2><a href="${P}news/${audio}.shtml">Podcast</a></h2>`);
    expect(news.html).toContain(`<a href="${P}news/world/">World</a>`);
    const one = await renderCatalogPage(session, site.cat.World, 1);
    expect(one).toMatchObject({ file: 'news/world/index.shtml', pageTotal: 2 });
    expect(one.html).toContain(`<nav class="crumbs" aria-label="Breadcrumb"><a href="${P}">Home</a><span aria-hidden="true">/</span><a href="${P}news/">News</a><span aria-hidden="true">/</span><a href="${P}news/world/" aria-current="page">World</a></nav>`);
    expect(one.html).toContain('<a href="index_2.shtml" class="page_link">2</a>');
    // In the section, not on its page.
    expect(one.html).toContain(`<a href="${P}news/" class="active" aria-current="true">News</a>`);
    const two = await renderCatalogPage(session, site.cat.World, 2);
    expect(two.file).toBe('news/world/index_2.shtml');
    expect(two.html).toContain('<title>World · 2 · Site themed</title>');
    expect(two.html).toContain(`<a href="${P}news/world/${site.first}.shtml">First &lt;story&gt;</a>`);
  });

  it('article: heading and facts, body part N with its page bar, tags, the next content', async () => {
    const session = await openSession(ts, site);
    const one = await renderContentPage(session, site.first, 1);
    expect(one.html).toContain('<title>First &lt;story&gt; · Site themed</title>');
    expect(one.html).toContain('<h1 class="page-title">First &lt;story&gt;</h1>');
    expect(one.html).toContain('<span>Author: Ann</span>');
    expect(one.html).toContain('<div class="prose"><p>Part one</p></div>');
    expect(one.html).toContain(`<a href="${site.first}_2.shtml" class="page_link">2</a>`);
    expect(one.html).toContain('<ul class="tags"><li>#red</li></ul>');
    expect(one.html).toContain(`<a class="next" rel="next" href="${P}news/world/${site.second}.shtml"><small>Next →</small><span>Second story</span></a>`);
    const two = await renderContentPage(session, site.first, 2);
    expect(two.html).toContain(`<p>Part two with <a href="${P}news/">news</a></p>`);
  });

  it('image album: every picture, linked and captioned', async () => {
    const page = await renderContentPage(await openSession(ts, site), site.album);
    expect(page.html).toContain(`<figure><a href="${P}resources/image/2024/01/02/7.png"><img src="${P}resources/image/2024/01/02/7.png" alt="One" loading="lazy"></a><figcaption>One</figcaption></figure>`);
    expect(page.html).toContain('<img src="https://cdn.example.com/2.png" alt="Two"');
    expect(page.html).toContain('<span class="type type-image">Gallery</span>');
  });

  it('audio: a player per track', async () => {
    const page = await renderContentPage(await openSession(ts, site), audio);
    expect(page.html).toContain(`<strong>Track A</strong></div><audio controls preload="none" src="${P}resources/audio/a.mp3" aria-label="Track A"></audio>`);
    expect(page.html).toContain('src="https://cdn.example.com/b.mp3"');
  });

  it('video: a player with its poster, and the third-party player\'s code as it was saved (sandboxed)', async () => {
    const page = await renderContentPage(await openSession(ts, site), video);
    expect(page.html).toContain(`<video controls preload="metadata" src="${P}resources/video/v.mp4" poster="${P}resources/image/2024/01/02/8.png" aria-label="Own file"></video>`);
    expect(page.html).toMatch(/<div class="embed"><iframe title="Elsewhere" src="https:\/\/player\.example\.com\/embed\/42"[^>]*sandbox="[^"]*"[^>]*><\/iframe><\/div>/);
  });

  it('book: facts, introduction, the published chapters in order, and a chapter page with previous and next', async () => {
    const session = await openSession(ts, site);
    const [c1, c2] = site.chapters as [number, number];
    const book = await renderContentPage(session, site.book);
    expect(book.html).toContain('<dt>Publisher</dt><dd>Press</dd>');
    expect(book.html).toContain('<div class="prose"><p>Intro</p></div>');
    expect(book.html).toContain(`<a class="btn" href="${P}books/${site.book}/${c1}.shtml">Start reading →</a>`);
    expect(book.html).toContain(`<ol class="toc"><li><a href="${P}books/${site.book}/${c1}.shtml"><span class="n">1</span><span>Chapter one</span></a></li><li><a href="${P}books/${site.book}/${c2}.shtml"><span class="n">2</span><span>Chapter two</span></a></li></ol>`);
    expect(book.html).not.toContain('Unpublished chapter');
    const first = await renderContentPage(session, site.book, 1, c1);
    expect(first.html).toContain('<title>Chapter one · A book · Site themed</title>');
    expect(first.html).toContain('<span class="btn disabled" aria-hidden="true">← Previous chapter</span>');
    expect(first.html).toContain(`<a class="btn" rel="next" href="${P}books/${site.book}/${c2}.shtml">Next chapter →</a>`);
    const second = await renderContentPage(session, site.book, 1, c2);
    expect(second.html).toContain('<div class="prose"><p>Chapter two text</p></div>');
    expect(second.html).toContain(`<a class="btn" rel="prev" href="${P}books/${site.book}/${c1}.shtml">← Previous chapter</a>`);
    expect(second.html).toContain(`<a class="btn" href="${P}books/${site.book}.shtml">Contents</a>`);
    expect(second.html).toContain('<span class="btn disabled" aria-hidden="true">Next chapter →</span>');
  });

  it('in preview mode every link leads to a preview, with no token', async () => {
    const session = await openSession(ts, site, { mode: 'preview' });
    const home = await renderIndex(session);
    expect(home.html).toContain(`<a href="/admin/cms/preview?type=catalog&amp;id=${site.cat.News}&amp;pp=pc">News</a>`);
    expect(home.html).toContain(`<a href="/admin/cms/preview?type=content&amp;id=${video}&amp;pp=pc">Clips</a>`);
    expect(home.html).toContain(`<a class="brand" href="/admin/cms/preview?type=site&amp;id=${site.siteId}&amp;pp=pc">`);
    const list = await renderCatalogPage(session, site.cat.World, 1);
    expect(list.html).toContain(`<a href="/admin/cms/preview?type=catalog&amp;id=${site.cat.World}&amp;pp=pc&amp;pi=2" class="page_link">2</a>`);
    const chapter = await renderContentPage(session, site.book, 1, site.chapters[0]);
    expect(chapter.html).toContain(`href="/admin/cms/preview?type=content&amp;id=${site.book}&amp;pp=pc&amp;chapter=${site.chapters[1]}"`);
    for (const p of [home, list, chapter]) expect(p.html).not.toMatch(/Authorization|Bearer|token=/i);
  });

  it('loads Baidu Tongji only when the site turns it on with its ID, and never in a preview', async () => {
    const TONGJI = '0123456789abcdef0123456789abcdef';
    const settings = (values: Record<string, string>) => ts.api('POST', '/cms/setting/statistics', { token: ts.admin, body: values, headers: { ...H, CurrentSite: String(site.siteId) } });
    const hm = `<script src="https://hm.baidu.com/hm.js?${TONGJI}" async></script>`;
    expect((await renderIndex(await openSession(ts, site))).html).not.toContain('hm.baidu.com');
    expect((await settings({ StatisticsEnabled: 'N', BaiduTongjiSiteId: TONGJI })).code).toBe(200);
    expect((await renderIndex(await openSession(ts, site))).html).not.toContain('hm.baidu.com');
    expect((await settings({ StatisticsEnabled: 'Y', BaiduTongjiSiteId: TONGJI })).code).toBe(200);
    expect((await renderIndex(await openSession(ts, site))).html).toContain(hm);
    expect((await renderContentPage(await openSession(ts, site), site.first, 1)).html).toContain(hm);
    expect((await renderIndex(await openSession(ts, site, { mode: 'preview' }))).html).not.toContain('hm.baidu.com');
    // An ID that is not Baidu's (32 hex digits) is refused, so nothing else reaches the script's address.
    expect((await settings({ StatisticsEnabled: 'Y', BaiduTongjiSiteId: 'abc"><script>' })).code).not.toBe(200);
    expect((await settings({ StatisticsEnabled: 'N' })).code).toBe(200);
  });
});
