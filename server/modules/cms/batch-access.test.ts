import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestServer } from '../../../tests/helpers/server.ts';
import { batchUrl } from '../../../shared/batch-calls.ts';
import { MENUS } from '../shipped.ts';
import { cmsSite } from './schema.ts';

// The batch route (server/core/batch.ts) replays each CMS call as it would be made alone: the
// current site's grant and an id's stored site decide, for a scoped editor as for anyone.
const ts = useTestServer();
const EN = { 'accept-language': 'en' };

const batch = async (calls: string[], headers: Record<string, string>) => {
  const res = await ts.server.app.inject({ method: 'GET', url: `/prod-api${batchUrl(calls)}`, headers: { ...EN, ...headers } });
  return { body: res.json() as { code: number; data?: Record<string, { status: number; body: any }> } };
};

describe('CMS calls in a batch', () => {
  it("checks each call's site and ids as alone: another site, or a catalog of it named by id, is refused to a scoped editor", async () => {
    const H = { ...EN, repeatSubmit: 'false' };
    const demo = (await ts.database.db.select().from(cmsSite).where(eq(cmsSite.path, 'demo')))[0]!.siteId;
    const made = await ts.api('POST', '/cms/site', { token: ts.admin, headers: H, body: { name: 'Batch other', path: 'batchother' } });
    expect(made.code, made.msg).toBe(200);
    const other = made.data.siteId as number;
    const [otherCatalog] = (await ts.api('POST', '/cms/catalog/batchAdd', { token: ts.admin, headers: { ...H, CurrentSite: String(other) }, body: { parentId: 0, catalogs: 'Elsewhere' } })).data as { catalogId: number }[];
    const perms = ['cms:site:view', 'cms:catalog:view'];
    const roleId = (await ts.api('POST', '/system/role', { token: ts.admin, headers: H, body: { roleName: 'Batch desk', roleKey: 'batch_desk', dataScope: '5', menuIds: MENUS.filter((m) => m.perms && perms.includes(m.perms)).map((m) => m.menuId) } })).data.roleId;
    const grant = await ts.api('POST', '/cms/perms/site', { token: ts.admin, headers: { ...H, CurrentSite: String(demo) }, body: { ownerType: 'Role', owner: roleId, perms: [{ siteId: demo, perms: { View: { granted: true } } }] } });
    expect(grant.code, grant.msg).toBe(200);
    await ts.api('POST', '/system/user', { token: ts.admin, headers: EN, body: { userName: 'batchdesk', nickName: 'Desk', deptId: 100, password: 'Batch12345', roleIds: [roleId] } });
    const desk = await ts.loginReady('batchdesk', 'Batch12345');

    const calls = ['/cms/catalog/treeData', `/cms/catalog/${otherCatalog!.catalogId}`];
    const onDemo = await batch(calls, { authorization: `Bearer ${desk}`, currentsite: String(demo) });
    expect(onDemo.body.data!['/cms/catalog/treeData']!.body.code).toBe(200);
    // A catalog of another site, named by id: its stored site decides, not the header.
    expect(onDemo.body.data![`/cms/catalog/${otherCatalog!.catalogId}`]!.body.code).not.toBe(200);
    const onOther = await batch(calls, { authorization: `Bearer ${desk}`, currentsite: String(other) });
    for (const call of calls) {
      const part = onOther.body.data![call]!.body;
      expect(part.code, call).not.toBe(200);
      expect(part.data, call).toBeUndefined();
    }
  });

});
