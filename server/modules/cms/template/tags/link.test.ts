import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestServer } from '../../../../../tests/helpers/server.ts';
import { siteBase } from '../../../../config.ts';
import { multipartBody } from '../../../common/test-multipart.ts';
import { png } from '../../resource/test-files.ts';
import { cmsLink } from '../../link/schema.ts';
import { drainQueue } from '../../publish/worker.ts';
import { writeTemplates, type TestSite } from '../test-site.ts';

// A published page lists a friend-link group's links through cms_link, and the groups through
// cms_link_group; another site's group of the same code never shows.
const dataDir = mkdtempSync(join(tmpdir(), 'castanea-links-'));
const ts = useTestServer({ config: { dataDir } });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const H = { repeatSubmit: 'false', 'accept-language': 'en' };

async function ok(siteId: number, method: string, url: string, body?: unknown) {
  const r = await ts.api(method, url, { token: ts.admin, body, headers: { ...H, CurrentSite: String(siteId) } });
  expect(r.code, `${method} ${url}: ${r.msg}`).toBe(200);
  return r.data;
}
const index = (path: string) => readFileSync(join(dataDir, 'wwwroot', path, 'index.shtml'), 'utf8');

describe('cms_link on a published page', () => {
  let siteId = 0;
  beforeAll(async () => {
    siteId = (await ok(0, 'POST', '/cms/site', { name: 'Friends', path: 'friends' })).siteId;
    const other = (await ok(0, 'POST', '/cms/site', { name: 'Other', path: 'other' })).siteId;
    const partners = (await ok(siteId, 'POST', '/cms/link_group', { name: 'Partners', code: 'partners', sortFlag: 1 })).linkGroupId;
    await ok(siteId, 'POST', '/cms/link_group', { name: 'Empty', code: 'empty', sortFlag: 2 });
    await ok(siteId, 'POST', '/cms/link', { groupId: partners, name: 'Chestnut', url: 'https://chestnut.example/', sortFlag: 2, logo: '/friends/resources/image/c.png' });
    await ok(siteId, 'POST', '/cms/link', { groupId: partners, name: 'Acorn', url: 'http://acorn.example/', sortFlag: 1 });
    const elsewhere = (await ok(other, 'POST', '/cms/link_group', { name: 'Theirs', code: 'partners' })).linkGroupId;
    await ok(other, 'POST', '/cms/link', { groupId: elsewhere, name: 'Not ours', url: 'https://not.example/' });
    const site = { siteId, path: 'friends' } as TestSite;
    await writeTemplates(ts, site, {
      'index.template.html': [
        '<ul class="links">{% cms_link code: \'partners\' %}{% for l in DataList %}<li><a href="{{ l.url }}">{{ l.name }}</a><img src="{{ l.src }}"></li>{% endfor %}{% endcms_link %}</ul>',
        '<p class="groups">{% cms_link_group %}{% for g in DataList %}[{{ g.code }}]{% endfor %}{% endcms_link_group %}</p>',
      ].join(''),
    });
    await ok(siteId, 'POST', '/cms/site/publish', { siteId });
    await drainQueue(ts.server.services);
  });

  it('lists the group\'s links in their order, with their addresses and logos', () => {
    const html = index('friends');
    // A logo outside the library is kept as written, served from the sites' origin like every site file.
    const logo = `${siteBase(ts.server.services.config)}friends/resources/image/c.png`;
    expect(html).toContain(`<ul class="links"><li><a href="http://acorn.example/">Acorn</a><img src=""></li><li><a href="https://chestnut.example/">Chestnut</a><img src="${logo}"></li></ul>`);
    expect(html).not.toContain('Not ours');
  });

  it('lists the site\'s groups in their order', () => {
    expect(index('friends')).toContain('<p class="groups">[partners][empty]</p>');
  });
});

describe('a friend link\'s logo from the library', () => {
  let siteId = 0;
  let image = { path: '', src: '' };
  let groupId = 0;
  beforeAll(async () => {
    siteId = (await ok(0, 'POST', '/cms/site', { name: 'Library', path: 'library' })).siteId;
    const body = multipartBody('file', 'logo.png', await png(40, 30));
    const res = await ts.server.app.inject({ method: 'POST', url: '/prod-api/cms/resource/upload', payload: body.payload, headers: { ...body.headers, ...H, CurrentSite: String(siteId), authorization: `Bearer ${ts.admin}` } });
    image = res.json().data;
    groupId = (await ok(siteId, 'POST', '/cms/link_group', { name: 'Partners', code: 'partners' })).linkGroupId;
    await ok(siteId, 'POST', '/cms/link', { groupId, name: 'Chestnut', url: 'https://chestnut.example/', logo: image.src });
    await ok(siteId, 'POST', '/cms/link', { groupId, name: '<script>alert(1)</script>', url: 'https://x.example/?a="><script>alert(2)</script>', description: '<img src=x onerror=alert(3)>', sortFlag: 1 });
  });

  it('is stored as the resource\'s internal link, as a catalog\'s logo is, and shown back at its console address', async () => {
    const [stored] = await ts.database.db.select().from(cmsLink).where(eq(cmsLink.groupId, groupId));
    expect(stored!.logo).toBe(`iurl://${image.path}?sid=${siteId}&storage=Local`);
    expect((await ok(siteId, 'GET', `/cms/link/list?groupId=${groupId}`)).rows[0].logo).toBe(image.src);
  });

  it('is published at the address the sites\' origin serves the file at', async () => {
    await writeTemplates(ts, { siteId, path: 'library' } as TestSite, {
      'index.template.html': '{% cms_link code: \'partners\' %}{% for l in DataList %}<a href="{{ l.url }}" title="{{ l.description }}">{{ l.name }}</a><img src="{{ l.src }}">{% endfor %}{% endcms_link %}',
    });
    await ok(siteId, 'POST', '/cms/site/publish', { siteId });
    await drainQueue(ts.server.services);
    expect(index('library')).toContain(`<img src="${siteBase(ts.server.services.config)}library/${image.path}">`);
  });

  it('prints what an editor typed as text: a script in a name, an address or a description stays inert', () => {
    const html = index('library');
    expect(html).not.toMatch(/<script>alert|<img src=x/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('title="&lt;img src=x onerror=alert(3)&gt;"');
  });
});
