import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { eq } from 'drizzle-orm';
import { useTestServer } from '../../../tests/helpers/server.ts';
import type { Actor } from '../../core/access.ts';
import { catalogWith } from './catalog/access.ts';
import { AppError, FieldFailure } from '../../core/errors.ts';
import { inTransaction, serverOp, type OpBase, type OpContext, type SiteOp, type SiteRef } from '../../core/operation.ts';
import { allBits, permBit } from '../../../shared/cms/perms.ts';
import { resolveActor } from '../auth/session.ts';
import { sysRole } from '../system/schema.ts';
import { cmsCatalog, cmsResource, cmsSite } from './schema.ts';
import { readSettings, saveSettings } from './settings/operations.ts';
import { uploadResource } from './resource/operations.ts';
import { fromFile } from './resource/receive.ts';
import { png } from './resource/test-files.ts';
import { siteRoot } from './storage/local.ts';
import { grantGrid, saveGrants, SITE_GRANTS } from './perms/operations.ts';
import { CATALOG_GRANTS } from './catalog/operations.ts';
import { applyDefaultTemplate } from './catalog/default-template.ts';

// Issue 9 §1.3: what the settings, resource, grant and default-template routes do is an operation
// taking { actor, site, tx }, which a job or an import calls without any HTTP request.
const dataDir = mkdtempSync(join(tmpdir(), 'castanea-ops-'));
const ts = useTestServer({ config: { dataDir } });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const H = { repeatSubmit: 'false', 'accept-language': 'en' };
let admin: Actor;
let site: SiteRef;
let catalogId = 0;

/** The context a caller without HTTP builds: the database as the handle (operations open their own transactions). */
const op = (s: SiteRef = site, actor = admin): SiteOp => serverOp(ts.server.services, actor, s, ts.server.services.db, (fn) => void fn());
const base = (s: SiteRef = site): OpBase<SiteRef> => ({ actor: admin, site: s, services: ts.server.services, locale: 'en', t: ts.server.services.i18n.translator('en'), ip: '' });
/** What a refused call says: its message key, or the field and check of a bad field. */
const refusal = (p: Promise<unknown>) => p.then(() => 'done', (e: unknown) =>
  (e instanceof AppError ? e.key : e instanceof FieldFailure ? e.issues.map((i) => `${i.field}: ${i.key}`).join() : String(e)));

describe('CMS operations, called without HTTP', () => {
  // The administrator as an actor, a site and a catalog.
  beforeAll(async () => {
    admin = (await resolveActor(ts.server.services.db, ts.admin))!;
    const siteId = (await ts.api('POST', '/cms/site', { token: ts.admin, headers: H, body: { name: 'Ops', path: 'ops' } })).data.siteId as number;
    site = { siteId, siteName: 'Ops', path: 'ops', bits: allBits('Site') };
    catalogId = (await ts.api('POST', '/cms/catalog/batchAdd', { token: ts.admin, headers: { ...H, CurrentSite: String(siteId) }, body: { parentId: 0, catalogs: 'News' } })).data[0].catalogId;
  });

  // Without Site Edit the route refuses before the operation runs: its declared need, walked by
  // the access matrix (POST /cms/setting/*), not a check inside the operation.
  it('saves and reads a settings tab', async () => {
    await saveSettings(op(), 'storage', { ThumbnailWidth: '120', ThumbnailHeight: '90' });
    expect(await readSettings(op(), 'storage')).toMatchObject({ ThumbnailWidth: '120', ThumbnailHeight: '90' });
  });

  it('uploads a file from disk into the library, checked as an HTTP upload is (thumbnail of the settings included)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ops-upload-'));
    const file = join(dir, 'photo.png');
    await writeFile(file, await png(400, 300));
    const row = await uploadResource(op(), fromFile(file, 'photo.png', { name: 'Team photo' }));
    expect(row).toMatchObject({ name: 'Team photo', resourceType: 'image', width: 400, height: 300, suffix: 'png' });
    expect(row.thumbnail).toMatch(/_120x90\.png$/);
    // The image and its thumbnail, side by side in the site's folder.
    const folder = dirname(join(siteRoot(dataDir, 'ops'), String(row.path)));
    expect((await readdir(folder)).sort()).toEqual([`${row.resourceId}.png`, `${row.resourceId}_120x90.png`]);

    // HTML named .png: refused by its content, and neither a row nor a file is left.
    const fake = join(dir, 'fake.png');
    await writeFile(fake, '<html><script>alert(1)</script></html>');
    expect(await refusal(uploadResource(op(), fromFile(fake, 'fake.png')))).toBe('upload.badContent');
    expect(await refusal(uploadResource(op(), fromFile(fake, '../fake.png')))).toBe('fileName: safeName');
    expect((await ts.database.db.select().from(cmsResource).where(eq(cmsResource.siteId, site.siteId))).map((r) => r.name)).toEqual(['Team photo']);
  });

  it("reads and saves a role's grants on sites and catalogs", async () => {
    const [editor] = await ts.database.db.select().from(sysRole).where(eq(sysRole.roleKey, 'editor'));
    await inTransaction(base(), (o) => saveGrants(o, SITE_GRANTS, 'Role', editor!.roleId, [{ objectId: site.siteId, perms: { View: { granted: true }, Edit: { granted: true } } }]));
    const sites = await grantGrid(op(), SITE_GRANTS, 'Role', editor!.roleId);
    expect(sites.find((g) => g.object.id === site.siteId)?.rights).toMatchObject({ View: { granted: true, editable: true }, Edit: { granted: true }, Delete: { granted: false } });

    await inTransaction(base(), (o) => saveGrants(o, CATALOG_GRANTS, 'Role', editor!.roleId, [{ objectId: catalogId, perms: { View: { granted: true } } }]));
    const catalogs = await grantGrid(op(), CATALOG_GRANTS, 'Role', editor!.roleId);
    expect(catalogs.map((g) => [g.object.name, g.rights.View?.granted])).toEqual([['News', true]]);
    // The administrator role holds everything: nothing to grant it.
    const [adminRole] = await ts.database.db.select().from(sysRole).where(eq(sysRole.roleKey, 'admin'));
    expect(await refusal(grantGrid(op(), SITE_GRANTS, 'Role', adminRole!.roleId))).toBe('cms.perms.adminHoldsAll');
  });

  it("copies the site's default templates onto catalogs", async () => {
    await ts.database.db.update(cmsSite).set({ publishPipeProps: { pc: { defaultListTemplate: 'list.html', detailTemplate_article: 'article.html' } } }).where(eq(cmsSite.siteId, site.siteId));
    await inTransaction(base(), async (o) => applyDefaultTemplate(o, [await catalogWith(o, catalogId, 'Edit')]));
    const [row] = await ts.database.db.select().from(cmsCatalog).where(eq(cmsCatalog.catalogId, catalogId));
    expect(row!.publishPipeProps.pc).toMatchObject({ listTemplate: 'list.html', detailTemplate_article: 'article.html' });
  });
});
