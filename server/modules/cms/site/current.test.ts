import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { MENUS } from '../../shipped.ts';
import type { InjectOptions } from 'fastify';

// Issue 26 N8: a site id from the caller answered "Site not found: 999999" when no such site
// existed and "No site permissions." when it did, so ids could be probed. Every place that takes a
// site id from the caller now answers both alike, byte for byte.
const ts = useTestServer();
const H = { repeatSubmit: 'false', 'accept-language': 'en' };
const MISSING = 999_999;
const ids = { mine: 0, theirs: 0 };
let prober = '';

/** The raw reply, as a prober sees it: HTTP status and body bytes. */
async function raw(method: string, path: string, o: { body?: unknown; headers?: Record<string, string> } = {}) {
  const res = await ts.server.app.inject({ method: method as InjectOptions['method'], url: `/prod-api${path}`, headers: { ...H, authorization: `Bearer ${prober}`, ...o.headers }, payload: o.body as InjectOptions['payload'] });
  return `${res.statusCode} ${res.body}`;
}

/** Each call the prober can make naming a site id, for one id. */
const probes: Record<string, (siteId: number) => Promise<string>> = {
  'setCurrentSite': (id) => raw('POST', `/cms/site/setCurrentSite/${id}`),
  'GET /cms/site/:id': (id) => raw('GET', `/cms/site/${id}`),
  'CurrentSite header': (id) => raw('GET', '/cms/catalog/treeData', { headers: { CurrentSite: String(id) } }),
  'cc-current-site header': (id) => raw('GET', '/cms/catalog/treeData', { headers: { 'cc-current-site': String(id) } }),
  'preview': (id) => raw('GET', `/cms/preview/site/${id}`),
  'publish body': (id) => raw('POST', '/cms/site/publish', { headers: { CurrentSite: String(ids.mine) }, body: { siteId: id, publishIndex: true } }),
  'extends': (id) => raw('POST', `/cms/site/extends/${id}`, { body: {} }),
  'PUT /cms/site': (id) => raw('PUT', '/cms/site', { body: { siteId: id, name: 'Taken' } }),
  'DELETE /cms/site/:id': (id) => raw('DELETE', `/cms/site/${id}`),
};

beforeAll(async () => {
  const admin = (method: string, path: string, body?: unknown) => ts.api(method, path, { token: ts.admin, headers: H, body });
  ids.mine = (await admin('POST', '/cms/site', { name: 'Mine', path: 'mine' })).data.siteId;
  ids.theirs = (await admin('POST', '/cms/site', { name: 'Theirs', path: 'theirs' })).data.siteId;
  const keys = ['cms:site:view', 'cms:site:edit', 'cms:site:remove', 'cms:site:publish', 'cms:catalog:view'];
  const roleId = (await admin('POST', '/system/role', { roleName: 'Probers', roleKey: 'probers', dataScope: '5', menuIds: MENUS.filter((m) => m.perms && keys.includes(m.perms)).map((m) => m.menuId) })).data.roleId;
  await admin('POST', '/system/user', { userName: 'prober', nickName: 'Prober', deptId: 100, password: 'Probe4321', roleIds: [roleId] });
  await admin('POST', '/cms/perms/site', { ownerType: 'Role', owner: roleId, perms: [{ siteId: ids.mine, perms: { View: { granted: true }, Edit: { granted: true }, Publish: { granted: true } } }] });
  prober = await ts.loginReady('prober', 'Probe4321');
});

describe('a site id from the caller', () => {
  it.each(Object.keys(probes))('%s: answers alike for a site that does not exist and one without rights', async (name) => {
    const missing = await probes[name]!(MISSING);
    expect(missing).not.toMatch(/^200 .*"code":200/);
    expect(await probes[name]!(ids.theirs)).toBe(missing);
  });

  it('says what a legitimate user needs to know, in their language', async () => {
    expect(await ts.api('POST', `/cms/site/setCurrentSite/${MISSING}`, { token: prober, headers: H })).toEqual({ code: 403, msg: 'The site does not exist or you have no permission on it' });
    expect((await ts.api('GET', '/cms/catalog/treeData', { token: prober, headers: { ...H, 'accept-language': 'zh-TW', CurrentSite: String(ids.theirs) } })).msg).toBe('網站不存在，或您沒有該網站的權限');
    // The site the prober holds still works.
    expect((await ts.api('POST', `/cms/site/setCurrentSite/${ids.mine}`, { token: prober, headers: H })).data).toEqual({ siteId: ids.mine, siteName: 'Mine' });
  });
});
