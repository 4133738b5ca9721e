import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { MENUS } from '../../shipped.ts';
import { bitsOf, permsIn } from '../../../../shared/cms/perms.ts';
import { cmsGrant } from '../perms/schema.ts';
import { cmsCatalog } from './schema.ts';

// Issue 26 N2: creating a catalog gave its creator every right on it, so Edit on a parent became
// Publish and Delete in a child (move contents in, publish), and could be granted on. A new catalog
// now takes its parent's rights, for every owner; a move may not widen the mover's own rights.
const ts = useTestServer();
const H = { repeatSubmit: 'false', 'accept-language': 'en' };
const ids = { site: 0, parent: 0, publishable: 0, writers: 0, readers: 0 };
let writer = '';
let reader = '';

function call(method: string, path: string, body?: unknown, token = ts.admin) {
  return ts.api(method, path, { token, body, headers: { ...H, CurrentSite: String(ids.site) } });
}
async function ok(method: string, path: string, body?: unknown, token = ts.admin) {
  const r = await call(method, path, body, token);
  expect(r.code, `${method} ${path}: ${r.msg}`).toBe(200);
  return r.data;
}
const cells = (perms: string[]) => Object.fromEntries(perms.map((p) => [p, { granted: true }]));
const grant = (key: 'site' | 'catalog', owner: number, id: number, perms: string[]) =>
  ok('POST', `/cms/perms/${key}`, { ownerType: 'Role', owner, perms: [{ [`${key}Id`]: id, perms: cells(perms) }] });
/** The rights a role's grid shows on a catalog, held directly or inherited. */
async function rightsOf(roleId: number, catalogId: number) {
  const grid = await ok('GET', `/cms/perms/catalog?ownerType=Role&owner=${roleId}`);
  const row = grid.catalogPrivs.find((c: { catalogId: number }) => c.catalogId === catalogId);
  return Object.entries(row.perms as Record<string, { granted: boolean; inherited: boolean }>).filter(([, c]) => c.granted || c.inherited).map(([p]) => p);
}
interface Labelled {
  label: string;
  children?: Labelled[];
}
const label = (rows: Labelled[]): string[] => rows.flatMap((n) => [n.label, ...label(n.children ?? [])]);

beforeAll(async () => {
  ids.site = (await ts.api('POST', '/cms/site', { token: ts.admin, headers: H, body: { name: 'Inherit', path: 'inherit' } })).data.siteId;
  const made = await ok('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'Parent\nPublishable' });
  ids.parent = made[0].catalogId;
  ids.publishable = made[1].catalogId;
  const menuIds = (keep: (perms: string) => boolean) => MENUS.filter((m) => m.perms && keep(m.perms)).map((m) => m.menuId);
  ids.writers = (await ok('POST', '/system/role', { roleName: 'Writers', roleKey: 'writers_n2', dataScope: '1', menuIds: menuIds((p) => p.startsWith('cms:') || ['system:role:view', 'system:role:grant'].includes(p)) })).roleId;
  ids.readers = (await ok('POST', '/system/role', { roleName: 'Readers', roleKey: 'readers_n2', dataScope: '5', menuIds: menuIds((p) => ['cms:site:view', 'cms:catalog:view'].includes(p)) })).roleId;
  await ok('POST', '/system/user', { userName: 'writer_n2', nickName: 'Writer', deptId: 100, password: 'Quill4321', roleIds: [ids.writers] });
  await ok('POST', '/system/user', { userName: 'reader_n2', nickName: 'Reader', deptId: 100, password: 'Quill4321', roleIds: [ids.readers] });
  writer = await ts.loginReady('writer_n2', 'Quill4321');
  reader = await ts.loginReady('reader_n2', 'Quill4321');
  // The writer adds and edits in Parent, may not publish or delete there; the readers only look.
  await grant('site', ids.writers, ids.site, ['View', 'Edit', 'AddCatalog']);
  await grant('site', ids.readers, ids.site, ['View']);
  await grant('catalog', ids.writers, ids.parent, ['View', 'Edit', 'AddContent', 'EditContent', 'Move']);
  await grant('catalog', ids.readers, ids.parent, ['View']);
});

describe('a new catalog takes its parent rights', () => {
  let child = 0;
  it('gives its creator no right they lack on the parent: no publish, no delete, nothing to grant on', async () => {
    child = (await ok('POST', '/cms/catalog', { parentId: ids.parent, name: 'Child', alias: 'child', path: 'child/', catalogType: 'common' }, writer)).catalogId;
    expect((await call('POST', '/cms/catalog/publish', { catalogId: child }, writer)).msg).toBe('You may not do this in this catalog (Publish)');
    expect((await call('DELETE', `/cms/catalog/${child}`, undefined, writer)).msg).toBe('You may not do this in this catalog (Delete)');
    // A content written in Parent and moved into the child still cannot be published.
    const article = (await ok('POST', '/cms/content?contentType=article', { catalogId: ids.parent, title: 'Draft', contentHtml: '<p>x</p>' }, writer)).contentId;
    await ok('POST', '/cms/content/move', { contentIds: [article], catalogId: child }, writer);
    expect((await call('POST', '/cms/content/publish', [article], writer)).msg).toBe('You may not do this in this catalog (Publish)');
    // Granting Publish on the child to another role changes nothing: the writer does not hold it.
    await ok('POST', '/cms/perms/catalog', { ownerType: 'Role', owner: ids.readers, perms: [{ catalogId: child, perms: cells(['View', 'Publish', 'Delete']) }] }, writer);
    const [row] = await ts.database.db.select({ bits: cmsGrant.bits }).from(cmsGrant).where(and(eq(cmsGrant.ownerType, 'Role'), eq(cmsGrant.ownerId, ids.readers), eq(cmsGrant.objectType, 'Catalog'), eq(cmsGrant.objectId, child)));
    expect(permsIn('Catalog', row?.bits ?? 0)).toEqual(['View']);
    expect(await rightsOf(ids.writers, child)).toEqual(['View', 'Edit', 'Move', 'AddContent', 'EditContent']);
  });

  it('lets every other owner of a grant on the parent hold the same on the child', async () => {
    expect(label((await ok('GET', '/cms/catalog/treeData', undefined, reader)).rows)).toEqual(['Parent', 'Child']);
    expect(await rightsOf(ids.readers, child)).toEqual(['View']);
  });

  it('does the same for batch add, and grants a top-level catalog only what the site rights cover', async () => {
    const made = await ok('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'Top\n  Below' }, writer);
    const [top, below] = made.map((c: { catalogId: number }) => c.catalogId);
    // Site View and Edit: the catalog's viewing and editing rights, not Delete or Publish.
    const [own] = await ts.database.db.select({ bits: cmsGrant.bits }).from(cmsGrant).where(and(eq(cmsGrant.objectType, 'Catalog'), eq(cmsGrant.objectId, top)));
    expect(own!.bits).toBe(bitsOf('Catalog', ['View', 'Edit', 'ShowHide', 'Move', 'Sort', 'AddContent', 'EditContent']));
    expect((await ts.database.db.select().from(cmsGrant).where(and(eq(cmsGrant.objectType, 'Catalog'), eq(cmsGrant.objectId, below)))).length).toBe(0);
    expect((await call('POST', '/cms/catalog/publish', { catalogId: below }, writer)).msg).toBe('You may not do this in this catalog (Publish)');
    expect((await call('DELETE', `/cms/catalog/${top}`, undefined, writer)).msg).toBe('You may not do this in this catalog (Delete)');
  });

  it('refuses a move that would widen the mover\'s own rights, and allows one that does not', async () => {
    await grant('catalog', ids.writers, ids.publishable, ['View', 'Edit', 'Publish']);
    expect((await call('POST', `/cms/catalog/move/${child}/${ids.publishable}`, undefined, writer)).msg)
      .toBe('Moving the catalog there would give you rights on it that you do not hold now (Publish)');
    const [stay] = await ts.database.db.select().from(cmsCatalog).where(eq(cmsCatalog.catalogId, child));
    expect(stay!.parentId).toBe(ids.parent);
    const sibling = (await ok('POST', '/cms/catalog', { parentId: ids.parent, name: 'Sibling', alias: 'sibling', path: 'sibling/', catalogType: 'common' }, writer)).catalogId;
    await ok('POST', `/cms/catalog/move/${child}/${sibling}`, undefined, writer);
    // An administrator moves anything anywhere.
    await ok('POST', `/cms/catalog/move/${child}/${ids.publishable}`);
  });
});
