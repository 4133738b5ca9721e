import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../../../../tests/helpers/server.ts';
import { renderContentPage } from '../render.ts';
import { makeTestSite, openSession, writeTemplates, type TestSite } from '../test-site.ts';

// A content page reads its own extension values straight on `Content` (`Content.extend.<code>`).
const dataDir = mkdtempSync(join(tmpdir(), 'castanea-xmodel-content-'));
const ts = useTestServer({ config: { dataDir } });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const H = { repeatSubmit: 'false', 'accept-language': 'en' };
let site: TestSite;

async function ok(method: string, url: string, body?: unknown) {
  const r = await ts.api(method, url, { token: ts.admin, body, headers: { ...H, CurrentSite: String(site.siteId) } });
  expect(r.code, `${method} ${url}: ${r.msg}`).toBe(200);
  return r.data;
}

describe('Content.extend on a content page', () => {
  beforeAll(async () => {
    site = await makeTestSite(ts, 'xcontent');
    const modelId = (await ok('POST', '/cms/exmodel', { name: 'Facts', code: 'facts', bindTo: 'content', contentType: 'article' })).modelId;
    await ok('POST', '/xmodel/field', { modelId, label: 'Author', code: 'author', fieldType: 'text' });
    await ok('PUT', `/cms/exmodel/data/content/${site.first}`, { author: 'Lu <Xun>' });
    await writeTemplates(ts, site, { 'detail_article.template.html': '<h1>{{ Content.title }}</h1><p class="x">[{{ Content.extend.author }}]</p>' });
  });

  it('prints the content\'s own values, escaped; nothing for a content without any', async () => {
    const session = await openSession(ts, site);
    expect((await renderContentPage(session, site.first, 1)).html).toContain('<p class="x">[Lu &lt;Xun&gt;]</p>');
    expect((await renderContentPage(session, site.second, 1)).html).toContain('<p class="x">[]</p>');
  });
});
