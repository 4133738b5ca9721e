import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../../../../tests/helpers/server.ts';
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
    expect(html).toContain('<ul class="links"><li><a href="http://acorn.example/">Acorn</a><img src=""></li><li><a href="https://chestnut.example/">Chestnut</a><img src="/friends/resources/image/c.png"></li></ul>');
    expect(html).not.toContain('Not ours');
  });

  it('lists the site\'s groups in their order', () => {
    expect(index('friends')).toContain('<p class="groups">[partners][empty]</p>');
  });
});
