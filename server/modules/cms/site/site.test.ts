import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { cmsGrant, cmsPublishPipe, cmsSite, cmsSiteProperty } from '../schema.ts';

// Sites (issue 9 §2): list, add, the tabs' calls, delete; the current site; per-pipe props.
const ts = useTestServer({ config: { sitePort: 8123 } });
const H = { repeatSubmit: 'false', 'accept-language': 'en' };
const as = (token: string, siteId?: number) => ({ token, headers: { ...H, ...(siteId ? { CurrentSite: String(siteId) } : {}) } });

async function ok(method: string, path: string, body?: unknown, siteId?: number) {
  const r = await ts.api(method, path, { ...as(ts.admin, siteId), body });
  expect(r.code, `${method} ${path}: ${r.msg}`).toBe(200);
  return r.data;
}

describe('sites', () => {
  let newsId = 0;
  let demo = 0;
  const demoId = () => demo;

  it('adds a site with a pc pipe, grants its creator every right and lists it with its address', async () => {
    newsId = (await ok('POST', '/cms/site', { name: 'News', path: 'news', description: 'Daily news' })).siteId;
    demo = (await ts.database.db.select().from(cmsSite).where(eq(cmsSite.path, 'demo')))[0]!.siteId;
    const pipes = await ts.database.db.select().from(cmsPublishPipe).where(eq(cmsPublishPipe.siteId, newsId));
    expect(pipes.map((p) => p.code)).toEqual(['pc']);
    const list = await ok('GET', '/cms/site/list', undefined);
    expect(list.rows.map((r: { path: string }) => r.path)).toEqual(['demo', 'news']);
    // Read on the sites port (config.sitePort), by folder.
    expect(list.rows[1]).toMatchObject({ name: 'News', url: 'http://localhost:8123/news/' });
    expect((await ok('GET', '/cms/site/list?siteName=NEW', undefined)).rows.map((r: { name: string }) => r.name)).toEqual(['News']);
  });

  it('refuses a path that is not letters and digits, or is taken, naming the field', async () => {
    for (const path of ['../x', 'a/b', '%2e%2e', 'news_1', '']) {
      const r = await ts.api('POST', '/cms/site', { ...as(ts.admin), body: { name: 'X', path } });
      expect(r.code, path).toBe(500);
      expect(r.msg, path).toMatch(/^Site folder /);
    }
    expect(await ts.api('POST', '/cms/site', { ...as(ts.admin), body: { name: 'Again', path: 'news' } })).toMatchObject({ code: 500, msg: 'Site folder "news" already exists' });
  });

  it('edits the Basic tab with each pipe\'s props, and reads them back', async () => {
    await ok('PUT', '/cms/site', {
      siteId: newsId, name: 'News Daily', domain: 'news.example.com', staticSuffix: 'html', seoTitle: 'News',
      publishPipeDatas: [{ pipeCode: 'pc', props: { url: 'https://news.example.com', indexTemplate: 'home.template.html' } }],
    });
    const detail = await ok('GET', `/cms/site/${newsId}`);
    expect(detail).toMatchObject({ name: 'News Daily', domain: 'news.example.com', staticSuffix: 'html', path: 'news', url: 'https://news.example.com/' });
    expect(detail.publishPipeDatas).toEqual([{ pipeCode: 'pc', pipeName: 'PC', enabled: true, props: expect.objectContaining({ url: 'https://news.example.com', indexTemplate: 'home.template.html', prefixMode: 'absolute' }) }]);
    const bad = await ts.api('PUT', '/cms/site', { ...as(ts.admin), body: { siteId: newsId, publishPipeDatas: [{ pipeCode: 'pc', props: { indexTemplate: '../../etc/passwd' } }] } });
    expect(bad.msg).toMatch(/^Home template must be a file name/);
    const unknownPipe = await ts.api('PUT', '/cms/site', { ...as(ts.admin), body: { siteId: newsId, publishPipeDatas: [{ pipeCode: 'h5', props: {} }] } });
    expect(unknownPipe.msg).toBe('The site has no publish pipe "h5"');
    // The path is set once: an edit cannot move the site's folder.
    await ok('PUT', '/cms/site', { siteId: newsId, path: 'other' });
    expect((await ok('GET', `/cms/site/${newsId}`)).path).toBe('news');
  });

  it('keeps the Extend tab\'s settings with their defaults and checks each value', async () => {
    expect(await ok('GET', '/cms/site/extends', undefined, newsId)).toMatchObject({ CatalogPageSize: '0', RecycleKeepDays: '30', PublishedContentEdit: 'Y', RepeatTitleCheck: '0' });
    await ok('POST', `/cms/site/extends/${newsId}`, { CatalogPageSize: '15', RepeatTitleCheck: '1' });
    expect(await ok('GET', '/cms/site/extends', undefined, newsId)).toMatchObject({ CatalogPageSize: '15', RepeatTitleCheck: '1', RecycleKeepDays: '30' });
    // The tab reads the checked current site: a siteId in the query names nothing.
    expect(await ok('GET', `/cms/site/extends?siteId=${newsId}`, undefined, demoId())).toMatchObject({ CatalogPageSize: '0' });
    expect((await ts.api('POST', `/cms/site/extends/${newsId}`, { ...as(ts.admin), body: { CatalogPageSize: '-3' } })).msg).toBe('Catalog list page size must be between 0 and 500');
    expect((await ts.api('POST', `/cms/site/extends/${newsId}`, { ...as(ts.admin), body: { Evil: '1' } })).msg).toMatch(/Unknown setting: Evil/);
  });

  it('keeps default templates per pipe and content type', async () => {
    const initial = await ok('GET', '/cms/site/default_template', undefined, newsId);
    expect(initial.publishPipeProps[0]).toMatchObject({ pipeCode: 'pc', props: { defaultListTemplate: 'list.template.html', detailTemplate_book: 'detail_book.template.html' } });
    await ok('POST', '/cms/site/default_template', { siteId: newsId, publishPipeProps: [{ pipeCode: 'pc', props: { detailTemplate_article: 'news/article.template.html' } }] }, newsId);
    const after = await ok('GET', '/cms/site/default_template', undefined, newsId);
    expect(after.publishPipeProps[0].props.detailTemplate_article).toBe('news/article.template.html');
    // A siteId in the query or body is not read: the current site (demo) is the one read and written.
    const ofDemo = await ok('GET', `/cms/site/default_template?siteId=${newsId}`, undefined, demoId());
    expect(ofDemo).toMatchObject({ siteId: demoId() });
    expect(ofDemo.publishPipeProps[0].props.detailTemplate_article).toBe('detail_article.template.html');
    await ok('POST', '/cms/site/default_template', { siteId: newsId, publishPipeProps: [{ pipeCode: 'pc', props: { detailTemplate_article: 'demo.template.html' } }] }, demoId());
    expect((await ok('GET', '/cms/site/default_template', undefined, newsId)).publishPipeProps[0].props.detailTemplate_article).toBe('news/article.template.html');
  });

  it('keeps properties per site: the current site\'s only, whatever siteId a body claims', async () => {
    const demoId = demo;
    const { propertyId } = await ok('POST', '/cms/site/prop', { propName: 'Hotline', propCode: 'hotline', propValue: '123', siteId: demoId }, newsId);
    const [row] = await ts.database.db.select().from(cmsSiteProperty).where(eq(cmsSiteProperty.propertyId, propertyId));
    expect(row!.siteId).toBe(newsId);
    expect((await ok('GET', '/cms/site/prop/list', undefined, newsId)).rows.map((r: { propCode: string }) => r.propCode)).toEqual(['hotline']);
    expect((await ok('GET', '/cms/site/prop/list', undefined, demoId)).total).toBe(0);
    // The same code on another site is another property; on this one it is taken.
    await ok('POST', '/cms/site/prop', { propName: 'Hotline', propCode: 'hotline' }, demoId);
    expect((await ts.api('POST', '/cms/site/prop', { ...as(ts.admin, newsId), body: { propName: 'H', propCode: 'hotline' } })).msg).toBe('Property code "hotline" already exists');
    // Another site's row cannot be read, changed or deleted through this site.
    expect((await ts.api('GET', `/cms/site/prop/${propertyId}`, as(ts.admin, demoId))).code).toBe(500);
    expect((await ts.api('DELETE', '/cms/site/prop', { ...as(ts.admin, demoId), body: [propertyId] })).code).toBe(500);
    expect((await ts.api('PUT', '/cms/site/prop', { ...as(ts.admin, demoId), body: { propertyId, propValue: 'x' } })).code).toBe(500);
  });

  it('answers the current site from CurrentSite or cc-current-site, else the first one', async () => {
    const current = (headers: Record<string, string>) => ts.api('GET', '/cms/site/getCurrentSite', { token: ts.admin, headers });
    expect((await current({ CurrentSite: String(newsId) })).data).toEqual({ siteId: newsId, siteName: 'News Daily' });
    expect((await current({ 'cc-current-site': String(newsId) })).data).toEqual({ siteId: newsId, siteName: 'News Daily' });
    expect((await current({ CurrentSite: '999999' })).data.siteName).not.toBe('News Daily');
    expect((await ts.api('POST', '/cms/site/setCurrentSite/424242', as(ts.admin))).msg).toBe('The site does not exist or you have no permission on it');
  });

  it('deletes a site with everything it owns', async () => {
    await ok('DELETE', `/cms/site/${newsId}`);
    const db = ts.database.db;
    expect(await db.select().from(cmsSite).where(eq(cmsSite.siteId, newsId))).toEqual([]);
    expect(await db.select().from(cmsPublishPipe).where(eq(cmsPublishPipe.siteId, newsId))).toEqual([]);
    expect(await db.select().from(cmsSiteProperty).where(eq(cmsSiteProperty.siteId, newsId))).toEqual([]);
    expect(await db.select().from(cmsGrant).where(eq(cmsGrant.objectId, newsId))).toEqual([]);
  });

  it('pages the list by 10 unless the request names a page size (issue #9)', async () => {
    for (let i = 1; i <= 11; i++) await ok('POST', '/cms/site', { name: `Site ${i}`, path: `s${i}`, sortFlag: i });
    const first = await ok('GET', '/cms/site/list');
    expect(first.total).toBe(12);
    expect(first.rows).toHaveLength(10);
    expect((await ok('GET', '/cms/site/list?pageNum=2')).rows.map((r: { name: string }) => r.name)).toEqual(['Site 10', 'Site 11']);
    expect((await ok('GET', '/cms/site/list?pageSize=20')).rows).toHaveLength(12);
  });
});
