import { eq } from 'drizzle-orm';
import type { CastaneaServer } from '../../server/app.ts';
import type { Database } from '../../server/db/client.ts';
import { sysUser } from '../../server/modules/system/schema.ts';

/** The console's API as the seeded administrator (in process, through inject), on a site of its own. */
export interface AdminApi {
  api: (method: string, url: string, body?: unknown) => Promise<any>;
  token: string;
  siteId: number;
  /** Where later calls go (the `CurrentSite` header). */
  setSite(id: number): void;
}

/** Signs the administrator in (no forced password change) and creates the site the bench works on. */
export async function adminOnNewSite(server: CastaneaServer, database: Database, site: { name: string; path: string }): Promise<AdminApi> {
  await database.db.update(sysUser).set({ forceModifyPassword: 'N' }).where(eq(sysUser.userName, 'admin'));
  const token = (await server.app.inject({ method: 'POST', url: '/prod-api/login', payload: { username: 'admin', password: 'admin123' } })).json().data as string;
  let siteId = 0;
  const api = async (method: string, url: string, body?: unknown) => {
    const res = await server.app.inject({ method: method as never, url: `/prod-api${url}`, payload: body as never, headers: { authorization: `Bearer ${token}`, currentsite: String(siteId), repeatsubmit: 'false', 'content-type': 'application/json' } });
    const json = res.json();
    if (json.code !== 200) throw new Error(`${method} ${url}: ${json.msg}`);
    return json.data;
  };
  siteId = (await api('POST', '/cms/site', site)).siteId as number;
  return { api, token, siteId, setSite: (id: number) => void (siteId = id) };
}
