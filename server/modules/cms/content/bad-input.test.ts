import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { MENUS } from '../../shipped.ts';
import { cmsBookChapter, cmsCatalog, cmsContent } from '../schema.ts';

// The "Bad input" list of issue 10, call by call: each is refused with a message saying what is
// wrong, and nothing of it is written. The cases the workflow tests already cover (the first
// static-path, sanitiser, lock and version cases) are not repeated here.
const ts = useTestServer();
const H = { repeatSubmit: 'false', 'accept-language': 'en' };
let siteA = 0;
let siteB = 0;
const cat: Record<string, number> = {};
const content: Record<string, number> = {};

async function call(method: string, path: string, body?: unknown, token = ts.admin, site = siteA, lang = 'en') {
  return ts.api(method, path, { token, body, headers: { ...H, 'accept-language': lang, CurrentSite: String(site) } });
}
async function ok(method: string, path: string, body?: unknown, token = ts.admin, site = siteA) {
  const r = await call(method, path, body, token, site);
  expect(r.code, `${method} ${path}: ${r.msg}`).toBe(200);
  return r.data;
}
const stored = async (contentId: number) => (await ts.database.db.select().from(cmsContent).where(eq(cmsContent.contentId, contentId)))[0]!;
const contentsOf = async (siteId: number) => (await ts.database.db.select().from(cmsContent).where(eq(cmsContent.siteId, siteId))).length;
const NOT_FOUND = 'The content does not exist or is out of your reach';
const CATALOG_NOT_FOUND = 'The catalog does not exist or is out of your reach';

describe('bad input on contents and catalogs', () => {
  // Two sites, each with catalogs and contents.
  beforeAll(async () => {
    siteA = (await ts.api('POST', '/cms/site', { token: ts.admin, headers: H, body: { name: 'Alpha', path: 'alpha' } })).data.siteId;
    siteB = (await ts.api('POST', '/cms/site', { token: ts.admin, headers: H, body: { name: 'Beta', path: 'beta' } })).data.siteId;
    for (const c of await ok('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'News\n  World\nSports' })) cat[c.name] = c.catalogId;
    for (const c of await ok('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'Elsewhere' }, ts.admin, siteB)) cat[c.name] = c.catalogId;
    content.a1 = (await ok('POST', '/cms/content?contentType=article', { catalogId: cat.World, title: 'A one' })).contentId;
    content.a2 = (await ok('POST', '/cms/content?contentType=article', { catalogId: cat.Sports, title: 'A two' })).contentId;
    content.b1 = (await ok('POST', '/cms/content?contentType=article', { catalogId: cat.Elsewhere, title: 'B one', contentHtml: '<p>b</p>' }, ts.admin, siteB)).contentId;
    content.bBook = (await ok('POST', '/cms/content?contentType=book', { catalogId: cat.Elsewhere, title: 'B book' }, ts.admin, siteB)).contentId;
  });

  it('refuses a catalogId of another site on create, and ignores a siteId in the body', async () => {
    const before = await contentsOf(siteB);
    expect((await call('POST', '/cms/content?contentType=article', { catalogId: cat.Elsewhere, title: 'Forged' })).msg).toBe(CATALOG_NOT_FOUND);
    expect(await contentsOf(siteB)).toBe(before);
    const { contentId } = await ok('POST', '/cms/content?contentType=article', { siteId: siteB, catalogId: cat.World, title: 'Mine' });
    expect(await stored(contentId)).toMatchObject({ siteId: siteA, catalogId: cat.World });
    await ok('DELETE', '/cms/content', [contentId]);
  });

  it('refuses a contentId of another site in every kind of call, and leaves it as it was', async () => {
    const b = await stored(content.b1!);
    expect((await call('GET', `/cms/content/${content.b1}`)).msg).toBe(NOT_FOUND);
    expect((await call('PUT', '/cms/content?contentType=article', { contentId: content.b1, catalogId: cat.World, version: b.version, title: 'Taken' })).msg).toBe(NOT_FOUND);
    // A batch naming one foreign id among good ones is refused as a whole.
    expect((await call('POST', '/cms/content/publish', [content.a1, content.b1])).msg).toBe(NOT_FOUND);
    expect((await stored(content.a1!)).status).toBe('0');
    expect((await call('POST', '/cms/content/move', { contentIds: [content.b1], catalogId: cat.World })).msg).toBe(NOT_FOUND);
    expect((await call('POST', '/cms/content/sort', { contentId: content.a1, targetContentId: content.b1 })).msg).toBe(NOT_FOUND);
    expect((await call('DELETE', '/cms/content', [content.b1])).msg).toBe(NOT_FOUND);
    expect((await call('POST', '/cms/book/chapter', { contentId: content.bBook, title: 'Smuggled', content: '<p>x</p>', action: 'draft' })).msg).toBe(NOT_FOUND);
    expect(await ts.database.db.select().from(cmsBookChapter).where(eq(cmsBookChapter.contentId, content.bBook!))).toEqual([]);
    expect(await stored(content.b1!)).toMatchObject({ title: 'B one', siteId: siteB, catalogId: cat.Elsewhere, status: '0', version: b.version, recycleTime: null });
  });

  it('refuses moving contents into a catalog of another site, and placing one before a content of another catalog', async () => {
    expect((await call('POST', '/cms/content/move', { contentIds: [content.a1], catalogId: cat.Elsewhere })).msg).toBe(CATALOG_NOT_FOUND);
    expect((await stored(content.a1!)).catalogId).toBe(cat.World);
    expect((await call('POST', '/cms/content/sort', { contentId: content.a1, targetContentId: content.a2 })).msg).toBe('A content can only be placed before another of its own catalog');
  });

  it('refuses a custom static path that climbs, is absolute or encoded, on a save too', async () => {
    const { version } = await stored(content.a1!);
    for (const staticPath of ['a/../../x.html', '/abs.html', '%2e%2e%2fx.html', 'a/%2E%2E/b.html', 'C:\\x.html', '..']) {
      const r = await call('PUT', '/cms/content?contentType=article', { contentId: content.a1, catalogId: cat.World, version, title: 'A one', staticPath });
      expect(r.msg, staticPath).toMatch(/^Static file path must be a relative path/);
    }
    expect(await stored(content.a1!)).toMatchObject({ staticPath: null, version });
    // The same refusal in the user's language.
    const zh = await call('PUT', '/cms/content?contentType=article', { contentId: content.a1, catalogId: cat.World, version, title: 'A one', staticPath: '../x' }, ts.admin, siteA, 'zh-CN');
    expect(zh.msg).not.toMatch(/Static file path/);
    expect(zh.msg).toMatch(/静态/);
  });

  it('cleans scripts, event handlers, javascript: URLs and SVG out of chapters and a book\'s intro', async () => {
    const book = (await ok('POST', '/cms/content?contentType=book', { catalogId: cat.World, title: 'Book', book: { intro: '<p onmouseover="x()">Intro</p><svg><script>alert(1)</script></svg>' } })).contentId;
    expect((await ok('GET', `/cms/content/${book}`)).book.intro).toBe('<p>Intro</p>');
    await ok('POST', '/cms/book/chapter', { contentId: book, title: 'One', content: '<p>Text<img src="x" onerror="alert(1)"><a href="javascript:alert(1)">go</a></p><script>1</script><svg onload="alert(1)"></svg>', action: 'draft' });
    const [chapter] = await ts.database.db.select().from(cmsBookChapter).where(eq(cmsBookChapter.contentId, book));
    expect(chapter!.content).toBe('<p>Text<img src="x" /><a>go</a></p>');
  });

  it('refuses 10,000 ids in every batch call before doing anything', async () => {
    const ids = Array.from({ length: 10_000 }, (_, i) => i + 1);
    const calls: [string, string, unknown][] = [
      ...['publish', 'toPublish', 'offline', 'archive', 'cancelTop', 'recycle', 'restore', 'purge'].map((a) => ['POST', `/cms/content/${a}`, ids] as [string, string, unknown]),
      ['DELETE', '/cms/content', ids],
      ['POST', '/cms/content/top', { contentIds: ids, topEndTime: null }],
      ['POST', '/cms/content/attr', { contentIds: ids, attr: 'hot', on: true }],
      ['POST', '/cms/content/move', { contentIds: ids, catalogId: cat.Sports }],
      ['POST', '/cms/content/copy', { contentIds: ids, catalogIds: [cat.Sports], copyType: 1 }],
    ];
    for (const [method, path, body] of calls) expect((await call(method, path, body)).msg, path).toBe('Content ids: at most 1000 at a time');
    expect(await stored(content.a1!)).toMatchObject({ status: '0', recycleTime: null, attributes: 0, catalogId: cat.World });
  });

  it('refuses moving a catalog under itself, and batch-add text with tabs or skipped levels', async () => {
    expect((await call('POST', `/cms/catalog/move/${cat.News}/${cat.News}`)).msg).toBe('A catalog cannot move under itself or one of its own sub-catalogs');
    expect((await call('POST', `/cms/catalog/move/${cat.News}/${cat.World}`)).msg).toBe('A catalog cannot move under itself or one of its own sub-catalogs');
    const [news] = await ts.database.db.select().from(cmsCatalog).where(eq(cmsCatalog.catalogId, cat.News!));
    expect(news!.parentId).toBe(0);
    const catalogs = async () => (await ts.database.db.select().from(cmsCatalog).where(eq(cmsCatalog.siteId, siteA))).length;
    const before = await catalogs();
    expect((await call('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'A\n\tB' })).msg).toBe('Line 2: indent by two spaces per level (no tabs)');
    expect((await call('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'A\n  B\n C' })).msg).toBe('Line 3: indent by two spaces per level (no tabs)');
    expect((await call('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: '  A' })).msg).toBe('Line 1 is more than one level deeper than the line before it');
    expect(await catalogs()).toBe(before);
  });

  it('refuses every change to a content locked by someone else, even in a batch with free ones', async () => {
    const menuIds = MENUS.filter((m) => m.perms?.startsWith('cms:')).map((m) => m.menuId);
    const roleId = (await ts.api('POST', '/system/role', { token: ts.admin, headers: H, body: { roleName: 'Editors', roleKey: 'editors', dataScope: '5', menuIds } })).data.roleId;
    await ts.api('POST', '/system/user', { token: ts.admin, headers: H, body: { userName: 'ed', nickName: 'Ed', deptId: 100, password: 'Quill4321', roleIds: [roleId] } });
    const ed = await ts.loginReady('ed', 'Quill4321');
    await ts.api('POST', '/cms/perms/site', { token: ts.admin, headers: H, body: { ownerType: 'Role', owner: roleId, perms: [{ siteId: siteA, perms: { View: { granted: true } } }] } });
    const all = ['View', 'AddContent', 'EditContent', 'DeleteContent', 'Publish', 'Offline'];
    for (const c of [cat.News, cat.Sports]) await ok('POST', '/cms/perms/catalog', { ownerType: 'Role', owner: roleId, perms: [{ catalogId: c, perms: Object.fromEntries(all.map((p) => [p, { granted: true }])) }] });
    await ok('POST', `/cms/content/lock/${content.a1}`);
    const locked = '"A one" is locked by admin; only they or an administrator can change it';
    const { version } = await stored(content.a1!);
    expect((await call('PUT', '/cms/content?contentType=article', { contentId: content.a1, catalogId: cat.World, version, title: 'Mine now' }, ed)).msg).toBe(locked);
    for (const [path, body] of [['/cms/content/publish', [content.a2, content.a1]], ['/cms/content/recycle', [content.a2, content.a1]], ['/cms/content/move', { contentIds: [content.a2, content.a1], catalogId: cat.Sports }], ['/cms/content/top', { contentIds: [content.a1] }], ['/cms/content/attr', { contentIds: [content.a1], attr: 'hot' }]] as const) {
      expect((await call('POST', path, body, ed)).msg, path).toBe(locked);
    }
    expect(await stored(content.a2!)).toMatchObject({ status: '0', recycleTime: null });
    expect(await stored(content.a1!)).toMatchObject({ title: 'A one', status: '0', catalogId: cat.World, topFlag: 0, attributes: 0, version, isLock: 'Y', lockUser: 'admin' });
    await ok('POST', `/cms/content/unlock/${content.a1}`);
  });

  it('refuses an editor copying into another site\'s catalog, and writes no copy', async () => {
    const ed = await ts.loginReady('ed', 'Quill4321');
    const before = await contentsOf(siteB);
    expect((await call('POST', '/cms/content/copy', { contentIds: [content.a2], catalogIds: [cat.Elsewhere], copyType: 2 }, ed)).msg).toBe(CATALOG_NOT_FOUND);
    // One target out of reach among reachable ones refuses the whole copy.
    expect((await call('POST', '/cms/content/copy', { contentIds: [content.a2], catalogIds: [cat.Sports, cat.Elsewhere], copyType: 1 }, ed)).msg).toBe(CATALOG_NOT_FOUND);
    expect(await contentsOf(siteB)).toBe(before);
    expect((await ok('GET', `/cms/content/list?catalogId=${cat.Sports}`)).total).toBe(1);
  });

  it('tells the later of two savers of the same content, whichever editor it is, and keeps the first save', async () => {
    const ed = await ts.loginReady('ed', 'Quill4321');
    const { version } = await stored(content.a2!);
    await ok('PUT', '/cms/content?contentType=article', { contentId: content.a2, catalogId: cat.Sports, version, title: 'A two', contentHtml: '<p>admin was first</p>' });
    const late = await call('PUT', '/cms/content?contentType=article', { contentId: content.a2, catalogId: cat.Sports, version, title: 'A two', contentHtml: '<p>ed was second</p>' }, ed);
    expect(late.msg).toMatch(/^This content was saved by admin at .* after you opened it/);
    expect((await ok('GET', `/cms/content/${content.a2}`)).contentHtml).toBe('<p>admin was first</p>');
  });
});
