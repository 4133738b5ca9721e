import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { MENUS } from '../../shipped.ts';
import { cmsContent, cmsContentCount, cmsPublishTask, cmsVideo } from '../schema.ts';
import { publishDue, topExpired } from './jobs.ts';

// Contents of every type and their workflow (issue 10 §2, §3).
const ts = useTestServer();
const H = { repeatSubmit: 'false', 'accept-language': 'en' };
let siteId = 0;
let otherSiteId = 0;
const cat: Record<string, number> = {};

async function call(method: string, path: string, body?: unknown, token = ts.admin, site = siteId) {
  return ts.api(method, path, { token, body, headers: { ...H, CurrentSite: String(site) } });
}
async function ok(method: string, path: string, body?: unknown, token = ts.admin, site = siteId) {
  const r = await call(method, path, body, token, site);
  expect(r.code, `${method} ${path}: ${r.msg}`).toBe(200);
  return r.data;
}
const stored = async (contentId: number) => (await ts.database.db.select().from(cmsContent).where(eq(cmsContent.contentId, contentId)))[0]!;
const queued = async (dataType: string, dataId: number) =>
  (await ts.database.db.select().from(cmsPublishTask).where(and(eq(cmsPublishTask.dataType, dataType), eq(cmsPublishTask.dataId, dataId), eq(cmsPublishTask.status, 'READY')))).length;

describe('contents', () => {
  // Two sites with catalogs.
  beforeAll(async () => {
    siteId = (await ts.api('POST', '/cms/site', { token: ts.admin, headers: H, body: { name: 'Daily', path: 'daily' } })).data.siteId;
    otherSiteId = (await ts.api('POST', '/cms/site', { token: ts.admin, headers: H, body: { name: 'Weekly', path: 'weekly' } })).data.siteId;
    for (const c of await ok('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'News\n  World\nBooks\nLinks' })) cat[c.name] = c.catalogId;
    cat.Weekly = (await ok('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'Digest' }, ts.admin, otherSiteId))[0].catalogId;
  });

  let article = 0;
  it('creates an article: sanitised body, a draft, counted', async () => {
    const r = await ok('POST', '/cms/content?contentType=article', {
      catalogId: cat.World, title: 'Hello world', author: 'Ann', tags: ['a', 'b'], attributes: ['hot'],
      contentHtml: '<h2>Head</h2><p onclick="x()">Body<script>alert(1)</script></p><a href="javascript:alert(1)">x</a><svg onload="alert(1)"></svg>',
    });
    article = r.contentId;
    expect(r.version).toBe(1);
    const loaded = await ok('GET', `/cms/content/${article}`);
    expect(loaded).toMatchObject({ title: 'Hello world', status: '0', contentType: 'article', catalogName: 'World', tags: ['a', 'b'], attributes: ['hot'], contentHtml: '<h2>Head</h2><p>Body</p><a>x</a>' });
    const list = await ok('GET', `/cms/content/list?catalogId=${cat.News}&includeChild=true`);
    expect(list).toMatchObject({ total: 1, rows: [{ contentId: article, title: 'Hello world' }] });
    expect((await ok('GET', `/cms/content/list?catalogId=${cat.News}`)).total).toBe(0);
  });

  it('refuses bad input naming the field, and writes nothing', async () => {
    const bad = async (type: string, body: Record<string, unknown>) => (await call('POST', `/cms/content?contentType=${type}`, { catalogId: cat.World, title: 'T', ...body })).msg;
    for (const staticPath of ['../x.html', '/etc/passwd', 'a/../../b', '%2e%2e/x', 'a\\b']) expect(await bad('article', { staticPath }), staticPath).toMatch(/^Static file path must be a relative path/);
    expect(await bad('video', { videos: [{ code: '<iframe src="javascript:alert(1)"></iframe>' }] })).toBe('Third-party player code must be an iframe whose src is an http(s) address');
    expect(await bad('video', { videos: [{ title: 'no source' }] })).toBe('Each video needs a file or a third-party player code');
    expect(await bad('article', { title: '' })).toBe('Title cannot be empty');
    expect(await bad('article', { catalogId: cat.Links, title: 'x', linkFlag: 'Y' })).toBe('Redirect URL cannot be empty');
    expect((await call('POST', '/cms/content/publish', { contentIds: Array.from({ length: 10_000 }, (_, i) => i + 1) })).msg).toBe('Content ids: at most 1000 at a time');
    const [counted] = await ts.database.db.select().from(cmsContentCount).where(eq(cmsContentCount.catalogId, cat.World!));
    expect(counted!.n).toBe(1);
  });

  it('creates an image album, an audio, a video and a book with three chapters', async () => {
    const album = await ok('POST', '/cms/content?contentType=image', { catalogId: cat.News, title: 'Album', images: [{ path: '/daily/resources/image/a.jpg', title: 'A', description: 'first', redirectUrl: 'https://example.com' }, { path: 'https://cdn.example.com/b.jpg', title: 'B' }] });
    expect((await ok('GET', `/cms/content/${album.contentId}`)).images.map((i: { title: string }) => i.title)).toEqual(['A', 'B']);
    const audio = await ok('POST', '/cms/content?contentType=audio', { catalogId: cat.News, title: 'Podcast', audios: [{ title: 'Ep 1', author: 'Bo', format: 'mp3', duration: 3600, bitRate: 128000, samplingRate: 44100, channels: 2, path: '/daily/resources/audio/e1.mp3' }] });
    expect((await ok('GET', `/cms/content/${audio.contentId}`)).audios[0]).toMatchObject({ duration: 3600, channels: 2 });
    const video = await ok('POST', '/cms/content?contentType=video', { catalogId: cat.News, title: 'Clip', videos: [{ title: 'Embed', code: '<iframe src="https://player.example.com/1" onload="x()"></iframe>' }, { title: 'File', path: '/daily/resources/video/c.mp4', resolution: '1920x1080', frameRate: 30 }] });
    const [embed] = await ts.database.db.select().from(cmsVideo).where(eq(cmsVideo.contentId, video.contentId));
    expect(embed!.code).toMatch(/^<iframe src="https:\/\/player.example.com\/1" sandbox=/);
    const book = await ok('POST', '/cms/content?contentType=book', { catalogId: cat.Books, title: 'A novel', book: { publisher: 'Press', pages: 320, price: 4999, completed: 'N', translators: 'X' } });
    for (const [i, action] of (['publish', 'schedule', 'draft'] as const).entries()) {
      await ok('POST', '/cms/book/chapter', { contentId: book.contentId, title: `Chapter ${i + 1}`, content: `<p>第${i + 1}章 text here</p>`, action, publishDate: action === 'schedule' ? '2099-01-01 00:00:00' : null });
    }
    const chapters = await ok('GET', `/cms/book/chapter/list?contentId=${book.contentId}`);
    expect(chapters.rows.map((c: { title: string; status: string; wordCount: number }) => [c.title, c.status, c.wordCount])).toEqual([['Chapter 1', '30', 5], ['Chapter 2', '20', 5], ['Chapter 3', '0', 5]]);
    expect((await call('POST', '/cms/book/chapter', { contentId: book.contentId, title: 'x', content: '', action: 'schedule' })).msg).toBe('Publish date cannot be empty');
    expect((await ok('GET', `/cms/content/${book.contentId}`)).book).toMatchObject({ publisher: 'Press', pages: 320, price: 4999 });
  });

  it('publishes: status, date, and the pages to render queued once', async () => {
    await ok('POST', '/cms/content/publish', { contentIds: [article] });
    const row = await stored(article);
    expect(row.status).toBe('30');
    expect(row.publishDate).toBeInstanceOf(Date);
    expect(await queued('content', article)).toBe(1);
    expect(await queued('catalog', cat.World!)).toBe(1);
    expect(await queued('catalog', cat.News!)).toBe(1);
    expect(await queued('site', siteId)).toBe(1);
    await ok('POST', '/cms/content/publish', [article]);
    expect(await queued('catalog', cat.News!)).toBe(1);
  });

  it('editing a published content re-edits it; an older version is told, not saved', async () => {
    const v1 = (await ok('GET', `/cms/content/${article}`)).version;
    const saved = await ok('PUT', '/cms/content?contentType=article', { contentId: article, catalogId: cat.Books, version: v1, title: 'Hello again', contentHtml: '<p>new</p>' });
    expect(saved.version).toBe(v1 + 1);
    expect(await stored(article)).toMatchObject({ status: '60', title: 'Hello again', catalogId: cat.World });
    const late = await call('PUT', '/cms/content?contentType=article', { contentId: article, catalogId: cat.World, version: v1, title: 'Stale' });
    expect(late.msg).toMatch(/^This content was saved by admin at .* after you opened it/);
    expect((await stored(article)).title).toBe('Hello again');
  });

  it('locks: only the locker or an administrator changes it', async () => {
    await ok('POST', `/cms/content/lock/${article}`);
    const menuIds = MENUS.filter((m) => m.perms?.startsWith('cms:')).map((m) => m.menuId);
    const roleId = (await ts.api('POST', '/system/role', { token: ts.admin, headers: H, body: { roleName: 'Writers', roleKey: 'writers', dataScope: '5', menuIds } })).data.roleId;
    await ts.api('POST', '/system/user', { token: ts.admin, headers: H, body: { userName: 'writer', nickName: 'Writer', deptId: 100, password: 'Quill4321', roleIds: [roleId] } });
    const writer = await ts.loginReady('writer', 'Quill4321');
    await ts.api('POST', '/cms/perms/site', { token: ts.admin, headers: H, body: { ownerType: 'Role', owner: roleId, perms: [{ siteId, perms: { View: { granted: true } } }] } });
    await ok('POST', '/cms/perms/catalog', { ownerType: 'Role', owner: roleId, perms: [{ catalogId: cat.News, perms: Object.fromEntries(['View', 'AddContent', 'EditContent', 'DeleteContent', 'Publish', 'Offline'].map((p) => [p, { granted: true }])) }] });
    const v = (await stored(article)).version;
    expect((await call('PUT', '/cms/content?contentType=article', { contentId: article, catalogId: cat.World, version: v, title: 'Mine' }, writer)).msg).toBe('"Hello again" is locked by admin; only they or an administrator can change it');
    expect((await call('POST', '/cms/content/offline', [article], writer)).code).toBe(500);
    expect((await call('POST', `/cms/content/unlock/${article}`, undefined, writer)).code).toBe(500);
    await ok('POST', `/cms/content/unlock/${article}`);
  });

  it('confines an editor granted catalog News to News and below, forged ids and bodies included', async () => {
    const writer = await ts.loginReady('writer', 'Quill4321');
    const inBooks = (await ok('POST', '/cms/content?contentType=article', { catalogId: cat.Books, title: 'Out of reach' })).contentId;
    const all = await ok('GET', '/cms/content/list', undefined, writer);
    expect(all.rows.length).toBeGreaterThan(0);
    expect(all.rows.every((r: { catalogId: number }) => [cat.News, cat.World].includes(r.catalogId))).toBe(true);
    expect(all.total).toBe(all.rows.length);
    expect((await ok('GET', `/cms/content/list?catalogId=${cat.Books}`, undefined, writer)).total).toBe(0);
    // A search counts only what the editor may view, also when a full page makes it count.
    const searched = await ok('GET', '/cms/content/list?title=o&pageSize=1', undefined, writer);
    const mine = await ok('GET', `/cms/content/list?catalogId=${cat.News}&includeChild=true&title=o&pageSize=100`);
    expect(mine.total).toBeGreaterThan(1);
    expect(searched.total).toBe(mine.total);
    expect((await ok('GET', `/cms/content/list?catalogId=${cat.Books}&title=o&pageSize=1`, undefined, writer)).total).toBe(0);
    expect((await ok('GET', '/cms/content/stat', undefined, writer)).byType.book).toBeUndefined();
    expect((await call('GET', `/cms/content/${inBooks}`, undefined, writer)).code).toBe(500);
    expect((await call('POST', '/cms/content?contentType=article', { catalogId: cat.Books, title: 'Sneaky' }, writer)).code).toBe(500);
    // A save names the content; the catalog in the body is never used.
    expect((await call('PUT', '/cms/content?contentType=article', { contentId: inBooks, catalogId: cat.News, version: 1, title: 'Took it' }, writer)).code).toBe(500);
    // A batch is all or nothing: one id out of reach refuses the whole call.
    expect((await call('POST', '/cms/content/publish', [article, inBooks], writer)).code).toBe(500);
    expect((await stored(article)).status).toBe('60');
    expect((await call('POST', '/cms/content/move', { contentIds: [article], catalogId: cat.Books }, writer)).code).toBe(500);
    // Another site's content is not found through this site.
    expect((await call('GET', `/cms/content/${inBooks}`, undefined, ts.admin, otherSiteId)).code).toBe(500);
  });

  it('top with an end time expires through the scheduled job; a scheduled publish fires', async () => {
    await ok('POST', '/cms/content/top', { contentIds: [article], topEndTime: new Date(Date.now() + 60_000).toISOString() });
    expect((await stored(article)).topFlag).toBeGreaterThan(0);
    expect(await topExpired(ts.server.services, new Date(Date.now() + 120_000))).toBe(1);
    expect((await stored(article)).topFlag).toBe(0);
    const later = (await ok('POST', '/cms/content?contentType=article', { catalogId: cat.News, title: 'Tomorrow', publishDate: new Date(Date.now() + 3_600_000).toISOString() })).contentId;
    expect(await ok('POST', '/cms/content/publish', [later])).toEqual({ published: 0, scheduled: 1 });
    expect((await stored(later)).status).toBe('20');
    expect(await publishDue(ts.server.services, new Date(Date.now() + 7_200_000))).toBe(1);
    expect((await stored(later)).status).toBe('30');
    // The jobs that do this are seeded and running.
    const jobs = await ok('GET', '/monitor/job/list?jobGroup=CMS');
    expect(jobs.rows.map((j: { invokeTarget: string; status: string }) => [j.invokeTarget, j.status])).toEqual(expect.arrayContaining([['cms.publishDue', '0'], ['cms.topExpired', '0'], ['cms.offlineDue', '0']]));
  });

  it('copies as a mapping into another site\'s catalog; it shows its source\'s body', async () => {
    const { contentIds: [copyId] } = await ok('POST', '/cms/content/copy', { contentIds: [article], catalogIds: [cat.Weekly], copyType: 2 });
    const mapping = await ok('GET', `/cms/content/${copyId}`, undefined, ts.admin, otherSiteId);
    expect(mapping).toMatchObject({ siteId: otherSiteId, catalogId: cat.Weekly, copyType: 2, copyId: article, status: '0', contentHtml: '<p>new</p>' });
  });

  it('deletes a catalog with contents and restores them from the recycle bin with their statuses', async () => {
    await ok('POST', '/cms/content/offline', [article]);
    const statuses = async () => Object.fromEntries((await ts.database.db.select().from(cmsContent).where(eq(cmsContent.siteId, siteId))).filter((c) => c.catalogAncestors.startsWith(`${cat.News}:`)).map((c) => [c.title, c.status]));
    const before = await statuses();
    await ok('DELETE', `/cms/catalog/${cat.News}`);
    expect((await ok('GET', '/cms/content/list')).rows.map((r: { title: string }) => r.title)).toEqual(['Out of reach', 'A novel']);
    const bin = await ok('GET', '/cms/content/recycle/list');
    expect(bin.total).toBe(Object.keys(before).length);
    expect(bin.rows[0]).toMatchObject({ recycleBy: 'admin', recycleTime: expect.any(String) });
    await ok('POST', '/cms/content/restore', bin.rows.map((r: { contentId: number }) => r.contentId));
    expect(await statuses()).toEqual(before);
    expect((await ok('GET', '/cms/catalog/treeData')).rows.map((n: { label: string }) => n.label)).toContain('News');
  });
});
