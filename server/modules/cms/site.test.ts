import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../../tests/helpers/server.ts';
import { createUser, grantPermission } from '../auth/test-fixtures.ts';
import { sysOperLog } from '../monitor/schema.ts';
import { cmsPublishTask, cmsSite } from './schema.ts';
import { siteUrl } from './site.ts';

let ts: TestServer;
let admin: string;
let viewer: string;
let nobody: string;
const NO_GUARD = { repeatSubmit: 'false' };
const db = () => ts.database.db;
const login = async (username: string, password: string) => (await ts.api('POST', '/login', { body: { username, password } })).data as string;

beforeAll(async () => {
  ts = await startTestServer({ config: { port: 8123 } });
  await createUser(db(), 'ada', { password: 'Ada12345', roles: ['admin'] });
  await createUser(db(), 'vic', { password: 'Vic12345', roles: ['site-viewer'] });
  await grantPermission(db(), 'site-viewer', 'cms:site:view');
  await createUser(db(), 'nob', { password: 'Nob12345' });
  [admin, viewer, nobody] = [await login('ada', 'Ada12345'), await login('vic', 'Vic12345'), await login('nob', 'Nob12345')];
});
afterAll(() => ts?.close());

describe('sites', () => {
  it('lists sites with url, filtered by name and paged', async () => {
    await db().insert(cmsSite).values([
      { name: 'News Portal', path: 'news', domain: 'news.example.com', description: 'daily', sortFlag: 2 },
      { name: 'Shop', path: 'shop', sortFlag: 3 },
    ]);
    const all = await ts.api('GET', '/cms/site/list', { token: viewer });
    expect(all.code).toBe(200);
    expect(all.data.total).toBe(3);
    expect(all.data.rows.map((r: { path: string }) => r.path)).toEqual(['demo', 'news', 'shop']);
    expect(all.data.rows[1]).toEqual({ siteId: expect.any(Number), name: 'News Portal', path: 'news', domain: 'news.example.com', url: 'http://news.example.com/news/', description: 'daily', createTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} /) });
    expect(all.data.rows[2].url).toBe('http://localhost:8123/shop/');
    const filtered = await ts.api('GET', '/cms/site/list', { token: viewer, query: { siteName: 'NEWS' } });
    expect(filtered.data.rows.map((r: { name: string }) => r.name)).toEqual(['News Portal']);
    const page = await ts.api('GET', '/cms/site/list', { token: viewer, query: { pageNum: '2', pageSize: '2' } });
    expect(page.data).toMatchObject({ total: 3, rows: [{ path: 'shop' }] });
    expect((await ts.api('GET', '/cms/site/list', { token: nobody })).code).toBe(403);
    expect((await ts.api('GET', '/cms/site/list', { token: viewer, query: { siteName: '100%_' } })).data.total).toBe(0);
  });

  it('builds the url from the domain, without a scheme it may carry', () => {
    expect(siteUrl({ domain: 'https://a.example.com/', path: 'a' }, 80)).toBe('http://a.example.com/a/');
    expect(siteUrl({ domain: '  ', path: 'b' }, 8090)).toBe('http://localhost:8090/b/');
  });

  it('answers the current site from the CurrentSite or cc-current-site header, else the first site', async () => {
    const [news] = await db().select().from(cmsSite).where(eq(cmsSite.path, 'news'));
    const [demo] = await db().select().from(cmsSite).where(eq(cmsSite.path, 'demo'));
    const current = (headers: Record<string, string>) => ts.api('GET', '/cms/site/getCurrentSite', { token: nobody, headers });
    expect((await current({ CurrentSite: String(news!.siteId) })).data).toEqual({ siteId: news!.siteId, siteName: 'News Portal' });
    expect((await current({ 'cc-current-site': String(news!.siteId) })).data).toEqual({ siteId: news!.siteId, siteName: 'News Portal' });
    expect((await current({ CurrentSite: '999999' })).data).toEqual({ siteId: demo!.siteId, siteName: demo!.name });
    expect((await current({ CurrentSite: 'abc' })).data.siteId).toBe(demo!.siteId);
    expect((await current({})).data.siteId).toBe(demo!.siteId);
    expect((await ts.api('GET', '/cms/site/getCurrentSite')).code).toBe(401);
  });

  it('sets the current site (nothing stored) and refuses unknown ids', async () => {
    const [shop] = await db().select().from(cmsSite).where(eq(cmsSite.path, 'shop'));
    const ok = await ts.api('POST', `/cms/site/setCurrentSite/${shop!.siteId}`, { token: viewer });
    expect(ok).toMatchObject({ code: 200, data: { siteId: shop!.siteId, siteName: 'Shop' } });
    expect(await ts.api('POST', '/cms/site/setCurrentSite/424242', { token: viewer })).toEqual({ code: 500, msg: '站点不存在：424242' });
    expect((await ts.api('POST', '/cms/site/setCurrentSite/abc', { token: viewer })).code).toBe(500);
    expect((await ts.api('POST', `/cms/site/setCurrentSite/${shop!.siteId}`, { token: nobody })).code).toBe(403);
  });

  it('answers 500 "no site" when there is none', async () => {
    await db().delete(cmsSite);
    expect(await ts.api('GET', '/cms/site/getCurrentSite', { token: admin, headers: { 'accept-language': 'en' } })).toEqual({ code: 500, msg: 'There is no site yet; create one first' });
    expect((await ts.api('GET', '/cms/site/list', { token: admin })).data).toEqual({ rows: [], total: 0 });
  });
});

describe('publish queue', () => {
  it('counts READY and RUNNING tasks and clears only READY ones', async () => {
    const [site] = await db().insert(cmsSite).values({ name: 'Q', path: 'q' }).returning();
    const task = (status: string, dataId: number) => ({ siteId: site!.siteId, dataType: 'content', dataId, status });
    await db().insert(cmsPublishTask).values([task('READY', 1), task('READY', 2), task('RUNNING', 3), task('SUCCESS', 4), task('FAILED', 5)]);
    expect(await ts.api('GET', '/cms/publish/taskCount', { token: nobody })).toMatchObject({ code: 200, data: 3 });
    expect((await ts.api('GET', '/cms/publish/taskCount')).code).toBe(401);

    expect((await ts.api('DELETE', '/cms/publish/clear', { token: viewer })).code).toBe(403);
    const cleared = await ts.api('DELETE', '/cms/publish/clear', { token: admin });
    expect(cleared.code).toBe(200);
    expect(await ts.api('GET', '/cms/publish/taskCount', { token: admin })).toMatchObject({ data: 1 });
    const left = await db().select({ status: cmsPublishTask.status }).from(cmsPublishTask);
    expect(left.map((r) => r.status).sort()).toEqual(['FAILED', 'RUNNING', 'SUCCESS']);
    const [log] = await db().select().from(sysOperLog).orderBy(desc(sysOperLog.operId)).limit(1);
    expect(log).toMatchObject({ title: 'oplog.publishClear', businessType: 'CLEAN', status: '0' });
  });

  it('lets holders of cms:content:publish alone clear the queue', async () => {
    await createUser(db(), 'ed', { password: 'Ed123456', roles: ['editor-x'] });
    await grantPermission(db(), 'editor-x', 'cms:content:publish');
    const ed = await login('ed', 'Ed123456');
    expect((await ts.api('DELETE', '/cms/publish/clear', { token: ed, headers: NO_GUARD })).code).toBe(200);
  });
});
