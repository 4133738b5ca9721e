import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { TemplateError } from './errors.ts';
import { bookChapterIds, contentPageNeeds, renderCatalogIndex, renderCatalogPage, renderContentPage, renderIndex } from './render.ts';
import { makeTestSite, openSession, writeTemplates, type TestSite } from './test-site.ts';

// Issue 11 §1 and the rendering API: the CMS tags read the site's database (published contents
// only), pages link to each other by the reference's file rules, paging renders page N, and each
// page reports the templates it used.
const dataDir = mkdtempSync(join(tmpdir(), 'castanea-render-'));
const ts = useTestServer({ config: { dataDir, port: 8090 } });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
let site: TestSite;

/** The SQL statements `run` sends to the database (its client's query entry point). */
async function statementsOf<T>(run: () => Promise<T>): Promise<{ value: T; statements: string[] }> {
  const client = (ts.database.db as unknown as { $client: { query: (...a: unknown[]) => Promise<unknown> } }).$client;
  const original = client.query;
  const statements: string[] = [];
  client.query = function (this: unknown, ...a: unknown[]) {
    statements.push(typeof a[0] === 'string' ? a[0] : String((a[0] as { text?: string })?.text ?? ''));
    return original.apply(this, a);
  };
  try {
    return { value: await run(), statements };
  } finally {
    client.query = original;
  }
}

const base = `<title>{{ Site.name }}</title>{% cms_include file: 'nav.template.html' %}`;

beforeAll(async () => {
  site = await makeTestSite(ts, 'render');
  await writeTemplates(ts, site, {
    'nav.template.html': '<nav>{% cms_catalog level: \'Root\' %}{% for c in DataList %}<a href="{{ c.link }}">{{ c.name }}</a>{% endfor %}{% endcms_catalog %}</nav>',
    'index.template.html': `${base}<h1>Home</h1>{% cms_catalog level: 'Root' %}{% for c in DataList %}<section><h2>{{ c.name }}</h2>{% cms_content catalogId: c.catalogId, level: 'CurrentAndChild', size: 5, sort: 'Recent' %}{% for a in DataList %}<p><a href="{{ a.link }}">{{ a.title }}</a></p>{% endfor %}{% endcms_content %}</section>{% endfor %}{% endcms_catalog %}`,
    'list.template.html': `${base}<h1>{{ Catalog.name }}</h1>{% cms_content page: true, size: 1, level: 'CurrentAndChild' %}{% for a in DataList %}<li>{{ a.title }} {{ a.publishDate | date: '%Y' }}</li>{% endfor %}{% endcms_content %}<p>{{ PageNo }}/{{ PageTotal }}</p>{% page_bar %}`,
    'detail_article.template.html': `${base}<h1>{{ Content.title }}</h1><p>{{ Catalog.name }} {{ Content.attributes | join: ',' }}</p>{% cms_article page: true %}<div>{{ ArticleContent | raw }}</div>{% endcms_article %}{% page_bar type: 'Mini' %}{% cms_content_closest type: 'Next', sort: 'Recent' %}{% if Data %}<a rel="next" href="{{ Data.link }}">{{ Data.title }}</a>{% endif %}{% endcms_content_closest %}{% cms_content_closest type: 'Prev', sort: 'Recent' %}{% if Data %}<a rel="prev" href="{{ Data.link }}">{{ Data.title }}</a>{% endif %}{% endcms_content_closest %}`,
    'detail_image.template.html': '<h1>{{ Content.title }}</h1>{% cms_image %}{% for p in DataList %}<img src="{{ p.src }}" alt="{{ p.title }}">{% endfor %}{% endcms_image %}',
    'detail_book.template.html': '<h1>{{ Content.title }}</h1><p>{{ Content.book.publisher }}</p>{% if Chapter %}<h2>{{ Chapter.title }}</h2>{{ Chapter.content | raw }}{% else %}{{ Content.book.intro | raw }}{% endif %}<ol>{% cms_chapter %}{% for c in DataList %}<li{% if c.current %} class="on"{% endif %}><a href="{{ c.link }}">{{ c.title }}</a></li>{% endfor %}{% endcms_chapter %}</ol>',
  });
});

describe('rendering pages', () => {
  it('renders the home page: catalogs with their latest published contents, no draft, an include', async () => {
    const session = await openSession(ts, site);
    const page = await renderIndex(session);
    expect(page.file).toBe('index.shtml');
    expect(page.html).toContain('<title>Site render</title>');
    expect(page.html).toContain('<nav><a href="http://localhost:8091/render/news/">News</a><a href="http://localhost:8091/render/books/">Books</a></nav>');
    expect(page.html).toContain(`<section><h2>News</h2><p><a href="http://localhost:8091/render/news/${site.album}.shtml">Pictures</a></p><p><a href="http://localhost:8091/render/news/world/${site.second}.shtml">Second story</a></p><p><a href="http://localhost:8091/render/news/world/${site.first}.shtml">First &lt;story&gt;</a></p></section>`);
    expect(page.html).not.toContain('Draft story');
    expect(page.templates).toEqual(['index.template.html', 'nav.template.html']);
    expect(page.pageTotal).toBe(1);
  });

  it('renders the list pages of a catalog, page by page, with a page bar linking by file name', async () => {
    const session = await openSession(ts, site);
    const one = await renderCatalogPage(session, site.cat.News, 1);
    expect(one).toMatchObject({ file: 'news/index.shtml', pageNo: 1, pageTotal: 3, template: 'list.template.html' });
    expect(one.html).toContain('<h1>News</h1><li>Pictures');
    expect(one.html).toContain('<p>1/3</p>');
    expect(one.html).toContain('<div class="pagination"><a href="index.shtml" class="page_link page_first">«</a><a class="page_link page_active" aria-current="page">1</a><a href="index_2.shtml" class="page_link">2</a><a href="index_3.shtml" class="page_link">3</a><a href="index_3.shtml" class="page_link page_last">»</a></div>');
    const three = await renderCatalogPage(session, site.cat.News, 3);
    expect(three).toMatchObject({ file: 'news/index_3.shtml', pageNo: 3 });
    expect(three.html).toContain('<li>First &lt;story&gt;');
    const beyond = await renderCatalogPage(session, site.cat.News, 4).catch((e: unknown) => e);
    expect(beyond).toBeInstanceOf(TemplateError);
    expect((beyond as TemplateError).message).toBe('list.template.html, line 1, column 1: page 4 does not exist: there are 3 pages');
  });

  it('reads a catalog\'s list once for all its pages, and the home page\'s catalog lists in one statement', async () => {
    const session = await openSession(ts, site);
    const one = await statementsOf(() => renderCatalogPage(session, site.cat.News, 1));
    expect(one.statements.length).toBeGreaterThan(0);
    // Pages 2 and 3 are slices of what page 1 read (the publish is faster by hundreds of selects).
    const rest = await statementsOf(async () => [await renderCatalogPage(session, site.cat.News, 2), await renderCatalogPage(session, site.cat.News, 3)]);
    expect(rest.statements).toEqual([]);
    expect(rest.value[1]!.html).toContain('<li>First &lt;story&gt;');
    // Both root catalogs' latest contents: one statement, each list whole and in its own order.
    const fresh = await openSession(ts, site);
    const home = await statementsOf(() => renderIndex(fresh));
    expect(home.statements.filter((q) => /order by/i.test(q) && /from "cms_content"/.test(q))).toHaveLength(1);
    expect(home.value.html).toContain(`<section><h2>News</h2><p><a href="http://localhost:8091/render/news/${site.album}.shtml">Pictures</a></p><p><a href="http://localhost:8091/render/news/world/${site.second}.shtml">Second story</a></p><p><a href="http://localhost:8091/render/news/world/${site.first}.shtml">First &lt;story&gt;</a></p></section>`);
    expect(home.value.html).toContain(`<section><h2>Books</h2><p><a href="http://localhost:8091/render/books/${site.book}.shtml">A book</a></p></section>`);
  });

  it('reads what many pages of a batch ask alike once: their catalog\'s hot words', async () => {
    const session = await openSession(ts, site);
    // Two articles of one catalog, read ahead as the publisher reads a batch.
    const ahead = await statementsOf(() => session.prefetchContents([site.first, site.second], contentPageNeeds));
    expect(ahead.statements.filter((q) => /from "cms_catalog"/.test(q) && /hot_word_group/.test(q))).toHaveLength(1);
    expect((await renderContentPage(session, site.second)).html).toContain('<h1>Second story</h1>');
  });

  it('renders an article page by page, links resolved, and its neighbour', async () => {
    const session = await openSession(ts, site);
    const one = await renderContentPage(session, site.first, 1);
    expect(one).toMatchObject({ file: `news/world/${site.first}.shtml`, pageTotal: 2, template: 'detail_article.template.html' });
    expect(one.html).toContain('<h1>First &lt;story&gt;</h1><p>World hot</p><div><p>Part one</p></div>');
    expect(one.html).toContain(`<a href="${site.first}_2.shtml" class="page_link">2</a>`);
    expect(one.html).toContain(`<a rel="next" href="http://localhost:8091/render/news/world/${site.second}.shtml">Second story</a>`);
    expect(one.html).not.toContain('rel="prev"');
    const second = await renderContentPage(session, site.second);
    expect(second.html).toContain(`<a rel="prev" href="http://localhost:8091/render/news/world/${site.first}.shtml">First &lt;story&gt;</a>`);
    expect(second.html).not.toContain('rel="next"');
    const two = await renderContentPage(session, site.first, 2);
    expect(two.file).toBe(`news/world/${site.first}_2.shtml`);
    expect(two.html).toContain('<p>Part two with <a href="http://localhost:8091/render/news/">news</a></p>');
  });

  it('renders an image album and a book with its chapter pages', async () => {
    const session = await openSession(ts, site);
    const album = await renderContentPage(session, site.album);
    expect(album.html).toBe('<h1>Pictures</h1><img src="http://localhost:8091/render/resources/image/2024/01/02/7.png" alt="One"><img src="https://cdn.example.com/2.png" alt="Two">');
    const book = await renderContentPage(session, site.book);
    expect(book.html).toContain('<p>Press</p><p>Intro</p>');
    expect(book.html).toContain(`<li><a href="http://localhost:8091/render/books/${site.book}/${site.chapters[0]}.shtml">Chapter one</a></li><li><a`);
    expect(book.html).not.toContain('Unpublished chapter');
    expect(await bookChapterIds(session, site.book)).toEqual(site.chapters);
    const chapter = await renderContentPage(session, site.book, 1, site.chapters[1]);
    expect(chapter.file).toBe(`books/${site.book}/${site.chapters[1]}.shtml`);
    expect(chapter.html).toContain('<h2>Chapter two</h2><p>Chapter two text</p>');
    expect(chapter.html).toContain('<li class="on"><a');
  });

  it('renders a catalog\'s own index page when it has an index template, its lists then at list(_N)', async () => {
    await writeTemplates(ts, site, { 'news_home.template.html': '<h1>{{ Catalog.name }} home</h1><a href="{{ Catalog.listLink }}">all</a>' });
    await ts.api('PUT', '/cms/catalog', { token: ts.admin, headers: { repeatSubmit: 'false', CurrentSite: String(site.siteId) }, body: { catalogId: site.cat.News, publishPipeDatas: [{ pipeCode: 'pc', props: { indexTemplate: 'news_home.template.html' } }] } });
    const session = await openSession(ts, site);
    const index = await renderCatalogIndex(session, site.cat.News);
    expect(index).toMatchObject({ file: 'news/index.shtml', html: '<h1>News home</h1><a href="http://localhost:8091/render/news/list.shtml">all</a>' });
    expect((await renderCatalogPage(session, site.cat.News, 2)).file).toBe('news/list_2.shtml');
    expect(renderCatalogIndex(session, site.cat.World)).toBeNull();
  });

  it('renders pages side by side in one session as it renders them one by one', async () => {
    const session = await openSession(ts, site);
    const jobs = () => [renderIndex(session), renderContentPage(session, site.first, 1), renderContentPage(session, site.first, 2), renderContentPage(session, site.album), renderContentPage(session, site.book, 1, site.chapters[0]), renderCatalogPage(session, site.cat.World, 2)];
    const together = (await Promise.all(jobs())).map((p) => p.html);
    const fresh = await openSession(ts, site);
    const alone: string[] = [];
    for (const job of [() => renderIndex(fresh), () => renderContentPage(fresh, site.first, 1), () => renderContentPage(fresh, site.first, 2), () => renderContentPage(fresh, site.album), () => renderContentPage(fresh, site.book, 1, site.chapters[0]), () => renderCatalogPage(fresh, site.cat.World, 2)]) alone.push((await job()).html);
    expect(together).toEqual(alone);
  });

  it('links to previews in preview mode, with no token', async () => {
    const session = await openSession(ts, site, { mode: 'preview' });
    const page = await renderIndex(session);
    expect(page.html).toContain(`<a href="/admin/cms/preview?type=catalog&amp;id=${site.cat.News}&amp;pp=pc">News</a>`);
    expect(page.html).not.toMatch(/Authorization|Bearer|token/i);
    const draft = await renderContentPage(session, site.draft);
    expect(draft.html).toContain('<h1>Draft story</h1>');
  });
});
