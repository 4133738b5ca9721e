import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { TemplateError } from './errors.ts';
import { renderContentPage, renderIndex } from './render.ts';
import type { RenderSession } from './session.ts';
import { makeTestSite, openSession, type TestSite } from './test-site.ts';

// Issue 11 §1: attribute names without regard to case; an unknown attribute or a bad value is an
// error naming it, the template and the line; the filters of the reference's functions.
const dataDir = mkdtempSync(join(tmpdir(), 'castanea-language-'));
const ts = useTestServer({ config: { dataDir, port: 8090 } });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
let site: TestSite;
let session: RenderSession;

beforeAll(async () => {
  site = await makeTestSite(ts, 'lang');
  session = await openSession(ts, site);
});

async function render(source: string, content?: number) {
  session.setSource(content ? 'detail_article.template.html' : 'index.template.html', source);
  return (content ? await renderContentPage(session, content) : await renderIndex(session)).html;
}

async function problem(source: string, content?: number): Promise<string> {
  const err = await render(source, content).then(() => null, (e: unknown) => e);
  expect(err, 'expected a template error').toBeInstanceOf(TemplateError);
  return (err as TemplateError).message;
}

describe('tag attributes', () => {
  it('reads names without regard to case, in Liquid or FreeMarker style', async () => {
    expect(await render(`{% cms_content CATALOGID: ${site.cat.World}, Size: 1, sort: 'recent' %}{{ DataList.first.title }}{% endcms_content %}`)).toBe('Second story');
    expect(await render(`{% cms_content catalogid="${site.cat.World}" size="5" sort="Default" topflag="false" %}{{ DataList.size }}{% endcms_content %}`)).toBe('2');
  });

  it('refuses an unknown attribute, naming it, the tag, the template, the line and the column', async () => {
    expect(await problem('<p>\n  {% cms_content catalogId: 1, condition: "1=1" %}{% endcms_content %}')).toBe(
      'index.template.html, line 2, column 32: unknown attribute "condition" of cms_content; it takes page, size, catalogId, catalogAlias, level, sort, contentType, hasAttribute, noAttribute, topFlag, tag',
    );
  });

  it('refuses bad values: options, numbers, booleans, lists, twice the same, a missing one', async () => {
    expect(await problem("{% cms_content sort: 'Random' %}{% endcms_content %}")).toMatch(/line 1, column 22: attribute "sort" of cms_content must be one of Default, Recent, Views, Likes, Comments, Favorites, not "Random"$/);
    expect(await problem('{% cms_content size: 0 %}{% endcms_content %}')).toMatch(/attribute "size" of cms_content must be a whole number from 1 to 500, not "0"$/);
    expect(await problem("{% cms_content size: 'ten' %}{% endcms_content %}")).toMatch(/not "ten"$/);
    expect(await problem("{% cms_content page: 'yes' %}{% endcms_content %}")).toMatch(/attribute "page" of cms_content must be true or false, not "yes"$/);
    expect(await problem("{% cms_content hasAttribute: 'hot,secret' %}{% endcms_content %}")).toMatch(/must be one of image, video, attach, hot, recommend, not "secret"$/);
    expect(await problem('{% cms_content size: 1, SIZE: 2 %}{% endcms_content %}')).toMatch(/attribute "size" of cms_content is given twice$/);
    expect(await problem('{% cms_content_closest %}{% endcms_content_closest %}', site.first)).toMatch(/^detail_article.template.html, line 1, column \d+: cms_content_closest needs the attribute "type"$/);
    expect(await problem('{% cms_content size 3 %}{% endcms_content %}')).toMatch(/cms_content: expected "name: value"/);
  });

  it('checks a value computed from variables when the tag renders, at the tag\'s line', async () => {
    expect(await problem("{% assign s = 'Nope' %}\n\n{% cms_content sort: s %}{% endcms_content %}")).toBe(
      'index.template.html, line 3, column 1: attribute "sort" of cms_content must be one of Default, Recent, Views, Likes, Comments, Favorites, not "Nope"',
    );
    expect(await problem('{% cms_content catalogId: Catalog.catalogId %}{% endcms_content %}')).toMatch(/attribute "catalogId" of cms_content has no value: "Catalog.catalogId" is empty or undefined$/);
  });

  it('reports syntax errors, unclosed tags, unknown tags and filters with their place', async () => {
    expect(await problem('ok\n{% if %}')).toMatch(/^index.template.html, line 2, column \d+: /);
    expect(await problem('{% cms_content %}no end')).toMatch(/^index.template.html, line 1, column 1: the tag {% cms_content %} is not closed/);
    expect(await problem('\n{% cms_nothing %}')).toMatch(/^index.template.html, line 2, column 1: there is no tag "cms_nothing"/);
    expect(await problem('{{ 1 | nofilter }}')).toMatch(/there is no filter "nofilter"/);
  });

  it('allows one paged tag per template, and a page bar only after one', async () => {
    expect(await problem('{% cms_content page: true %}{% endcms_content %}{% cms_catalog page: true %}{% endcms_catalog %}')).toMatch(/only one paged tag \(page: true\) per template; cms_catalog is the second$/);
    expect(await problem('{% page_bar %}')).toMatch(/page_bar needs a paged list/);
    // An include renders once for every page using it: never one page's pagination.
    session.setSource('pager.template.html', '{% page_bar %}');
    expect(await problem("{% cms_content page: true %}{% endcms_content %}{% cms_include file: 'pager.template.html' %}")).toBe(
      "pager.template.html, line 1, column 1: paging (page: true, page_bar) belongs to the page's template, not to a cms_include",
    );
  });

  it('says what a tag needs that the page lacks', async () => {
    expect(await problem('{% cms_article %}{% endcms_article %}')).toMatch(/cms_article needs contentId on this page: the page has no content$/);
    expect(await problem('{% cms_catalog alias: \'nowhere\' %}{% endcms_catalog %}')).toMatch(/catalog nowhere is not a catalog of this site$/);
  });

  it('tells the error in the reader\'s language', async () => {
    const err = await render("{% cms_content sort: 'Random' %}{% endcms_content %}").catch((e: TemplateError) => e);
    expect((err as TemplateError).localized(ts.server.services.i18n.translator('zh-CN'))).toBe('index.template.html，第 1 行第 22 列：cms_content 的属性"sort"须为 Default, Recent, Views, Likes, Comments, Favorites 之一，而不是"Random"');
  });
});

describe('lists', () => {
  it('filters by the fixed vocabulary: attributes, types, tag words, levels', async () => {
    const titles = (attrs: string) => render(`{% cms_content ${attrs} %}{% for a in DataList %}{{ a.title }};{% endfor %}{% endcms_content %}`);
    expect(await titles("level: 'Root', hasAttribute: 'hot'")).toBe('First &lt;story&gt;;');
    expect(await titles("level: 'Root', noAttribute: 'hot', contentType: 'article'")).toBe('Second story;');
    expect(await titles("level: 'Root', tag: 'red'")).toBe('First &lt;story&gt;;');
    expect(await titles("level: 'Root', contentType: 'book,image'")).toBe('A book;Pictures;');
    expect(await titles(`catalogId: ${site.cat.News}`)).toBe('Pictures;');
    expect(await titles(`catalogId: ${site.cat.News}, level: 'Child'`)).toBe('Second story;First &lt;story&gt;;');
    expect(await render(`{% cms_catalog id: ${site.cat.World}, level: 'Self' %}{{ DataList.first.name }} {{ DataList.first.contentCount }}{% endcms_catalog %}`)).toBe('World 2');
    expect(await render('{% cms_site_property %}{{ DataList.size }}{% endcms_site_property %}')).toBe('0');
    expect(await render("{% cms_site level: 'Root' %}{% for s in DataList %}{{ s.name }};{% endfor %}{% endcms_site %}")).toContain('Site lang;');
  });

  it('shadows DataList inside a nested tag and restores it after', async () => {
    expect(await render(`{% cms_catalog level: 'Root' %}{% for c in DataList %}[{{ c.name }}:{% cms_content catalogId: c.catalogId, level: 'CurrentAndChild' %}{{ DataList.size }}{% endcms_content %}:{{ DataList.size }}]{% endfor %}{% endcms_catalog %}`))
      .toBe('[News:3:2][Books:1:2]');
  });
});

describe('filters', () => {
  it('formats dates (Java patterns and strftime), sizes, text', async () => {
    expect(await render("{{ '2024-03-05 07:08:09' | dateFormat: 'yyyy/M/d HH:mm' }}|{{ '2024-03-05 07:08:09' | dateFormat: 'EEEE, MMMM d' }}|{{ '2024-03-05 07:08:09' | date: '%B %-d, %Y %H:%M' }}"))
      .toBe('2024/3/5 07:08|Tuesday, March 5|March 5, 2024 07:08');
    expect(await render("{{ '2024-03-05 07:08:09' | dateFormat: 'yyyy年M月d日', 'zh-CN' }}|{{ '2024-03-05' | dateFormat: 'MMMM', 'zh-CN' }}")).toBe('2024年3月5日|三月');
    expect(await render('{{ 1536 | displayFileSize }}|{{ 5000000 | displayFileSize }}')).toBe('1.5 KB|4.8 MB');
    expect(await render("{{ '<p>a <b>b</b><script>x()</script></p>' | clearHtmlTag }}|{{ '&lt;i&gt;' | htmlUnescape }}")).toBe('a b|&lt;i&gt;');
    expect(await render("{{ 'https://news.example.com/a?b' | getDomain }}|{{ 3 | max: 7 }}|{{ 3 | min: 7 }}")).toBe('news.example.com|7|3');
    expect(await render("{{ '</script><b>' | toJson | raw }}")).toBe('"\\u003c/script\\u003e\\u003cb\\u003e"');
    expect(await render("{% cms_content level: 'Root' %}{% assign g = DataList | groupBy: 'contentType' %}{% for x in g %}{{ x.name }}={{ x.items.size }};{% endfor %}{% endcms_content %}")).toBe('book=1;image=1;article=2;');
  });

  it('resolves links: iurl, contentUrl (published only), catalogUrl, contentPageLink, imageSize, dict', async () => {
    expect(await render(`{{ 'iurl://content?id=${site.first}' | iurl }}|{{ ${site.draft} | contentUrl }}|{{ ${site.second} | contentUrl }}`))
      .toBe(`http://localhost:8091/lang/news/world/${site.first}.shtml||http://localhost:8091/lang/news/world/${site.second}.shtml`);
    expect(await render(`{{ ${site.cat.Books} | catalogUrl }}|{{ 'x/12.shtml' | contentPageLink: 3 }}|{{ 'iurl://site' | internalUrl }}`)).toBe('http://localhost:8091/lang/books/|x/12_3.shtml|http://localhost:8091/lang/');
    expect(await render("{{ '/lang/resources/image/2024/01/02/7.png' | imageSize: 300, 200 }}|{{ 'javascript:alert(1)' | iurl }}")).toBe('http://localhost:8091/lang/resources/image/2024/01/02/7.png|');
    expect(await render("{{ 'CMSContentAttribute' | dict: 'hot', 'en' }}|{{ 'CMSContentAttribute' | dict: 'hot' }}|{{ 'CMSContentAttribute' | dict | size }}")).toBe('Hot|热点|5');
  });
});
