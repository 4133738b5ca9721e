import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { cmsContent } from '../content/schema.ts';
import { upsertIndexRows } from './indexer.ts';
import { cmsSearchIndex } from './schema.ts';
import { phraseMask } from './pair-signature.ts';

// Index rows go to the database as one JSON parameter per statement (json_to_recordset): what is
// read back is what was written, quotes, backslashes, emoji, tags and dates included; a row with a
// lone surrogate (an error to PostgreSQL's JSON) goes as parameters, as before.
const ts = useTestServer();
let siteId = 0;
const contentIds: number[] = [];

async function call(method: string, url: string, body: unknown, site = siteId) {
  const r = await ts.api(method, url, { token: ts.admin, body, headers: { repeatSubmit: 'false', 'accept-language': 'en', CurrentSite: String(site) } });
  expect(r.code, `${method} ${url}: ${r.msg}`).toBe(200);
  return r.data;
}

beforeAll(async () => {
  siteId = (await call('POST', '/cms/site', { name: 'Upsert', path: 'upsert' }, 0)).siteId;
  const [cat] = await call('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'News' });
  for (const title of ['One', 'Two']) contentIds.push((await call('POST', '/cms/content?contentType=article', { catalogId: cat.catalogId, title, contentHtml: `<p>${title}</p>` })).contentId);
});

describe('writing index rows', () => {
  it('writes and rewrites rows exactly, by JSON and, for a lone surrogate, by parameters', async () => {
    const db = ts.database.db;
    const [c] = await db.select().from(cmsContent).where(eq(cmsContent.contentId, contentIds[0]!));
    const row = (contentId: number, title: string) => ({
      contentId, siteId, catalogId: c!.catalogId, catalogAncestors: c!.catalogAncestors, catalogName: 'Cat "quoted"', catalogPath: 'news/',
      contentType: 'article', title, subTitle: null, summary: "it's \\ back\\slash", body: 'body 😀 \u0001 end', tags: ['a"b', 'c\\d', '軟體'],
      author: null, logo: null, publishDate: new Date('2026-03-04T05:06:07.089Z'), staticPath: null, linkFlag: 'N', redirectUrl: null,
      tsv: "'it''s':1A 'back\\\\slash':2B '軟體':3", pairs: phraseMask([["'it''s'", "'back\\\\slash'"]]),
    });
    const rows = [row(contentIds[0]!, 'Title 😀 "one"'), row(contentIds[1]!, 'Lone \ud800 surrogate')];
    await upsertIndexRows(db, [rows[0]!]);
    await upsertIndexRows(db, [rows[1]!]);
    // Rewritten: the same content, another title.
    rows[0]!.title = 'Title rewritten';
    await upsertIndexRows(db, [rows[0]!]);
    const read = await db.select().from(cmsSearchIndex).where(eq(cmsSearchIndex.siteId, siteId)).orderBy(cmsSearchIndex.contentId);
    expect(read.map(({ indexedAt: _i, ...r }) => r)).toEqual(rows.map((r, i) => ({
      // PostgreSQL's text of a tsvector: lexemes in byte order, a backslash doubled; head: its weights A and B.
      ...r, title: i === 1 ? 'Lone \ufffd surrogate' : r.title, tsv: "'back\\\\slash':2B 'it''s':1A '軟體':3", head: "'back\\\\slash':2B 'it''s':1A",
    })));
  });
});
