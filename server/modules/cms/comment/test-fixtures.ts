import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestServerFixture } from '../../../../tests/helpers/server.ts';
import { CONSOLE_HEADERS } from '../../../../tests/helpers/site-calls.ts';
import { cmsCatalog } from '../catalog/schema.ts';
import { cmsContent } from '../content/schema.ts';
import { cmsSite } from '../site/schema.ts';
import { cmsMember } from '../member/schema.ts';
import { issueMemberToken } from '../member/session.ts';

/**
 * Test fixtures of the readers' API (comments, likes, favorites, follows): sites made through the
 * console, contents written straight to the table (published unless told), members with tokens,
 * and a caller of the sites' origin as a reader's page calls it.
 */
export function readerFixtures(ts: TestServerFixture) {
  let serial = 0;
  const consoleCall = async (method: string, url: string, body: unknown, site: number, lang = 'en') =>
    ts.api(method, url, { token: ts.admin, body, headers: { ...CONSOLE_HEADERS, 'accept-language': lang, CurrentSite: String(site) } });
  const ok = async (method: string, url: string, body: unknown, site: number) => {
    const r = await consoleCall(method, url, body, site);
    expect(r.code, `${method} ${url}: ${r.msg}`).toBe(200);
    return r.data;
  };

  return {
    consoleCall,
    ok,
    /** A site with one catalog; its comment settings as given (stored straight in its settings). */
    async site(name: string, settings: Record<string, string> = {}) {
      const siteId = (await ok('POST', '/cms/site', { name, path: `${name.toLowerCase().replace(/[^a-z0-9]/g, '')}${++serial}` }, 0)).siteId as number;
      const [cat] = await ok('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'News' }, siteId);
      await this.settings(siteId, settings);
      return { siteId, catalogId: cat.catalogId as number };
    },
    async settings(siteId: number, settings: Record<string, string>) {
      await ts.database.db.update(cmsSite).set({ configProps: sql`${cmsSite.configProps} || ${JSON.stringify(settings)}::jsonb` }).where(eq(cmsSite.siteId, siteId));
    },
    async content(site: { siteId: number; catalogId: number }, title = `Story ${++serial}`, status = '30') {
      const [c] = await ts.database.db.select({ a: cmsCatalog.ancestors }).from(cmsCatalog).where(eq(cmsCatalog.catalogId, site.catalogId));
      const [row] = await ts.database.db.insert(cmsContent).values({ siteId: site.siteId, catalogId: site.catalogId, catalogAncestors: c!.a, contentType: 'article', title, status, publishDate: new Date() }).returning({ id: cmsContent.contentId });
      return row!.id;
    },
    async counts(contentId: number) {
      const [row] = await ts.database.db.select({ likeCount: cmsContent.likeCount, favoriteCount: cmsContent.favoriteCount, commentCount: cmsContent.commentCount }).from(cmsContent).where(eq(cmsContent.contentId, contentId));
      return row!;
    },
    async member(nickName?: string) {
      const n = ++serial;
      const [m] = await ts.database.db.insert(cmsMember).values({ userName: `reader${n}x${Date.now() % 100000}`, nickName: nickName ?? `Reader ${n}`, password: 'x' }).returning({ memberId: cmsMember.memberId });
      const token = await issueMemberToken(ts.database.db, m!.memberId, { ip: '198.51.100.1' });
      return { memberId: m!.memberId, token };
    },
    /** A reader's page calling the public API on the sites' origin. */
    async reader(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, o: { token?: string; body?: unknown; lang?: string; ip?: string; ua?: string } = {}) {
      const r = await ts.server.sites.inject({
        method, url, payload: o.body as object | undefined, remoteAddress: o.ip ?? '198.51.100.1',
        headers: { ...(o.token ? { authorization: `Bearer ${o.token}` } : {}), 'accept-language': o.lang ?? 'en', 'user-agent': o.ua ?? 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0' },
      });
      return { status: r.statusCode, ...(r.json() as { code: number; msg: string; data: any }), raw: r.body, type: r.headers['content-type'] };
    },
  };
}
