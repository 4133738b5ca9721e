import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { drainQueue } from '../publish/worker.ts';
import { cmsSearchIndex } from './schema.ts';
import { searchContents } from './query.ts';

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
  const r = await drainQueue(ts.server.services, {});
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

  it('finds English by stem, ranks title hits first, reads phrases', async () => {
    expect((await found(A, 'searching'))[0]).toBe(A.ids.titleHit);
    expect((await found(A, 'searching')).sort()).toEqual([A.ids.titleHit, A.ids.simp, A.ids.bodyHit].sort());
    expect(await found(A, '"full text search"')).toEqual([A.ids.simp]);
    expect((await found(A, 'full text')).sort()).toEqual([A.ids.simp, A.ids.bodyHit].sort());
    expect(await found(A, 'search', { onlyTitle: true })).toEqual([A.ids.titleHit]);
    expect((await search(A, 'engineer run')).rows[0]!.snippet).toMatch(/<em>engineers<\/em> are <em>running<\/em>/);
  });

  it('filters by catalog, with its children when asked', async () => {
    expect(await found(A, '安全', { catalogId: A.cat.Tech })).toEqual([]);
    expect(await found(A, '安全', { catalogId: A.cat.Tech, includeChildren: true })).toEqual([A.ids.trad]);
    expect(await found(A, '安全', { catalogId: A.cat.Web })).toEqual([A.ids.trad]);
  });

  it('never finds another site\'s contents', async () => {
    expect(await found(A, 'elsewhere')).toEqual([]);
    expect(await found(B, 'elsewhere')).toEqual([B.ids.other]);
    expect(await found(B, '资讯')).toEqual([B.ids.other]);
  });

  it('drops a content taken offline or deleted', async () => {
    await call('POST', '/cms/content/offline', { contentIds: [A.ids.bodyHit] }, A.siteId);
    await call('DELETE', '/cms/content', { contentIds: [A.ids.titleHit] }, A.siteId);
    await drainQueue(ts.server.services, {});
    expect(await found(A, 'search')).toEqual([A.ids.simp]);
    await call('POST', '/cms/content/publish', { contentIds: [A.ids.bodyHit] }, A.siteId);
    await drainQueue(ts.server.services, {});
    expect((await found(A, 'search')).sort()).toEqual([A.ids.simp, A.ids.bodyHit].sort());
  });
});
