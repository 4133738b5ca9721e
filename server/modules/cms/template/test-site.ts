import { expect } from 'vitest';
import type { TestServerFixture } from '../../../../tests/helpers/server.ts';
import type { SessionOptions } from './session.ts';
import { openSession as openDbSession, sessionConfig } from './session-open.ts';
import { templateRoot, writeTemplateFile } from './store.ts';

// A small site for template tests: catalogs News > World and Books, articles (one with two body
// pages, one draft), an image album and a book with chapters, all made through the API.

const H = { repeatSubmit: 'false', 'accept-language': 'en' };

export interface TestSite {
  siteId: number;
  path: string;
  cat: Record<'News' | 'World' | 'Books', number>;
  first: number;
  second: number;
  draft: number;
  album: number;
  book: number;
  chapters: number[];
}

export async function makeTestSite(ts: TestServerFixture, path: string): Promise<TestSite> {
  const call = async (method: string, url: string, body?: unknown, site?: number) => {
    const r = await ts.api(method, url, { token: ts.admin, body, headers: { ...H, ...(site ? { CurrentSite: String(site) } : {}) } });
    expect(r.code, `${method} ${url}: ${r.msg}`).toBe(200);
    return r.data;
  };
  const siteId = (await call('POST', '/cms/site', { name: `Site ${path}`, path, description: 'A <b>test</b> site' })).siteId as number;
  const at = (method: string, url: string, body?: unknown) => call(method, url, body, siteId);
  const cat = {} as TestSite['cat'];
  for (const c of await at('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'News\n  World\nBooks' })) cat[c.name as keyof TestSite['cat']] = c.catalogId;
  const add = async (type: string, body: Record<string, unknown>) => (await at('POST', `/cms/content?contentType=${type}`, body)).contentId as number;
  const first = await add('article', {
    catalogId: cat.World, title: 'First <story>', author: 'Ann', tags: ['red'], attributes: ['hot'], summary: 'About the first',
    contentHtml: '<p>Part one</p><hr class="page-break"><p>Part two with <a href="iurl://catalog?id=' + cat.News + '">news</a></p>',
  });
  const second = await add('article', { catalogId: cat.World, title: 'Second story', author: 'Bob', contentHtml: '<p>Second body</p>' });
  const draft = await add('article', { catalogId: cat.World, title: 'Draft story', contentHtml: '<p>Not yet</p>' });
  const album = await add('image', { catalogId: cat.News, title: 'Pictures', images: [{ title: 'One', path: '/' + path + '/resources/image/2024/01/02/7.png' }, { title: 'Two', path: 'https://cdn.example.com/2.png' }] });
  const book = await add('book', { catalogId: cat.Books, title: 'A book', book: { publisher: 'Press', intro: '<p>Intro</p>' } });
  await at('POST', '/cms/content/publish', { contentIds: [first, second, album, book] });
  const chapters: number[] = [];
  for (const title of ['Chapter one', 'Chapter two']) chapters.push((await at('POST', '/cms/book/chapter', { contentId: book, title, content: `<p>${title} text</p>`, action: 'publish' })).chapterId);
  await at('POST', '/cms/book/chapter', { contentId: book, title: 'Unpublished chapter', content: '<p>x</p>', action: 'draft' });
  return { siteId, path, cat, first, second, draft, album, book, chapters };
}

/** Writes templates of the site's pc pipe (names → sources). */
export async function writeTemplates(ts: TestServerFixture, site: TestSite, templates: Record<string, string>, pipe = 'pc') {
  const root = templateRoot(ts.server.services.config.dataDir, site.path, pipe);
  for (const [name, source] of Object.entries(templates)) {
    await writeTemplateFile(root, name, source, { create: true }).catch(() => writeTemplateFile(root, name, source));
  }
}

export function openSession(ts: TestServerFixture, site: TestSite, options: SessionOptions = {}, pipe = 'pc') {
  return openDbSession(ts.database.db, site.siteId, pipe, sessionConfig(ts.server.services), options);
}
