import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { CONSOLE_HEADERS, siteCalls } from '../../../../tests/helpers/site-calls.ts';
import { drainAndIndex } from '../search/drain-and-index.ts';
import { readWorkbook } from '../../../core/xlsx.ts';
import { renderCatalogPage } from '../template/render.ts';
import { openSession as openDbSession, sessionConfig } from '../template/session-open.ts';

// Issue 29 part 3's acceptance: a content type bound to an extension model with many kinds of
// field; the editor's values are checked, and the published page (the default theme) shows them
// as a definition list, display-ready and escaped; the site's and a catalog's values are on
// `Site` and `Catalog`.
const dataDir = mkdtempSync(join(tmpdir(), 'castanea-xmodel-published-'));
const ts = useTestServer({ config: { dataDir } });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const H = CONSOLE_HEADERS;
let siteId = 0;
let books = 0;
let novel = 0;
let plain = 0;

const { call, ok } = siteCalls(ts, () => siteId);
async function model(name: string, code: string, bindTo: string, fields: Record<string, unknown>[], contentType = '') {
  const modelId = (await ok('POST', '/cms/exmodel', { name, code, bindTo, contentType })).modelId;
  for (const [i, f] of fields.entries()) await ok('POST', '/xmodel/field', { ...f, modelId, sortFlag: i });
}
/** The published file of a content (the default pipe's folder). */
function published(id: number): string {
  const root = join(dataDir, 'wwwroot');
  const hit = readdirSync(root, { recursive: true }).map(String).find((p) => p.endsWith(`/books/${id}.shtml`));
  expect(hit, `page of ${id}`).toBeTruthy();
  return readFileSync(join(root, hit!), 'utf8');
}

beforeAll(async () => {
  siteId = (await ok('POST', '/cms/site', { name: 'Shelf', path: 'xshelf' })).siteId;
  [{ catalogId: books }] = await ok('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'Books' });
  await ok('POST', '/system/dict/type', { dictName: 'Genres', dictType: 'xgenre' });
  await ok('POST', '/system/dict/data', { dictType: 'xgenre', dictLabel: 'Novel', dictValue: 'nov', dictSort: 1 });
  await ok('POST', '/system/dict/data', { dictType: 'xgenre', dictLabel: 'Poetry', dictValue: 'poe', dictSort: 2 });
  await model('Book facts', 'bookfacts', 'content', [
    { label: 'Writer', code: 'writer', fieldType: 'text', required: 'Y', maxLength: 60, searchable: 'Y' },
    { label: 'Pages', code: 'pages', fieldType: 'number', minValue: 1, maxValue: 5000 },
    { label: 'Released', code: 'released', fieldType: 'date' },
    { label: 'Genre', code: 'genre', fieldType: 'select', dictType: 'xgenre' },
    { label: 'Forms', code: 'forms', fieldType: 'checkbox', dictType: 'xgenre' },
    { label: 'Signed', code: 'signed', fieldType: 'switch' },
    { label: 'Blurb', code: 'blurb', fieldType: 'richtext' },
    { label: 'Cover', code: 'cover', fieldType: 'image' },
    { label: 'Notes', code: 'notes', fieldType: 'textarea' },
  ], 'article');
  await model('Site facts', 'sitefacts', 'site', [{ label: 'Owner', code: 'owner', fieldType: 'text' }]);
  await model('Shelf facts', 'shelffacts', 'catalog', [{ label: 'Motto', code: 'motto', fieldType: 'text' }, { label: 'Open', code: 'open', fieldType: 'switch' }]);
  novel = (await ok('POST', '/cms/content?contentType=article', { catalogId: books, title: 'A novel', contentHtml: '<p>Body</p>' })).contentId;
  plain = (await ok('POST', '/cms/content?contentType=article', { catalogId: books, title: 'No facts', contentHtml: '<p>Body</p>' })).contentId;
});

describe('extension values on a published page', () => {
  it('refuses values breaking a field\'s rule, naming the field, and stores nothing', async () => {
    expect((await call('PUT', `/cms/exmodel/data/content/${novel}`, { writer: 'Ann', pages: 9000 })).msg).toBe('Pages must be between 1 and 5000');
    expect((await call('PUT', `/cms/exmodel/data/content/${novel}`, { writer: 'Ann', released: '2023-02-30' })).msg).toMatch(/^Released /);
    expect((await call('PUT', `/cms/exmodel/data/content/${novel}`, { writer: 'Ann', genre: 'sci' })).msg).toBe('Genre: "sci" is not one of its choices');
    expect((await call('PUT', `/cms/exmodel/data/content/${novel}`, { pages: 3 })).msg).toBe('Writer cannot be empty');
    expect((await ok('GET', `/cms/exmodel/data/content/${novel}`)).values).toEqual({});
  });

  it('shows the content\'s fields with their labels as a definition list, display-ready and escaped', async () => {
    await ok('PUT', `/cms/exmodel/data/content/${novel}`, {
      writer: '<script>alert(1)</script> Lu', pages: '320', released: '2024-05-01', genre: 'nov', forms: ['nov', 'poe'], signed: 'Y',
      blurb: '<p><b>Great</b> read</p><script>alert(2)</script><img src="x" onerror="alert(3)">', cover: '/xshelf/resources/image/c.png', notes: '',
    });
    await ok('POST', '/cms/content/publish', { contentIds: [novel, plain] });
    await drainAndIndex(ts.server.services);
    const html = published(novel);
    const list = html.slice(html.indexOf('<dl class="extend-fields">'), html.indexOf('</dl>') + 5);
    expect(list).toContain('<dt>Writer</dt><dd>&lt;script&gt;alert(1)&lt;/script&gt; Lu</dd>');
    expect(list).toContain('<dt>Pages</dt><dd>320</dd>');
    expect(list).toContain('<dt>Released</dt><dd>2024-05-01</dd>');
    expect(list).toContain('<dt>Genre</dt><dd>Novel</dd>');
    expect(list).toContain('<dt>Forms</dt><dd>Novel, Poetry</dd>');
    expect(list).toMatch(/<dt>Signed<\/dt><dd>(Yes|是)<\/dd>/);
    expect(list).toContain('<dt>Blurb</dt><dd><div class="prose"><p><b>Great</b> read</p>');
    expect(list).toMatch(/<dt>Cover<\/dt><dd><img src="[^"]*\/resources\/image\/c\.png" alt="Cover" loading="lazy"><\/dd>/);
    // A blank field is left out; nothing of the scripts survives as markup.
    expect(list).not.toContain('Notes');
    expect(html).not.toMatch(/<script>alert|onerror/);
    // Fields in the model's order.
    expect([...list.matchAll(/<dt>([^<]+)<\/dt>/g)].map((m) => m[1])).toEqual(['Writer', 'Pages', 'Released', 'Genre', 'Forms', 'Signed', 'Blurb', 'Cover']);
  });

  it('prints no list for a content without values', () => {
    expect(published(plain)).not.toContain('<dl class="extend-fields"');
  });

  it('exports the content list with a labelled column per extension field', async () => {
    const exported = async (filters: string) => {
      const r = await ts.server.app.inject({ method: 'POST', url: '/prod-api/cms/content/list', payload: filters, headers: { Authorization: `Bearer ${ts.admin}`, CurrentSite: String(siteId), 'content-type': 'application/x-www-form-urlencoded', 'cc-export': '1', ...H } });
      expect(r.headers['content-type']).toMatch(/spreadsheetml/);
      const sheet = (await readWorkbook(r.rawPayload)).worksheets[0]!;
      const rows: string[][] = [];
      sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
      return rows;
    };
    const [header, ...rows] = await exported(`catalogId=${books}`);
    expect(header).toEqual(['Content id', 'Title', 'Content type', 'Catalog', 'Status', 'Author', 'Publish date', 'Created', 'Writer', 'Pages', 'Released', 'Genre', 'Forms', 'Signed', 'Blurb', 'Cover', 'Notes']);
    const row = rows.find((r) => r[1] === 'A novel')!;
    expect(row.slice(2, 5)).toEqual(['article', 'Books', 'Published']);
    expect(row.slice(8, 16)).toEqual(['<script>alert(1)</script> Lu', '320', '2024-05-01', 'Novel', 'Novel, Poetry', expect.stringMatching(/^(Yes|是)$/), 'Great read', '/xshelf/resources/image/c.png']);
    expect(rows.find((r) => r[1] === 'No facts')!.slice(8).every((v) => v === '')).toBe(true);
    // The list's filters apply: the extension search finds the novel only.
    expect((await exported(`extend=${encodeURIComponent('Lu')}`)).slice(1).map((r) => r[1])).toEqual(['A novel']);
    // Without the export header, the list path takes no POST.
    expect((await call('POST', '/cms/content/list', {})).code).not.toBe(200);
  });

  it('puts the site\'s and a catalog\'s values on Site and Catalog', async () => {
    await ok('PUT', '/cms/exmodel/data/site', { owner: 'Ann & <Bob>' });
    await ok('PUT', `/cms/exmodel/data/catalog/${books}`, { motto: 'Read more', open: 'N' });
    const list = '{{ Site.extend.owner }}|{{ Catalog.extend.motto }}|{{ Catalog.extend.open }}|{% for f in Catalog.extendFields %}{{ f.label }}={{ f.value }};{% endfor %}';
    const session = await openDbSession(ts.database.db, siteId, 'pc', sessionConfig(ts.server.services), { overrides: { 'list.template.html': list } });
    const html = (await renderCatalogPage(session, books)).html;
    expect(html).toMatch(/^Ann &amp; &lt;Bob&gt;\|Read more\|(No|否)\|Motto=Read more;Open=(No|否);$/);
  });
});
