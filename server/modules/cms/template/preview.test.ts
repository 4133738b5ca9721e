import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { worldDigest } from '../../../../tests/helpers/access-matrix.ts';
import { allBits, permBit } from '../../../../shared/cms/perms.ts';
import { cmsGrant } from '../perms/schema.ts';
import { makeTestSite, type TestSite } from './test-site.ts';

// Issue 11 §3 Preview (spec §2 /cms/preview): a page renders for a signed-in reader with View on
// its site and catalog, drafts included, links lead to other previews with no token, and nothing
// is written; anything else is "not found".
const dataDir = mkdtempSync(join(tmpdir(), 'castanea-preview-'));
const ts = useTestServer({ config: { dataDir, port: 8090 } });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
let site: TestSite;
let readerId: number;
let reader: string;

const preview = async (token: string, path: string, query: Record<string, string> = {}) => {
  const r = await ts.api('GET', `/cms/preview/${path}${Object.keys(query).length ? `?${new URLSearchParams(query)}` : ''}`, { token, headers: { 'accept-language': 'en' } });
  // The page itself is on the sites' port, under the reply's ticket.
  if (r.code === 200) r.data.html = (await frameOf(r.data.frameUrl)).body;
  return r;
};
const frameOf = (frameUrl: string) => ts.server.sites.inject({ method: 'GET', url: new URL(frameUrl).pathname, headers: { 'accept-language': 'en' } });
/** A preview link as the server prints it into a page: the console's preview page (its origin: the API's), `&` escaped. */
const link = (type: string, id: number, extra = '') => `http://localhost/admin/cms/preview?type=${type}&amp;id=${id}&amp;pp=pc${extra}`;

/** Every file below the data directory with its bytes, to prove a preview writes none. */
const filesOf = () => readdirSync(dataDir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).map((d) => `${join(d.parentPath, d.name)}:${readFileSync(join(d.parentPath, d.name)).length}`).sort();

async function grants(site: number, catalogs: number[], siteBits = permBit('Site', 'View')) {
  const db = ts.database.db;
  await db.delete(cmsGrant).where(and(eq(cmsGrant.ownerType, 'User'), eq(cmsGrant.ownerId, readerId)));
  const rows = [
    ...(siteBits ? [{ ownerType: 'User', ownerId: readerId, objectType: 'Site', objectId: site, bits: siteBits }] : []),
    ...catalogs.map((objectId) => ({ ownerType: 'User', ownerId: readerId, objectType: 'Catalog', objectId, bits: permBit('Catalog', 'View') })),
  ];
  if (rows.length) await db.insert(cmsGrant).values(rows);
}

beforeAll(async () => {
  site = await makeTestSite(ts, 'peek');
  const h = { repeatSubmit: 'false', CurrentSite: String(site.siteId) };
  expect((await ts.api('PUT', '/cms/catalog', { token: ts.admin, headers: h, body: { catalogId: site.cat.World, pageSize: 1 } })).code).toBe(200);
  // A reader with no role: the preview needs a signature, then grants on the objects.
  const r = await ts.api('POST', '/system/user', { token: ts.admin, headers: { repeatSubmit: 'false' }, body: { userName: 'peeker', nickName: 'Peeker', deptId: 100, password: 'Matrix2026x', roleIds: [] } });
  expect(r.code, r.msg).toBe(200);
  readerId = r.data.userId;
  reader = await ts.loginReady('peeker', 'Matrix2026x');
});

describe('preview', () => {
  it('renders the site\'s home page with the default theme, links to previews, and where it is published', async () => {
    const r = await preview(ts.admin, `site/${site.siteId}`);
    expect(r.code, r.msg).toBe(200);
    expect(r.data).toMatchObject({ type: 'site', id: site.siteId, siteId: site.siteId, title: 'Site peek', pipeCode: 'pc', pipes: [{ code: 'pc', name: expect.any(String) }], pageNo: 1, pageTotal: 1, template: 'index.template.html', publishedUrl: 'http://localhost:8091/peek/index.shtml' });
    expect(r.data.frameUrl).toMatch(/^http:\/\/localhost:8091\/_preview\/[A-Za-z0-9_-]{43}$/);
    expect(r.data.html).toContain(`<a href="${link('catalog', site.cat.News!)}" target="_top">News</a>`);
    expect(r.data.html).toContain(link('content', site.first));
    expect(JSON.stringify(r.data)).not.toMatch(/Bearer|Authorization|token=/i);
    expect(JSON.stringify(r.data)).not.toContain(ts.admin);
  });

  it('renders page N of a catalog and of an article, and a book chapter', async () => {
    const list = await preview(ts.admin, `catalog/${site.cat.World}`, { pi: '2', pp: 'pc' });
    expect(list.data).toMatchObject({ pageNo: 2, pageTotal: 2, title: 'World', publishedUrl: 'http://localhost:8091/peek/news/world/index_2.shtml' });
    expect(list.data.html).toContain(`<a href="${link('catalog', site.cat.World!)}" class="page_link page_first" target="_top">`);
    const part = await preview(ts.admin, `content/${site.first}`, { pi: '2' });
    expect(part.data).toMatchObject({ pageNo: 2, pageTotal: 2, publishedUrl: `http://localhost:8091/peek/news/world/${site.first}_2.shtml` });
    expect(part.data.html).toContain('Part two with');
    const chapter = await preview(ts.admin, `content/${site.book}`, { chapter: String(site.chapters[1]) });
    expect(chapter.data).toMatchObject({ chapterId: site.chapters[1], title: 'A book · Chapter two' });
    expect(chapter.data.html).toContain('<div class="prose"><p>Chapter two text</p></div>');
  });

  it('renders a draft (not published: no published address) and writes nothing', async () => {
    const before = await worldDigest(ts.database.db);
    const files = filesOf();
    const r = await preview(ts.admin, `content/${site.draft}`);
    expect(r.code, r.msg).toBe(200);
    expect(r.data).toMatchObject({ title: 'Draft story', publishedUrl: null });
    expect(r.data.html).toContain('<h1 class="page-title">Draft story</h1>');
    for (const p of [`site/${site.siteId}`, `catalog/${site.cat.News}`, `content/${site.book}`]) expect((await preview(ts.admin, p)).code).toBe(200);
    expect(await worldDigest(ts.database.db)).toEqual(before);
    expect(filesOf()).toEqual(files);
  });

  it('answers "not found" for unknown ids, a recycled content, an unknown pipe or chapter, and refuses bad input', async () => {
    expect(await preview(ts.admin, 'content/999999')).toMatchObject({ code: 500, msg: 'The content does not exist or is out of your reach' });
    expect(await preview(ts.admin, 'catalog/999999')).toMatchObject({ msg: 'The catalog does not exist or is out of your reach' });
    expect((await preview(ts.admin, 'site/999999')).msg).toBe('The site does not exist or you have no permission on it');
    expect((await preview(ts.admin, `content/${site.book}`, { chapter: '999999' })).msg).toBe('The content does not exist or is out of your reach');
    expect((await preview(ts.admin, `site/${site.siteId}`, { pp: 'nope' })).msg).toBe('The site has no publish pipe "nope"');
    expect((await preview(ts.admin, `page/${site.siteId}`)).code).not.toBe(200);
    expect((await preview(ts.admin, `content/${site.first}`, { pi: '0' })).code).not.toBe(200);
    const recycled = await ts.api('POST', '/cms/content/recycle', { token: ts.admin, headers: { repeatSubmit: 'false', CurrentSite: String(site.siteId) }, body: { contentIds: [site.second] } });
    expect(recycled.code).toBe(200);
    expect((await preview(ts.admin, `content/${site.second}`)).msg).toBe('The content does not exist or is out of your reach');
  });

  it('needs a signature, then View on the site and on the catalog of what it shows', async () => {
    expect((await ts.api('GET', `/cms/preview/site/${site.siteId}`, {})).code).toBe(401);
    await grants(site.siteId, [], 0);
    expect((await preview(reader, `site/${site.siteId}`)).msg).toBe('The site does not exist or you have no permission on it');
    expect((await preview(reader, `content/${site.first}`)).msg).toBe('The content does not exist or is out of your reach');
    // The site, no catalog: the home page yes, catalogs and contents no.
    await grants(site.siteId, []);
    expect((await preview(reader, `site/${site.siteId}`)).code).toBe(200);
    expect((await preview(reader, `catalog/${site.cat.Books}`)).msg).toBe('The catalog does not exist or is out of your reach');
    expect((await preview(reader, `content/${site.book}`)).msg).toBe('The content does not exist or is out of your reach');
    // Books only: its book and chapters, not News' contents.
    await grants(site.siteId, [site.cat.Books]);
    expect((await preview(reader, `catalog/${site.cat.Books}`)).code).toBe(200);
    expect((await preview(reader, `content/${site.book}`, { chapter: String(site.chapters[0]) })).code).toBe(200);
    expect((await preview(reader, `content/${site.first}`)).msg).toBe('The content does not exist or is out of your reach');
    // A catalog grant without the site's View is not enough.
    await grants(site.siteId, [site.cat.Books], 0);
    expect((await preview(reader, `content/${site.book}`)).code).not.toBe(200);
    await grants(site.siteId, [site.cat.Books], allBits('Site'));
  });
});
