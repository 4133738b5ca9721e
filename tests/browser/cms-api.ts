import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Harness } from './harness.ts';
import { sysCaptcha } from '../../server/modules/auth/schema.ts';
import { sysUser } from '../../server/modules/system/schema.ts';
import { MENUS } from '../../server/modules/shipped.ts';
import { cmsSite } from '../../server/modules/cms/schema.ts';

/**
 * The API side of the CMS browser tests: set-up a screen test needs but does not test (sites,
 * catalogs, contents, an editor with grants), done as a signed-in user through /prod-api.
 */
export interface CmsApi {
  /** calls `path` on `siteId` (default the demo site) and returns the envelope's data; anything but 200 fails the test */
  ok<T = any>(method: string, path: string, body?: unknown, siteId?: number): Promise<T>;
  readonly token: string;
}

/** A user made for a test about something else skips the password change the seeded policy demands first. */
export const waivePasswordChange = (h: Harness, userName: string) =>
  h.server.database.db.update(sysUser).set({ forceModifyPassword: 'N', passwordModifyTime: new Date() }).where(eq(sysUser.userName, userName));

/** Signs in through the API (captcha answered from the database), waiving a first-sign-in password change. */
export async function apiLogin(h: Harness, username: string, password: string): Promise<string> {
  const db = h.server.database.db;
  await waivePasswordChange(h, username);
  const uuid = (await h.server.api('GET', '/captchaImage')).data?.uuid as string;
  const [row] = await db.select({ code: sysCaptcha.code }).from(sysCaptcha).where(eq(sysCaptcha.uuid, uuid));
  const res = await h.server.api('POST', '/login', { body: { username, password, code: row!.code, uuid }, headers: { 'accept-language': 'en' } });
  expect(res.code, res.msg).toBe(200);
  return (res.data?.token ?? res.data) as string;
}

export async function demoSiteId(h: Harness): Promise<number> {
  return (await h.server.database.db.select().from(cmsSite).where(eq(cmsSite.path, 'demo')))[0]!.siteId;
}

export async function cmsApi(h: Harness, username: string, password: string): Promise<CmsApi> {
  const token = await apiLogin(h, username, password);
  const demo = await demoSiteId(h);
  return {
    token,
    async ok(method, path, body, siteId = demo) {
      const r = await h.server.api(method, path, { token, body, headers: { repeatSubmit: 'false', 'accept-language': 'en', CurrentSite: String(siteId) } });
      expect(r.code, `${method} ${path}: ${r.msg}`).toBe(200);
      return r.data;
    },
  };
}

/** Catalogs by name from a batch add's reply. */
export const byName = (made: { catalogId: number; name: string }[]) => Object.fromEntries(made.map((c) => [c.name, c.catalogId])) as Record<string, number>;

/**
 * An editor whose role holds the given menu keys, who may view `siteId` and holds `rights` on
 * `catalogId` alone (a grant covers the catalog's subtree); signs in with `password`.
 */
export async function editorWithCatalog(admin: CmsApi, opts: { userName: string; password: string; keys: string[]; siteId: number; catalogId: number; rights: string[] }) {
  const menuIds = MENUS.filter((m) => m.perms && opts.keys.includes(m.perms)).map((m) => m.menuId);
  const { roleId } = await admin.ok('POST', '/system/role', { roleName: opts.userName, roleKey: opts.userName, dataScope: '5', menuIds });
  await admin.ok('POST', '/system/user', { userName: opts.userName, nickName: opts.userName, deptId: 100, password: opts.password, roleIds: [roleId] });
  await admin.ok('POST', '/cms/perms/site', { ownerType: 'Role', owner: roleId, perms: [{ siteId: opts.siteId, perms: { View: { granted: true } } }] });
  await admin.ok('POST', '/cms/perms/catalog', { ownerType: 'Role', owner: roleId, perms: [{ catalogId: opts.catalogId, perms: Object.fromEntries(opts.rights.map((p) => [p, { granted: true }])) }] }, opts.siteId);
  return roleId as number;
}
