import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../../tests/helpers/server.ts';

// What the content editors read from a refused save: the field a server-only check is about, and
// the saver named by a version conflict.
const ts = useTestServer();
const H = { repeatSubmit: 'false', 'accept-language': 'en' };
let siteId = 0;
const call = (method: string, path: string, body?: unknown) => ts.api(method, path, { token: ts.admin, body, headers: { ...H, CurrentSite: String(siteId) } });

describe('refused saves the editor shows', () => {
  it('names the title field when the site already has the title', async () => {
    siteId = (await ts.api('POST', '/cms/site', { token: ts.admin, headers: H, body: { name: 'Titles', path: 'titles' } })).data.siteId;
    await call('POST', `/cms/site/extends/${siteId}`, { RepeatTitleCheck: '1' });
    const [news] = (await call('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'News' })).data;
    expect((await call('POST', '/cms/content?contentType=article', { catalogId: news.catalogId, title: 'Same' })).code).toBe(200);
    const again = await call('POST', '/cms/content?contentType=article', { catalogId: news.catalogId, title: 'Same' });
    expect(again).toMatchObject({ code: 500, data: { field: 'title' } });
    expect(again.msg).toContain('Same');
  });

  it('tells the later of two savers who saved in between, and keeps the earlier save', async () => {
    const [cat] = (await call('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'Desk' })).data;
    const { contentId, version } = (await call('POST', '/cms/content?contentType=article', { catalogId: cat.catalogId, title: 'Shared', contentHtml: '<p>one</p>' })).data;
    const first = await call('PUT', '/cms/content?contentType=article', { contentId, version, catalogId: cat.catalogId, title: 'Shared', contentHtml: '<p>first</p>' });
    expect(first).toMatchObject({ code: 200, data: { version: version + 1 } });
    const second = await call('PUT', '/cms/content?contentType=article', { contentId, version, catalogId: cat.catalogId, title: 'Shared', contentHtml: '<p>second</p>' });
    expect(second.code).toBe(500);
    expect(second.msg).toMatch(/^This content was saved by \S+ at \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} after you opened it/);
    expect((await call('GET', `/cms/content/${contentId}`)).data).toMatchObject({ contentHtml: '<p>first</p>', version: version + 1 });
  });
});
