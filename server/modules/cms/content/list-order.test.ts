import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { cmsContent } from '../schema.ts';

// The list's orders as the indexes of migration content_list_indexes read them: ties broken by id
// in the order's direction, never-published contents first going up and last going down (as the
// reference's MySQL does), and the title search through its trigram index.
const ts = useTestServer();
const H = { repeatSubmit: 'false', 'accept-language': 'en' };
let siteId = 0;
let catalogId = 0;
const ids: Record<string, number> = {};
const call = (method: string, path: string, body?: unknown) => ts.api(method, path, { token: ts.admin, body, headers: { ...H, CurrentSite: String(siteId) } });
const titles = async (query: string) => {
  const r = await call('GET', `/cms/content/list?${query}`);
  expect(r.code, r.msg).toBe(200);
  return (r.data.rows as { title: string }[]).map((x) => x.title);
};

describe('content list orders', () => {
  it('sets up contents published at different times, one never published, two created at once', async () => {
    siteId = (await ts.api('POST', '/cms/site', { token: ts.admin, headers: H, body: { name: 'Orders', path: 'orders' } })).data.siteId;
    catalogId = (await call('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'Desk' })).data[0].catalogId;
    for (const title of ['Early', 'Late', 'Draft 100% pure', 'Twin A', 'Twin B']) ids[title] = (await call('POST', '/cms/content?contentType=article', { catalogId, title })).data.contentId;
    const at = (iso: string) => new Date(iso);
    await ts.database.db.update(cmsContent).set({ publishDate: at('2024-01-01T00:00:00Z') }).where(eq(cmsContent.contentId, ids.Early!));
    await ts.database.db.update(cmsContent).set({ publishDate: at('2025-01-01T00:00:00Z') }).where(eq(cmsContent.contentId, ids.Late!));
    for (const t of ['Twin A', 'Twin B']) await ts.database.db.update(cmsContent).set({ publishDate: at('2024-06-01T00:00:00Z') }).where(eq(cmsContent.contentId, ids[t]!));
    // Everything created in the same instant: the id decides.
    await ts.database.db.update(cmsContent).set({ createTime: at('2024-01-01T00:00:00Z') }).where(eq(cmsContent.siteId, siteId));
  });

  it('puts never-published contents first by publish date going up, last going down; ties by id in the same direction', async () => {
    expect(await titles(`catalogId=${catalogId}&sort=publishDateAsc`)).toEqual(['Draft 100% pure', 'Early', 'Twin A', 'Twin B', 'Late']);
    expect(await titles(`catalogId=${catalogId}&sort=publishDateDesc`)).toEqual(['Late', 'Twin B', 'Twin A', 'Early', 'Draft 100% pure']);
    expect(await titles('sort=publishDateDesc')).toEqual(['Late', 'Twin B', 'Twin A', 'Early', 'Draft 100% pure']);
    expect(await titles(`catalogId=${catalogId}&sort=createTimeAsc`)).toEqual(['Early', 'Late', 'Draft 100% pure', 'Twin A', 'Twin B']);
    expect(await titles('sort=createTimeDesc')).toEqual(['Twin B', 'Twin A', 'Draft 100% pure', 'Late', 'Early']);
  });

  it('pages without overlap or gaps in every order', async () => {
    for (const sort of ['default', 'createTimeAsc', 'publishDateAsc', 'viewCountDesc']) {
      const pages = [...await titles(`sort=${sort}&pageSize=2&pageNum=1`), ...await titles(`sort=${sort}&pageSize=2&pageNum=2`), ...await titles(`sort=${sort}&pageSize=2&pageNum=3`)];
      expect(new Set(pages).size, sort).toBe(5);
    }
  });

  it('searches titles anywhere in them, case-insensitively, with % and _ taken literally', async () => {
    expect(await titles('title=TWIN')).toEqual(['Twin B', 'Twin A']);
    expect(await titles('title=0%25%20p')).toEqual(['Draft 100% pure']);
    expect(await titles('title=a%25e')).toEqual([]);
    expect((await call('GET', '/cms/content/list?title=twin')).data.total).toBe(2);
  });

  it("counts a search's matches when its first page is full, and on later pages", async () => {
    const page = async (q: string) => (await call('GET', `/cms/content/list?title=twin&pageSize=1&${q}`)).data as { total: number; rows: { title: string }[] };
    expect(await page('pageNum=1')).toMatchObject({ total: 2, rows: [{ title: 'Twin B' }] });
    expect(await page('pageNum=2')).toMatchObject({ total: 2, rows: [{ title: 'Twin A' }] });
    expect(await page('pageNum=3')).toMatchObject({ total: 2, rows: [] });
  });
});
