import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull } from 'drizzle-orm';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { PUBLIC_LIMITS } from '../public-api/limits.ts';
import { cmsContent } from '../content/schema.ts';
import { cmsMember } from '../member/schema.ts';
import { issueMemberToken } from '../member/session.ts';

// The contributions' throttle (PUBLIC_LIMITS.contributePerMember) with the throttles on: a member
// sends their allowance, then is refused with 429 and Retry-After, nothing stored; another member
// from the same address still may (the limit is the member's, not the address's).
const ts = useTestServer({ config: { rateLimits: true } });
let siteId = 0;
let catalogId = 0;

const member = async (userName: string) => {
  const [m] = await ts.database.db.insert(cmsMember).values({ userName, nickName: userName, password: 'x' }).returning();
  return issueMemberToken(ts.database.db, m!.memberId, { ip: '192.0.2.30' });
};
const contribute = (token: string, title: string) => ts.server.sites.inject({
  method: 'POST', url: `/api/account/contribute?sid=${siteId}`, remoteAddress: '192.0.2.30',
  payload: { catalogId, title, contentHtml: '<p>x</p>' }, headers: { 'accept-language': 'en', authorization: `Bearer ${token}` },
});

beforeAll(async () => {
  const H = { token: ts.admin, headers: { repeatSubmit: 'false', 'accept-language': 'en' } };
  siteId = (await ts.api('POST', '/cms/site', { ...H, body: { name: 'Contrib limits', path: 'climits' } })).data.siteId;
  const r = await ts.api('POST', '/cms/catalog', { ...H, headers: { ...H.headers, CurrentSite: String(siteId) }, body: { parentId: 0, name: 'Open', alias: 'open', path: 'open/', catalogType: 'common', contribute: 'Y' } });
  catalogId = r.data.catalogId;
});

describe('contributions from one member', () => {
  it('are taken up to the limit, then refused with 429 until the window ends; another member still may', async () => {
    const ann = await member('limitann');
    const max = PUBLIC_LIMITS.contributePerMember.max;
    for (let i = 0; i < max; i++) expect((await contribute(ann, `Ann ${i}`)).statusCode).toBe(200);
    const over = await contribute(ann, 'Ann over');
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await contribute(await member('limitbob'), 'Bob 1')).statusCode).toBe(200);
    const rows = await ts.database.db.select().from(cmsContent).where(and(eq(cmsContent.siteId, siteId), isNotNull(cmsContent.contributorId)));
    expect(rows.map((r) => r.title)).not.toContain('Ann over');
    expect(rows).toHaveLength(max + 1);
  });
});
