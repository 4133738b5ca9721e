import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestServer } from '../tests/helpers/server.ts';
import { postResource } from '../shared/resources/system/post.ts';
import { sitePropertyResource } from '../shared/resources/cms/site-property.ts';
import { resourceOperations } from './core/resource.ts';
import { inTransaction, type OpBase, type SiteRef } from './core/operation.ts';
import type { Actor } from './core/access.ts';
import { sysPost } from './modules/system/schema.ts';
import { cmsSiteProperty } from './modules/cms/schema.ts';

// Issue 9 §1.2: the generic operations apply a resource's access to every write, the status
// switch and the uniqueness check included.
const ts = useTestServer();
const H = { repeatSubmit: 'false', 'accept-language': 'en' };

const actor: Actor = {
  userId: 1, userName: 'admin', nickName: 'admin', deptId: null, roles: ['admin'], permissions: new Set(['*']),
  roleScopes: [], sessionId: '', tokenHash: '', passwordDemand: null,
};
const base = (site: SiteRef | null = null): OpBase => ({ actor, site, services: ts.server.services, locale: 'en', t: ts.server.services.i18n.translator('en'), ip: '' });
const failure = (p: Promise<unknown>) => p.then(() => 'no failure', (err: { key?: string }) => err.key);

describe('generic resource operations', () => {
  it('re-reads a row after a status switch: a switch that takes the row out of reach is refused and undone', async () => {
    // A rule on the status itself (a workflow-state filter): only enabled posts may be changed.
    const posts = resourceOperations(postResource, sysPost, { access: { update: () => eq(sysPost.status, '0') } });
    const row = await inTransaction(base(), (op) => posts.create(op, { postCode: 'switch', postName: 'Switch', postSort: 0, status: '0' }));
    const id = row.postId as number;
    expect(await failure(inTransaction(base(), (op) => posts.setStatus(op, id, '1')))).toBe('resource.outOfReach');
    const [stored] = await ts.database.db.select().from(sysPost).where(eq(sysPost.postId, id));
    expect(stored!.status).toBe('0');
  });

  it('checks unique fields of a site\'s rows on the current site only, and needs a current site', async () => {
    const site = async (name: string): Promise<SiteRef> => {
      const r = await ts.api('POST', '/cms/site', { token: ts.admin, headers: H, body: { name, path: name.toLowerCase() } });
      return { siteId: r.data.siteId, siteName: name, path: name.toLowerCase(), bits: 0xff };
    };
    const [one, two] = [await site('Uno'), await site('Dos')];
    const props = resourceOperations(sitePropertyResource, cmsSiteProperty, { siteColumn: 'siteId' });
    const add = (s: SiteRef | null) => inTransaction(base(s), (op) => props.create(op, { propName: 'Same', propCode: 'same_code' }));
    await add(one);
    await add(two);
    expect(await failure(add(one))).toBe('resource.exists');
    expect(await failure(add(null))).toBe('cms.site.required');
  });
});
