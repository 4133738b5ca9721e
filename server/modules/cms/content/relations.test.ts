import { beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { MENUS } from '../../shipped.ts';
import { cmsContentRela } from './schema.ts';

// Issue 26 item 14: related contents go through the same catalog check as the contents themselves.
const ts = useTestServer();
const H = { repeatSubmit: 'false', 'accept-language': 'en' };
let siteId = 0;
const cat: Record<string, number> = {};
let editor = '';

const call = (method: string, path: string, body?: unknown, token = ts.admin) => ts.api(method, path, { token, body, headers: { ...H, CurrentSite: String(siteId) } });
async function ok(method: string, path: string, body?: unknown, token = ts.admin) {
  const r = await call(method, path, body, token);
  expect(r.code, `${method} ${path}: ${r.msg}`).toBe(200);
  return r.data;
}
const add = async (catalog: string, title: string, relaContentIds: number[] = [], token = ts.admin) =>
  (await ok('POST', '/cms/content?contentType=article', { catalogId: cat[catalog], title, relaContentIds }, token)).contentId as number;
const storedRelations = async (contentId: number) =>
  (await ts.database.db.select({ id: cmsContentRela.relaContentId }).from(cmsContentRela).where(eq(cmsContentRela.contentId, contentId)).orderBy(asc(cmsContentRela.sortFlag))).map((r) => r.id);

describe('related contents', () => {
  let open = 0;
  let secret = 0;

  // A site where an editor may view one catalog and not the other.
  beforeAll(async () => {
    siteId = (await ts.api('POST', '/cms/site', { token: ts.admin, headers: H, body: { name: 'Rela', path: 'rela' } })).data.siteId;
    for (const c of await ok('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'Open\nSecret' })) cat[c.name] = c.catalogId;
    const menuIds = MENUS.filter((m) => m.perms?.startsWith('cms:')).map((m) => m.menuId);
    const roleId = (await ts.api('POST', '/system/role', { token: ts.admin, headers: H, body: { roleName: 'Rela desk', roleKey: 'rela_desk', dataScope: '5', menuIds } })).data.roleId;
    await ts.api('POST', '/system/user', { token: ts.admin, headers: H, body: { userName: 'reladesk', nickName: 'Desk', deptId: 100, password: 'Rela12345', roleIds: [roleId] } });
    await ok('POST', '/cms/perms/site', { ownerType: 'Role', owner: roleId, perms: [{ siteId, perms: { View: { granted: true } } }] });
    await ok('POST', '/cms/perms/catalog', { ownerType: 'Role', owner: roleId, perms: [{ catalogId: cat.Open, perms: Object.fromEntries(['View', 'AddContent', 'EditContent'].map((p) => [p, { granted: true }])) }] });
    editor = await ts.loginReady('reladesk', 'Rela12345');
    open = await add('Open', 'Open story');
    secret = await add('Secret', 'Secret draft');
  });

  it('refuses a related content in a catalog the editor may not view, naming the field, and writes nothing', async () => {
    for (const ids of [[secret], [open, secret]]) {
      const r = await call('POST', '/cms/content?contentType=article', { catalogId: cat.Open, title: `Mine ${ids.length}`, relaContentIds: ids }, editor);
      expect(r.code).toBe(500);
      expect(r.msg).toBe(`Related contents: content ${secret} does not exist or is out of your reach`);
      expect(r.data).toEqual({ field: 'relaContentIds' });
    }
    expect((await ok('GET', `/cms/content/list?catalogId=${cat.Open}&title=Mine`)).total).toBe(0);
    const mine = await add('Open', 'Mine', [open], editor);
    expect(await storedRelations(mine)).toEqual([open]);
  });

  it('loads only the related contents the reader may view, and a save keeps the others', async () => {
    const gone = await add('Open', 'Soon in the bin');
    const both = await add('Open', 'Related to both', [open, secret, gone]);
    await ok('DELETE', '/cms/content', [gone]);
    const seen = await ok('GET', `/cms/content/${both}`, undefined, editor);
    expect(seen.relaContents).toEqual([{ contentId: open, title: 'Open story' }]);
    expect(seen.relaContentIds).toEqual([open]);
    expect(JSON.stringify(seen)).not.toContain('Secret draft');
    // The administrator sees what lives in the site.
    expect((await ok('GET', `/cms/content/${both}`)).relaContentIds).toEqual([open, secret]);
    // The editor removes the one they see; the ones they were not shown stay.
    await ok('PUT', '/cms/content?contentType=article', { contentId: both, version: seen.version, catalogId: cat.Open, title: seen.title, relaContentIds: [] }, editor);
    expect(await storedRelations(both)).toEqual([secret, gone]);
  });
});
