import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { MENUS } from '../../shipped.ts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { cmsResource } from '../resource/schema.ts';
import { cmsComment } from '../comment/schema.ts';
import { cmsMailbox } from '../mailbox/schema.ts';
import { cmsPublishTask } from '../publish/schema.ts';
import { cmsContentViewDay } from '../stat/schema.ts';
import { cmsContent } from './schema.ts';

// Home's dashboard for the current site (issue 10 §2, issue 32 §2): contents by status and type,
// catalogs, resources and their bytes, what waits for review, the publish queue, 30 days of views
// and the latest changes, each within what the user may see and each as the database holds it.
const ts = useTestServer();
const H = { repeatSubmit: 'false', 'accept-language': 'en' };
const sites: Record<string, number> = {};
const cat: Record<string, number> = {};
const ids: Record<string, number> = {};
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function ok(method: string, path: string, body?: unknown, token = ts.admin, site = sites.A!) {
  const r = await ts.api(method, path, { token, body, headers: { ...H, CurrentSite: String(site) } });
  expect(r.code, `${method} ${path}: ${r.msg}`).toBe(200);
  return r.data;
}
const resource = (siteId: number, name: string) => ({ siteId, resourceType: 'image', storageType: 'Local', name, path: `resources/image/2026/01/01/${name}.png`, fileName: `${name}.png`, suffix: 'png', fileSize: 1000 + name.length });
const comment = (siteId: number, auditStatus: string, delFlag = 'N') => ({ siteId, sourceType: 'cms_content', sourceId: ids.One!, content: 'hi', auditStatus, delFlag });
const message = (siteId: number, reviewStatus: string) => ({ siteId, title: 'Hello', name: 'Reader', content: 'A question', reviewStatus });
const views = (contentId: number, siteId: number, offset: number, n: number) => ({ contentId, siteId, day: day(offset), views: n });

/** An editor whose role holds these menu keys, granted View on site A and the rights given on catalog News. */
async function editor(name: string, keys: string[]) {
  const menuIds = MENUS.filter((m) => m.perms && keys.includes(m.perms)).map((m) => m.menuId);
  const roleId = (await ts.api('POST', '/system/role', { token: ts.admin, headers: H, body: { roleName: name, roleKey: name, dataScope: '5', menuIds } })).data.roleId;
  await ts.api('POST', '/system/user', { token: ts.admin, headers: H, body: { userName: name, nickName: name, deptId: 100, password: 'Counts4321', roleIds: [roleId] } });
  await ts.api('POST', '/cms/perms/site', { token: ts.admin, headers: H, body: { ownerType: 'Role', owner: roleId, perms: [{ siteId: sites.A, perms: { View: { granted: true } } }] } });
  await ok('POST', '/cms/perms/catalog', { ownerType: 'Role', owner: roleId, perms: [{ catalogId: cat.News, perms: { View: { granted: true } } }] });
  return ts.loginReady(name, 'Counts4321');
}

describe('dashboard counts', () => {
  it('counts the current site\'s contents, catalogs and resources', async () => {
    sites.A = (await ts.api('POST', '/cms/site', { token: ts.admin, headers: H, body: { name: 'Alpha', path: 'alpha' } })).data.siteId;
    sites.B = (await ts.api('POST', '/cms/site', { token: ts.admin, headers: H, body: { name: 'Beta', path: 'beta' } })).data.siteId;
    for (const c of await ok('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'News\n  World\nBooks' })) cat[c.name] = c.catalogId;
    await ok('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'Elsewhere' }, ts.admin, sites.B);
    ids.One = (await ok('POST', '/cms/content?contentType=article', { catalogId: cat.World, title: 'One' })).contentId;
    ids.Two = (await ok('POST', '/cms/content?contentType=article', { catalogId: cat.News, title: 'Two' })).contentId;
    ids.Three = (await ok('POST', '/cms/content?contentType=book', { catalogId: cat.Books, title: 'Three' })).contentId;
    await ok('POST', '/cms/content/publish', [ids.One]);
    await ts.database.db.insert(cmsResource).values([resource(sites.A, 'a1'), resource(sites.A, 'a22'), resource(sites.B, 'b1')]);

    expect(await ok('GET', '/cms/content/stat')).toMatchObject({
      siteId: sites.A, siteName: 'Alpha', byStatus: { 0: 2, 30: 1 }, byType: { article: 2, book: 1 }, catalogs: 3, resources: 2, resourceBytes: 1002 + 1003,
      unreviewedComments: 0, unreviewedMailbox: 0, pendingReviews: 0,
    });
    expect(await ok('GET', '/cms/content/stat', undefined, ts.admin, sites.B)).toMatchObject({ resources: 1, resourceBytes: 1002, byStatus: {} });
  });

  it('counts what waits for review: live unaudited comments and unreviewed mailbox messages of the site', async () => {
    const { db } = ts.database;
    await db.insert(cmsComment).values([comment(sites.A, '0'), comment(sites.A, '0'), comment(sites.A, '0', 'Y'), comment(sites.A, '1'), comment(sites.A, '2'), comment(sites.B, '0')]);
    await db.insert(cmsMailbox).values([message(sites.A, '0'), message(sites.A, '1'), message(sites.B, '0')]);
    expect(await ok('GET', '/cms/content/stat')).toMatchObject({ unreviewedComments: 2, unreviewedMailbox: 1 });
    expect(await ok('GET', '/cms/content/stat', undefined, ts.admin, sites.B)).toMatchObject({ unreviewedComments: 1, unreviewedMailbox: 1 });
  });

  it('splits the site\'s publish queue into units waiting and being rendered, as the database holds them', async () => {
    const { db } = ts.database;
    await db.insert(cmsPublishTask).values([
      { siteId: sites.A, dataType: 'contents', dataId: cat.News!, status: 'RUNNING', weight: 5, done: 2 },
      { siteId: sites.A, dataType: 'catalog', dataId: cat.Books!, status: 'SUCCESS' },
      { siteId: sites.B, dataType: 'site', dataId: sites.B!, status: 'READY' },
    ]);
    const [ready] = await db.select({ n: sql<number>`coalesce(sum(weight - done), 0)` }).from(cmsPublishTask).where(and(eq(cmsPublishTask.siteId, sites.A!), eq(cmsPublishTask.status, 'READY')));
    expect(Number(ready!.n)).toBeGreaterThan(0); // the publish above queued pages no worker took (none runs in tests)
    expect((await ok('GET', '/cms/content/stat')).publishQueue).toEqual({ waiting: Number(ready!.n), running: 3 });
    expect((await ok('GET', '/cms/content/stat', undefined, ts.admin, sites.B)).publishQueue).toEqual({ waiting: 1, running: 0 });
  });

  it('gives 30 days of views ending today, a day without views as 0, and the latest changes newest first', async () => {
    const { db } = ts.database;
    await db.insert(cmsContentViewDay).values([
      views(ids.One!, sites.A!, 0, 7), views(ids.Three!, sites.A!, 0, 5), views(ids.Two!, sites.A!, -29, 4),
      views(ids.One!, sites.A!, -30, 100), views(ids.One!, sites.B!, -1, 100),
    ]);
    const at = (min: number) => new Date(Date.now() - min * 60_000);
    await db.update(cmsContent).set({ updateTime: at(30), updateBy: 'alice' }).where(eq(cmsContent.contentId, ids.One!));
    await db.update(cmsContent).set({ updateTime: at(10), updateBy: 'bob' }).where(eq(cmsContent.contentId, ids.Three!));
    await db.update(cmsContent).set({ updateTime: at(20), updateBy: null }).where(eq(cmsContent.contentId, ids.Two!));
    const stat = await ok('GET', '/cms/content/stat');
    expect(stat.views.from).toBe(day(-29));
    expect(stat.views.days).toHaveLength(30);
    expect([stat.views.days[0], stat.views.days[29], stat.views.days.reduce((a: number, b: number) => a + b, 0)]).toEqual([4, 12, 16]);
    expect(stat.activity.map((a: { title: string; by: string; status: string }) => [a.title, a.by, a.status])).toEqual([['Three', 'bob', '0'], ['Two', 'admin', '0'], ['One', 'alice', '30']]);
    expect(stat.activity[0]).toMatchObject({ contentId: ids.Three, contentType: 'book', time: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) });

    // A content in the recycle bin is no longer among the site's changes.
    await db.update(cmsContent).set({ recycleTime: new Date() }).where(inArray(cmsContent.contentId, [ids.Three!]));
    expect((await ok('GET', '/cms/content/stat')).activity.map((a: { title: string }) => a.title)).toEqual(['Two', 'One']);
    await db.update(cmsContent).set({ recycleTime: null }).where(inArray(cmsContent.contentId, [ids.Three!]));
  });

  it('counts for an editor only the catalogs granted to them, and site-wide figures only for those who may open their screen', async () => {
    const writer = await editor('counter', ['cms:content:view']);
    const mine = await ok('GET', '/cms/content/stat', undefined, writer);
    expect(mine).toMatchObject({ byStatus: { 0: 1, 30: 1 }, byType: { article: 2 }, catalogs: 2, resources: null, resourceBytes: null, unreviewedComments: null, unreviewedMailbox: null });
    // Books is not granted: its content's views and changes are not theirs to see.
    expect([mine.views.days[0], mine.views.days[29]]).toEqual([4, 7]);
    expect(mine.activity.map((a: { title: string }) => a.title)).toEqual(['Two', 'One']);
    // The queue is the site's, as the navbar's indicator shows it to anyone on the site.
    expect(mine.publishQueue.running).toBe(3);

    const librarian = await editor('librarian', ['cms:content:view', 'cms:resource:view']);
    expect(await ok('GET', '/cms/content/stat', undefined, librarian)).toMatchObject({ resources: 2, resourceBytes: 2005, unreviewedComments: null });
    const moderator = await editor('moderator', ['cms:catalog:view', 'comment:comment:view', 'cms:mailbox:view']);
    expect(await ok('GET', '/cms/content/stat', undefined, moderator)).toMatchObject({ unreviewedComments: 2, unreviewedMailbox: 1, resources: null, activity: null });
  });
});
