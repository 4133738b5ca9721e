import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { multipartBody } from '../../common/test-multipart.ts';
import { cmsArticleDetail } from '../content/schema.ts';
import { png } from './test-files.ts';
import { writeTemplates } from '../template/test-site.ts';
import { drainQueue } from '../publish/worker.ts';

// Issue 28 item 5: the library's images in a body get a text alternative from the resource's
// title when saved; an untitled one (its title only its file name) is marked decorative (alt="").
const dataDir = mkdtempSync(join(tmpdir(), 'castanea-imgalt-'));
const ts = useTestServer({ config: { dataDir } });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const H = { repeatSubmit: 'false', 'accept-language': 'en' };
let siteId = 0;
let news = 0;

async function ok(method: string, url: string, body?: unknown) {
  const r = await ts.api(method, url, { token: ts.admin, body, headers: { ...H, CurrentSite: String(siteId) } });
  expect(r.code, `${method} ${url}: ${r.msg}`).toBe(200);
  return r.data;
}
async function upload(fileName: string, fields: Record<string, string> = {}): Promise<{ path: string }> {
  const body = multipartBody('file', fileName, await png(40, 30), { fields });
  const res = await ts.server.app.inject({ method: 'POST', url: '/prod-api/cms/resource/upload', payload: body.payload, headers: { ...body.headers, ...H, CurrentSite: String(siteId), authorization: `Bearer ${ts.admin}` } });
  const r = res.json();
  expect(r.code, r.msg).toBe(200);
  return r.data;
}
const storedBody = async (id: number) => (await ts.database.db.select().from(cmsArticleDetail).where(eq(cmsArticleDetail.contentId, id)))[0]!.contentHtml;

beforeAll(async () => {
  siteId = (await ok('POST', '/cms/site', { name: 'Alt', path: 'alttext' })).siteId;
  [{ catalogId: news }] = await ok('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'News' });
  await writeTemplates(ts, { path: 'alttext' } as Parameters<typeof writeTemplates>[1], {
    'index.template.html': 'home',
    'list.template.html': 'list',
    'detail_article.template.html': '{% cms_article %}<div>{{ ArticleContent | raw }}</div>{% endcms_article %}',
  }, 'pc');
  await drainQueue(ts.server.services);
});

describe('alt text of the library\'s images', () => {
  it('fills a missing or empty alt from the title on save, alt="" for an untitled one, and keeps external images and authors\' alts', async () => {
    const titled = await upload('sunset.png', { name: 'Sunset over the "old" harbour' });
    const untitled = await upload('IMG_0042.png');
    const iurl = (key: string) => `iurl://${key}?sid=${siteId}&amp;storage=Local`;
    const contentHtml = `<p><img src="/prod-api/alttext/${titled.path}" alt=" "></p><p><img src="/prod-api/alttext/${untitled.path}"></p>`
      + '<p><img src="https://cdn.example.com/x.png"></p>'
      + `<p><img src="/prod-api/alttext/${titled.path}" alt="The author's words"></p>`;
    const id = (await ok('POST', '/cms/content?contentType=article', { catalogId: news, title: 'Pictures', contentHtml })).contentId as number;
    const stored = `<p><img src="${iurl(titled.path)}" alt="Sunset over the &quot;old&quot; harbour" /></p><p><img src="${iurl(untitled.path)}" alt="" /></p>`
      + '<p><img src="https://cdn.example.com/x.png" /></p>'
      + `<p><img src="${iurl(titled.path)}" alt="The author's words" /></p>`;
    expect(await storedBody(id)).toBe(stored);
    // The editor shows it; an alt the author then writes wins over the title.
    const loaded = await ok('GET', `/cms/content/${id}`);
    expect(loaded.contentHtml).toContain(`<img src="/prod-api/alttext/${titled.path}" alt="Sunset over the &quot;old&quot; harbour" />`);
    const edited = String(loaded.contentHtml).replace('alt="Sunset over the &quot;old&quot; harbour"', 'alt="Boats at dusk"');
    await ok('PUT', '/cms/content?contentType=article', { contentId: id, version: loaded.version, catalogId: news, title: loaded.title, contentHtml: edited });
    expect(await storedBody(id)).toContain(`<img src="${iurl(titled.path)}" alt="Boats at dusk" />`);

    await ok('POST', '/cms/content/publish', { contentIds: [id] });
    await drainQueue(ts.server.services);
    const page = readFileSync(join(dataDir, 'wwwroot', 'alttext', 'news', `${id}.shtml`), 'utf8');
    expect(page).toContain(`/${titled.path}" alt="Boats at dusk" />`);
    expect(page).toContain(`/${untitled.path}" alt="" />`);
    expect(page).toContain('<img src="https://cdn.example.com/x.png" />');
  });
});
