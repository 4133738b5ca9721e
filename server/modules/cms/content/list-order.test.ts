import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { CONTENT_SORTS, SEARCH_COUNT_CAP } from '../../../../shared/cms/content.ts';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { cmsContent } from '../schema.ts';
import { MENUS } from '../../shipped.ts';

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
  // Contents published at different times, one never published, two created at once.
  beforeAll(async () => {
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

  it('counts a common word only SEARCH_COUNT_CAP matches past the page, and says the total is a floor', async () => {
    const [desk] = await ts.database.db.select({ ancestors: cmsContent.catalogAncestors }).from(cmsContent).where(eq(cmsContent.contentId, ids.Early!));
    await ts.database.db.execute(sql`insert into cms_content (site_id, catalog_id, catalog_ancestors, content_type, title, create_time)
      select ${siteId}, ${catalogId}, ${desk!.ancestors}, 'article', 'Common ' || g, now() from generate_series(1, ${SEARCH_COUNT_CAP + 25}) g`);
    const first = (await call('GET', '/cms/content/list?title=common&pageSize=20')).data;
    expect(first).toMatchObject({ total: SEARCH_COUNT_CAP, totalCapped: true });
    expect(first.rows).toHaveLength(20);
    // Further on, the count reaches further: the pager always has pages ahead until the end shows.
    expect((await call('GET', '/cms/content/list?title=common&pageSize=20&pageNum=3')).data).toMatchObject({ total: SEARCH_COUNT_CAP + 25, rows: { length: 20 } });
    expect((await call('GET', '/cms/content/list?title=common&pageSize=20&pageNum=3')).data.totalCapped).toBeUndefined();
    // A narrower search is counted exactly, and an unfiltered list reads its kept counts, never capped.
    expect((await call('GET', '/cms/content/list?title=common%201&pageSize=20')).data).toMatchObject({ total: 1 + 10 + 100 + 26 });
    expect((await call('GET', `/cms/content/list?catalogId=${catalogId}`)).data).toMatchObject({ total: SEARCH_COUNT_CAP + 30 });
  });
});

describe('a search in a few catalogs of a site', () => {
  // One catalog, or a section's subtree, of a site with many: its matches are read through the
  // trigram and catalog indexes together and sorted (list.ts, fewCatalogs); the whole site's
  // search reads the site's index in order. Both must give the same rows in the same order.
  let sections: Record<string, number> = {};
  // A site of ten sections, a story desk under the first, with counts and dates all different.
  beforeAll(async () => {
    siteId = (await ts.api('POST', '/cms/site', { token: ts.admin, headers: H, body: { name: 'Sections', path: 'sections' } })).data.siteId;
    const made = (await call('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'A\n  A1\nB\nC\nD\nE\nF\nG\nH\nI\nJ' })).data as { catalogId: number; name: string }[];
    sections = Object.fromEntries(made.map((c) => [c.name, c.catalogId]));
    const plan: [string, string][] = [['A', 'Story 1'], ['A1', 'Story 2'], ['A', 'Story 3'], ['B', 'Story 4'], ['A1', 'Story 5'], ['A', 'Story 6'], ['A', 'Other 7'], ['B', 'Story 8']];
    for (const [i, [desk, title]] of plan.entries()) {
      const id = (await call('POST', '/cms/content?contentType=article', { catalogId: sections[desk], title })).data.contentId as number;
      await ts.database.db.update(cmsContent).set({
        viewCount: (i * 5) % 8, likeCount: (i * 3) % 8, favoriteCount: (i * 7) % 8, commentCount: 7 - i,
        publishDate: i % 3 ? new Date(Date.UTC(2024, i, 1)) : null, createTime: new Date(Date.UTC(2023, 8 - i, 1)),
      }).where(eq(cmsContent.contentId, id));
    }
  });

  it('gives the rows and the order the whole site gives, in every order, with the exact total', async () => {
    for (const sort of CONTENT_SORTS) {
      const site = await titles(`title=story&sort=${sort}&pageSize=50`);
      const subtree = await titles(`catalogId=${sections.A}&includeChild=true&title=story&sort=${sort}&pageSize=50`);
      expect(subtree, sort).toEqual(site.filter((t) => ['Story 1', 'Story 2', 'Story 3', 'Story 5', 'Story 6'].includes(t)));
      expect(await titles(`catalogId=${sections.B}&title=story&sort=${sort}`), sort).toEqual(site.filter((t) => ['Story 4', 'Story 8'].includes(t)));
    }
  });

  it('pages without overlap, each page with the total, and past the end an empty page with the total', async () => {
    const at = async (n: number) => (await call('GET', `/cms/content/list?catalogId=${sections.A}&includeChild=true&title=story&pageSize=2&pageNum=${n}`)).data as { total: number; rows: { title: string }[] };
    const pages = [await at(1), await at(2), await at(3), await at(4)];
    expect(pages.map((p) => p.total)).toEqual([5, 5, 5, 5]);
    expect(pages.map((p) => p.rows.length)).toEqual([2, 2, 1, 0]);
    expect(new Set(pages.flatMap((p) => p.rows.map((r) => r.title))).size).toBe(5);
    expect(pages[0]!.rows[0]).not.toHaveProperty('listTotal');
  });
  it('counts and lists for an editor granted one desk only what that desk holds, whatever catalog the query names', async () => {
    const H2 = { ...H, CurrentSite: String(siteId) };
    const menuIds = MENUS.filter((m) => m.perms?.startsWith('cms:')).map((m) => m.menuId);
    const roleId = (await ts.api('POST', '/system/role', { token: ts.admin, headers: H, body: { roleName: 'Desk B', roleKey: 'desk_b', dataScope: '5', menuIds } })).data.roleId;
    const user = await ts.api('POST', '/system/user', { token: ts.admin, headers: H, body: { userName: 'deskb', nickName: 'Desk B', deptId: 100, password: 'Quill4321x', roleIds: [roleId] } });
    expect(user.code, user.msg).toBe(200);
    expect((await ts.api('POST', '/cms/perms/site', { token: ts.admin, headers: H2, body: { ownerType: 'Role', owner: roleId, perms: [{ siteId, perms: { View: { granted: true } } }] } })).code).toBe(200);
    expect((await ts.api('POST', '/cms/perms/catalog', { token: ts.admin, headers: H2, body: { ownerType: 'Role', owner: roleId, perms: [{ catalogId: sections.B, perms: { View: { granted: true } } }] } })).code).toBe(200);
    const desk = await ts.loginReady('deskb', 'Quill4321x');
    const as = async (q: string) => {
      const r = await ts.api('GET', `/cms/content/list?${q}`, { token: desk, headers: H2 });
      expect(r.code, r.msg).toBe(200);
      return r.data as { total: number; rows: { title: string }[] };
    };
    // The whole site, to this editor, is desk B: one catalog of eleven, read through the catalogs' index.
    const first = await as('title=story&pageSize=1');
    expect(first.total).toBe(2);
    expect(first.rows.map((r) => r.title)).toEqual(['Story 8']);
    expect((await as('title=story&pageSize=20')).rows.map((r) => r.title)).toEqual(['Story 8', 'Story 4']);
    // Another desk named in the query: nothing, counted as nothing.
    expect(await as(`catalogId=${sections.A}&includeChild=true&title=story`)).toMatchObject({ total: 0, rows: [] });
  });
});
