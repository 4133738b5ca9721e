import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { executedRows } from '../../../db/rows.ts';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { drainAndIndex } from './drain-and-index.ts';
import { cmsSearchIndex, cmsSearchRebuild } from './schema.ts';
import { searchContents } from './query.ts';
import { beginRebuild, nextIds, runRebuild, type Cursor } from './rebuild.ts';
import { MENUS } from '../../shipped.ts';

// Issue 30 §5–7: published contents are indexed through the publish queue and found by
// searchContents in Chinese (either writing) and English, ranked, filtered, one site only.
const dataDir = mkdtempSync(join(tmpdir(), 'castanea-search-'));
const ts = useTestServer({ config: { dataDir } });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const H = { repeatSubmit: 'false', 'accept-language': 'en' };

async function call(method: string, url: string, body: unknown, site: number) {
  const r = await ts.api(method, url, { token: ts.admin, body, headers: { ...H, CurrentSite: String(site) } });
  expect(r.code, `${method} ${url}: ${r.msg}`).toBe(200);
  return r.data;
}

interface Fixture { siteId: number; cat: Record<string, number>; ids: Record<string, number> }
const A = {} as Fixture;
const B = {} as Fixture;

async function makeSite(f: Fixture, path: string, docs: Record<string, { catalog: string; title: string; html: string; summary?: string }>) {
  f.siteId = (await call('POST', '/cms/site', { name: `Search ${path}`, path }, 0)).siteId;
  f.cat = {};
  for (const c of await call('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'Tech\n  Web\nLife' }, f.siteId)) f.cat[c.name] = c.catalogId;
  f.ids = {};
  for (const [key, d] of Object.entries(docs)) {
    f.ids[key] = (await call('POST', '/cms/content?contentType=article', { catalogId: f.cat[d.catalog], title: d.title, summary: d.summary, contentHtml: d.html }, f.siteId)).contentId;
  }
  await call('POST', '/cms/content/publish', { contentIds: Object.values(f.ids) }, f.siteId);
}

const search = (f: Fixture, q: string, more: Partial<Parameters<typeof searchContents>[1]> = {}) => searchContents(ts.database.db, { siteId: f.siteId, q, page: 1, size: 20, ...more });
const found = async (f: Fixture, q: string, more: Partial<Parameters<typeof searchContents>[1]> = {}) => (await search(f, q, more)).rows.map((r) => r.contentId);

beforeAll(async () => {
  await makeSite(A, 'srcha', {
    trad: { catalog: 'Web', title: '資訊安全入門', html: '<p>網路上的軟體開發需要注意資訊安全。</p>' },
    simp: { catalog: 'Tech', title: '数据库', html: '<p>PostgreSQL 全文检索在 PGlite 里也能运行。</p><p>The engineers are running full text search.</p>' },
    titleHit: { catalog: 'Life', title: 'Gardening search tips', html: '<p>Plants.</p>' },
    bodyHit: { catalog: 'Life', title: 'Cooking', html: '<p>A long recipe; you may search the web for more. Text full of spices.</p>' },
  });
  await makeSite(B, 'srchb', { other: { catalog: 'Tech', title: '资讯安全 elsewhere', html: '<p>Another site: search me not.</p>' } });
  const r = await drainAndIndex(ts.server.services, {});
  expect(r.failures).toEqual([]);
});

describe('the search index', () => {
  it('indexes what is published, through the publish queue', async () => {
    const rows = await ts.database.db.select({ id: cmsSearchIndex.contentId }).from(cmsSearchIndex).where(eq(cmsSearchIndex.siteId, A.siteId));
    expect(rows.map((r) => r.id).sort()).toEqual(Object.values(A.ids).sort());
  });

  it('finds Chinese either way round: simplified finds traditional and the reverse', async () => {
    expect(await found(A, '信息安全')).toEqual([A.ids.trad]);
    expect(await found(A, '软件')).toEqual([A.ids.trad]);
    expect(await found(A, '資料庫')).toEqual([A.ids.simp]);
    const hit = (await search(A, '网络 信息')).rows[0]!;
    expect(hit.titleHighlight).toContain('<em>');
    expect(hit.snippet).toContain('<em>網路</em>');
  });

  it('finds a Taiwan term written in simplified characters, and a mainland text by its traditional spelling', async () => {
    // 資訊 is indexed as the mainland 信息; 资讯 is how a mainland reader types the Taiwan word.
    expect(await found(A, '资讯')).toEqual([A.ids.trad]);
    expect((await search(A, '资讯')).rows[0]!.titleHighlight).toContain('<em>資訊</em>');
    // A mainland text that says 资讯, searched as Taiwan writes it.
    expect(await found(B, '資訊')).toEqual([B.ids.other]);
  });

  it('finds English by stem, ranks title hits first, reads phrases', async () => {
    expect((await found(A, 'searching'))[0]).toBe(A.ids.titleHit);
    expect((await found(A, 'searching')).sort()).toEqual([A.ids.titleHit, A.ids.simp, A.ids.bodyHit].sort());
    expect(await found(A, '"full text search"')).toEqual([A.ids.simp]);
    expect((await found(A, 'full text')).sort()).toEqual([A.ids.simp, A.ids.bodyHit].sort());
    expect(await found(A, 'search', { onlyTitle: true })).toEqual([A.ids.titleHit]);
    expect((await search(A, 'engineer run')).rows[0]!.snippet).toMatch(/<em>engineers<\/em> are <em>running<\/em>/);
  });

  it("leaves the caller's transaction as it found it: sequential scans, turned off for the search, are on again", async () => {
    await ts.database.db.transaction(async (tx) => {
      expect(await searchContents(tx, { siteId: A.siteId, q: '"full text search"', page: 1, size: 20 }).then((r) => r.rows.map((x) => x.contentId))).toEqual([A.ids.simp]);
      const shown = executedRows<{ enable_seqscan: string }>(await tx.execute(sql`show enable_seqscan`));
      expect(shown[0]!.enable_seqscan).toBe('on');
    });
  });

  it('filters by catalog, with its children when asked', async () => {
    expect(await found(A, '安全', { catalogId: A.cat.Tech })).toEqual([]);
    expect(await found(A, '安全', { catalogId: A.cat.Tech, includeChildren: true })).toEqual([A.ids.trad]);
    expect(await found(A, '安全', { catalogId: A.cat.Web })).toEqual([A.ids.trad]);
  });

  it("follows a catalog moved to another parent at once: its contents are in the new parent's subtree, not the old one's", async () => {
    await call('POST', `/cms/catalog/move/${A.cat.Web}/${A.cat.Life}`, undefined, A.siteId);
    try {
      expect(await found(A, '安全', { catalogId: A.cat.Life, includeChildren: true })).toEqual([A.ids.trad]);
      expect(await found(A, '安全', { catalogId: A.cat.Tech, includeChildren: true })).toEqual([]);
    } finally {
      await call('POST', `/cms/catalog/move/${A.cat.Web}/${A.cat.Tech}`, undefined, A.siteId);
    }
    expect(await found(A, '安全', { catalogId: A.cat.Tech, includeChildren: true })).toEqual([A.ids.trad]);
  });

  it('asks the index for the catalog and type terms, except while a rebuild may leave rows without them', async () => {
    const db = ts.database.db;
    const strip = sql`update cms_search_index set tsv = ts_delete(tsv, array['~c ${sql.raw(String(A.cat.Tech))}', '~t article']) where content_id = ${A.ids.trad}`;
    await db.execute(strip);
    try {
      // Rows written before the terms existed: the upgrade's rebuild is under way, the row filter alone finds them.
      await db.insert(cmsSearchRebuild).values({ siteId: A.siteId, total: 0 });
      expect(await found(A, '安全', { catalogId: A.cat.Tech, includeChildren: true, contentType: 'article' })).toEqual([A.ids.trad]);
      await db.delete(cmsSearchRebuild).where(eq(cmsSearchRebuild.siteId, A.siteId));
      // Rebuilt sites: the index keeps to the terms (this row, stripped by hand, is out of reach).
      expect(await found(A, '安全', { catalogId: A.cat.Tech, includeChildren: true })).toEqual([]);
      expect(await found(A, '安全', { contentType: 'article' })).toEqual([]);
      expect(await found(A, '安全')).toEqual([A.ids.trad]);
    } finally {
      await db.delete(cmsSearchRebuild).where(eq(cmsSearchRebuild.siteId, A.siteId));
      await call('POST', `/cms/search/build/${A.ids.trad}`, undefined, A.siteId);
    }
    expect(await found(A, '安全', { catalogId: A.cat.Tech, includeChildren: true, contentType: 'article' })).toEqual([A.ids.trad]);
  });

  it('never finds another site\'s contents', async () => {
    expect(await found(A, 'elsewhere')).toEqual([]);
    expect(await found(B, 'elsewhere')).toEqual([B.ids.other]);
    expect(await found(B, '资讯')).toEqual([B.ids.other]);
  });

  it('drops a content taken offline or deleted', async () => {
    await call('POST', '/cms/content/offline', { contentIds: [A.ids.bodyHit] }, A.siteId);
    await call('DELETE', '/cms/content', { contentIds: [A.ids.titleHit] }, A.siteId);
    await drainAndIndex(ts.server.services, {});
        expect(await found(A, 'search')).toEqual([A.ids.simp]);
    await call('POST', '/cms/content/publish', { contentIds: [A.ids.bodyHit] }, A.siteId);
    await drainAndIndex(ts.server.services, {});
        expect((await found(A, 'search')).sort()).toEqual([A.ids.simp, A.ids.bodyHit].sort());
  });
});

describe('the console routes', () => {
  const api = (method: string, url: string, body?: unknown, query?: Record<string, string>, lang = 'en') =>
    ts.api(method, url + (query ? `?${new URLSearchParams(query)}` : ''), { token: ts.admin, body, headers: { ...H, 'accept-language': lang, CurrentSite: String(A.siteId) } });

  it('finds, for an editor of one catalog, only that catalog\'s contents, whatever catalog the query names', async () => {
    const H2 = { ...H, CurrentSite: String(A.siteId) };
    const menuIds = MENUS.filter((m) => m.perms?.startsWith('cms:')).map((m) => m.menuId);
    const roleId = (await ts.api('POST', '/system/role', { token: ts.admin, headers: H, body: { roleName: 'Life desk', roleKey: 'life_desk', dataScope: '5', menuIds } })).data.roleId;
    expect((await ts.api('POST', '/system/user', { token: ts.admin, headers: H, body: { userName: 'lifedesk', nickName: 'Life desk', deptId: 100, password: 'Quill4321x', roleIds: [roleId] } })).code).toBe(200);
    expect((await ts.api('POST', '/cms/perms/site', { token: ts.admin, headers: H2, body: { ownerType: 'Role', owner: roleId, perms: [{ siteId: A.siteId, perms: { View: { granted: true } } }] } })).code).toBe(200);
    expect((await ts.api('POST', '/cms/perms/catalog', { token: ts.admin, headers: H2, body: { ownerType: 'Role', owner: roleId, perms: [{ catalogId: A.cat.Life, perms: { View: { granted: true } } }] } })).code).toBe(200);
    const desk = await ts.loginReady('lifedesk', 'Quill4321x');
    const as = async (query: Record<string, string>) => {
      const r = await ts.api('GET', `/cms/search/contents?${new URLSearchParams(query)}`, { token: desk, headers: H2 });
      expect(r.code, r.msg).toBe(200);
      return (r.data.rows as { contentId: number }[]).map((x) => x.contentId).sort((a, b) => a - b);
    };
    // "search" is in a Tech and a Life article (the other Life one was deleted above); this editor
    // sees the Life desk only (the catalog list as index terms).
    expect((await found(A, 'search')).sort((a, b) => a - b)).toEqual([A.ids.simp!, A.ids.bodyHit!].sort((a, b) => a - b));
    expect(await as({ query: 'search' })).toEqual([A.ids.bodyHit]);
    expect(await as({ query: 'search', catalogId: String(A.cat.Tech), includeChild: 'true' })).toEqual([]);
    expect(await as({ query: '安全' })).toEqual([]);
  });

  it('lists the site\'s index with highlights, shows a document, builds and deletes one', async () => {
    const list = await api('GET', '/cms/search/contents', undefined, { query: '資料庫', pageSize: '5' });
    expect(list.code).toBe(200);
    expect(list.data).toMatchObject({ total: 1, totalExact: true });
    expect(list.data.rows[0].titleHighlight).toBe('<em>数据库</em>');
    const all = await api('GET', '/cms/search/contents');
    expect(all.data.total).toBe(3);
    const doc = await api('GET', `/cms/search/content/${A.ids.simp}`);
    expect(doc.data.title).toBe('数据库');
    expect(doc.data.tsv).toContain("'数据库':1A");
    // The date buckets (time-buckets.ts) and the ranking terms are the index's business, not the reader's.
    expect(doc.data.tsv).not.toContain("'~ ");
    expect(doc.data.tsv).not.toMatch(/'~[ct] /);
    expect(doc.data).not.toHaveProperty('head');
    expect(doc.data).not.toHaveProperty('pairs');
    expect((await api('POST', '/cms/search/contents/delete', [A.ids.simp])).data.removed).toBe(1);
    expect((await api('GET', `/cms/search/content/${A.ids.simp}`)).code).not.toBe(200);
    expect((await api('POST', `/cms/search/build/${A.ids.simp}`)).data.indexed).toBe(1);
    expect(await found(A, '数据库')).toEqual([A.ids.simp]);
  });

  it('takes a custom word at the next query, without restart; a stop word is never searched', async () => {
    const before = await api('POST', '/search/dict/analyze', { text: '区块链技术' });
    expect(before.data.map((w: { word: string }) => w.word)).not.toContain('区块链');
    expect((await api('POST', '/search/dict', { wordType: 'WORD', words: ['区块链'] })).code).toBe(200);
    expect((await api('POST', '/search/dict', { wordType: 'STOP', words: ['技术'] })).code).toBe(200);
    const after = await api('POST', '/search/dict/analyze', { text: '區塊鏈技術' });
    expect(after.data).toEqual([{ word: '区块链', term: '区块链', subWords: ['区块', '链'] }, { word: '技术', term: null, subWords: [] }]);
    const words = await api('GET', '/search/dict', undefined, { wordType: 'WORD' });
    expect(words.data.rows.map((r: { word: string }) => r.word)).toEqual(['区块链']);
    // Words of another site are not this one's.
    const other = await ts.api('POST', '/search/dict/analyze', { token: ts.admin, body: { text: '区块链' }, headers: { ...H, CurrentSite: String(B.siteId) } });
    expect(other.data.map((w: { word: string }) => w.word)).not.toContain('区块链');
    const ids = (await api('GET', '/search/dict')).data.rows.map((r: { wordId: number }) => r.wordId);
    expect((await api('POST', '/search/dict/delete', ids)).data.removed).toBe(2);
    expect((await api('POST', '/search/dict/analyze', { text: '区块链' })).data.map((w: { word: string }) => w.word)).not.toContain('区块链');
  });

  it('refuses a bad word type, naming the field, in the caller\'s language', async () => {
    const r = await api('POST', '/search/dict', { wordType: 'NOPE', words: ['x'] }, undefined, 'zh-CN');
    expect(r.code).toBe(500);
    expect(r.msg).toContain('词类型');
  });

  it('rebuilds the site\'s index as an async task: what is missing comes back, what is stale goes', async () => {
    await ts.database.db.delete(cmsSearchIndex).where(eq(cmsSearchIndex.contentId, A.ids.trad));
    const r = await api('POST', '/cms/search/rebuild');
    expect(r.code).toBe(200);
    for (let i = 0; i < 100 && ts.server.services.tasks.get(r.data.taskId)?.status !== 'SUCCESS'; i++) await new Promise((res) => setTimeout(res, 50));
    expect(ts.server.services.tasks.get(r.data.taskId)?.status).toBe('SUCCESS');
    expect((await api('GET', '/cms/search/rebuild')).data).toBeNull();
    expect(await found(A, '信息安全')).toEqual([A.ids.trad]);
  });

  it('rebuilds oldest first, so the index lies in the table newest last (a window of the newest reads neighbouring pages): undated contents first, alike dates by id, across batches', async () => {
    const db = ts.database.db;
    // Dates against the id order, two alike to the microsecond, one missing.
    const dates: [number, string | null][] = [[A.ids.trad, '2026-03-01 10:00:00.123456+00'], [A.ids.simp, '2026-01-01 00:00:00+00'], [A.ids.titleHit, '2026-03-01 10:00:00.123456+00'], [A.ids.bodyHit, null]];
    for (const [id, d] of dates) await db.execute(sql`update cms_content set publish_date = ${d}::timestamptz, recycle_time = null, status = '30' where content_id = ${id}`);
    const walked: number[] = [];
    let at: Cursor = { date: null, id: 0 };
    for (let step = 0; step < 10; step++) {
      const next = await nextIds(db, A.siteId, at, 1);
      if (!next.ids.length) break;
      walked.push(...next.ids);
      at = next.last;
    }
    const [first, second] = [A.ids.trad, A.ids.titleHit].sort((a, b) => a - b);
    expect(walked).toEqual([A.ids.bodyHit, A.ids.simp, first, second]);
    // The whole rebuild: every one of them indexed, the cursor gone.
    await db.delete(cmsSearchIndex).where(eq(cmsSearchIndex.siteId, A.siteId));
    await beginRebuild(db, A.siteId, 'admin');
    await runRebuild(db, A.siteId);
    const rows = await db.select({ id: cmsSearchIndex.contentId }).from(cmsSearchIndex).where(eq(cmsSearchIndex.siteId, A.siteId));
    expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual([...walked].sort((a, b) => a - b));
    expect(await db.select().from(cmsSearchRebuild).where(eq(cmsSearchRebuild.siteId, A.siteId))).toEqual([]);
  });
});
