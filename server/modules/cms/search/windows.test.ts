import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { cmsCatalog } from '../catalog/schema.ts';
import { cmsArticleDetail, cmsContent } from '../content/schema.ts';
import { indexContents } from './indexer.ts';
import { SEARCH_LIMITS, forgetSearchCaches, searchContents } from './query.ts';
import { forgetTermShares, queryShare, termShares } from './term-frequency.ts';

// Issue 30 "Speed": a query reads a window of the site's newest contents (date-bucket terms in
// the index), reads the newest one by one when its words are in most contents, checks a phrase
// among its newest candidates, and says "about" how many when it has not seen them all. The
// bounds are shrunk here so a site of 64 contents takes every path.
const ts = useTestServer();
const H = { repeatSubmit: 'false', 'accept-language': 'en' };
const DEFAULTS = { ...SEARCH_LIMITS };
const SMALL = { RANKED: 4, FIRST_WINDOW: 8, WALK_MAX: 10, PHRASE_CANDIDATES: 6, MAX_RESULT_WINDOW: 40, WALK_SHARE: 2 };
afterEach(() => Object.assign(SEARCH_LIMITS, SMALL));
afterAll(() => {
  Object.assign(SEARCH_LIMITS, DEFAULTS);
  forgetSearchCaches();
});

let siteId = 0;
const cat = { even: 0, odd: 0 };
/** content ids by age: ids[0] the oldest (published 2026-01-01), ids[63] the newest, one a day */
const ids: number[] = [];

beforeAll(async () => {
  // Site ids repeat across the test files' databases, which may share this process.
  forgetSearchCaches();
  Object.assign(SEARCH_LIMITS, SMALL);
  const call = async (url: string, body: unknown, site: number) => {
    const r = await ts.api('POST', url, { token: ts.admin, body, headers: { ...H, CurrentSite: String(site) } });
    expect(r.code, r.msg).toBe(200);
    return r.data;
  };
  siteId = (await call('/cms/site', { name: 'Windows', path: 'windows' }, 0)).siteId;
  for (const c of await call('/cms/catalog/batchAdd', { parentId: 0, catalogs: 'Even\nOdd' }, siteId)) cat[c.name === 'Even' ? 'even' : 'odd'] = c.catalogId;
  const { db } = ts.database;
  const ancestors = new Map((await db.select({ id: cmsCatalog.catalogId, a: cmsCatalog.ancestors }).from(cmsCatalog).where(eq(cmsCatalog.siteId, siteId))).map((r) => [r.id, r.a]));
  await db.transaction(async (tx) => {
    for (let i = 0; i < 64; i++) {
      const catalogId = i % 2 ? cat.odd : cat.even;
      // Every content holds alpha; the oldest ten beta; two hold the phrase "gamma delta", the rest both words apart.
      const title = i === 62 ? 'Alpha in the title' : `Note ${i}`;
      const body = `<p>alpha notes ${i < 10 ? 'beta ' : ''}${i === 5 || i === 60 ? 'gamma delta' : 'gamma zeta delta'}.</p>`;
      const [row] = await tx.insert(cmsContent).values({
        siteId, catalogId, catalogAncestors: ancestors.get(catalogId)!, contentType: 'article', title, status: '30', publishDate: new Date(Date.UTC(2026, 0, 1 + i, 12)),
      }).returning({ id: cmsContent.contentId });
      await tx.insert(cmsArticleDetail).values({ contentId: row!.id, contentHtml: body });
      ids.push(row!.id);
    }
    await indexContents(tx, ids);
  });
});

const search = (q: string, more: Partial<Parameters<typeof searchContents>[1]> = {}) => searchContents(ts.database.db, { siteId, q, page: 1, size: 20, ...more });
const idsOf = async (q: string, more: Partial<Parameters<typeof searchContents>[1]> = {}) => (await search(q, more)).rows.map((r) => r.contentId);

describe('a search on a site larger than its windows', () => {
  it('ranks the newest matches of a common word, says about how many, and pages on newest first', async () => {
    const first = await search('alpha', { size: 2 });
    // The title hit leads the ranked window (the RANKED newest); the count is an estimate.
    expect(first.rows.map((r) => r.contentId)).toEqual([ids[62], ids[63]]);
    expect(first.totalExact).toBe(false);
    expect(first.total).toBeGreaterThanOrEqual(48);
    expect(first.total).toBeLessThanOrEqual(80);
    expect(await idsOf('alpha', { size: 2, page: 2 })).toEqual([ids[61], ids[60]]);
    // Past the ranked window: newest first.
    expect(await idsOf('alpha', { size: 2, page: 3 })).toEqual([ids[59], ids[58]]);
    expect(await idsOf('alpha', { size: 2, page: 10 })).toEqual([ids[45], ids[44]]);
  });

  it('widens the window to the whole site for a rarer word: every match found, counted exactly', async () => {
    const r = await search('beta');
    expect(r.rows.map((x) => x.contentId).sort((a, b) => a - b)).toEqual(ids.slice(0, 10));
    expect(r).toMatchObject({ total: 10, totalExact: true });
  });

  it('filters by catalog inside the window', async () => {
    expect(await idsOf('alpha', { catalogId: cat.odd, size: 3 })).toEqual([ids[63], ids[61], ids[59]]);
    // The first window is widened by the share of the newest the filter passes (half): here the
    // whole site at once, so every match is seen and counted exactly.
    expect(await search('alpha', { catalogId: cat.odd, size: 3 })).toMatchObject({ total: 32, totalExact: true });
    expect((await idsOf('beta', { catalogId: cat.even })).sort((a, b) => a - b)).toEqual([0, 2, 4, 6, 8].map((i) => ids[i]));
  });

  it('stops at the deepest page: no rows, still a count', async () => {
    const r = await search('alpha', { size: 2, page: 21 });
    expect(r.rows).toEqual([]);
    expect(r.total).toBeGreaterThan(40);
  });

  it('reads the newest contents one by one for words most contents hold, with the same results', async () => {
    const byWindow = await idsOf('alpha', { size: 4 });
    SEARCH_LIMITS.WALK_SHARE = 0;
    const walked = await search('alpha', { size: 4 });
    expect(walked.rows.map((r) => r.contentId)).toEqual(byWindow);
    expect(walked.totalExact).toBe(false);
    // A word the newest lack goes on to the window loop and is still found whole.
    expect((await search('beta')).total).toBe(10);
  });

  it('checks a phrase among its newest candidates only, and says so, with or without their pairs filters', async () => {
    const check = async () => {
      const near = await search('"gamma delta"');
      expect(near.rows.map((r) => r.contentId)).toEqual([ids[60]]);
      expect(near.totalExact).toBe(false);
      SEARCH_LIMITS.WALK_SHARE = 0;
      expect(await idsOf('"gamma delta"')).toEqual([ids[60]]);
      Object.assign(SEARCH_LIMITS, { PHRASE_CANDIDATES: 100, WALK_SHARE: 2 });
      const all = await search('"gamma delta"');
      expect(all.rows.map((r) => r.contentId)).toEqual([ids[60], ids[5]]);
      expect(all).toMatchObject({ total: 2, totalExact: true });
      Object.assign(SEARCH_LIMITS, SMALL);
    };
    await check();
    // Rows written before they had a filter (pair-signature.ts) are read whatever their pairs: the same results.
    await ts.database.db.execute(sql`update cms_search_index set pairs = null where site_id = ${siteId}`);
    try {
      await check();
    } finally {
      await indexContents(ts.database.db, ids);
    }
  });

  it("takes how common a word is from the database's statistics", async () => {
    await ts.database.db.execute(sql`analyze cms_search_index`);
    forgetTermShares();
    const shares = await termShares(ts.database.db);
    expect(shares.share.get('alpha')).toBeGreaterThan(0.5);
    expect(queryShare(shares, [[{ terms: ['alpha'] }]])).toBeGreaterThan(0.5);
    expect(queryShare(shares, [[{ terms: ['alpha'] }, { terms: ['beta'] }]])).toBeLessThan(0.5);
  });
});
