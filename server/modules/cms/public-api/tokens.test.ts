import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { cmsSite } from '../site/schema.ts';
import { cmsMember } from '../member/schema.ts';
import { issueMemberToken } from '../member/session.ts';
import { PUBLIC_ROUTES } from './all-routes.ts';

// Issue 31 item 1, over every route rather than a sample: the readers' API and the console never
// take each other's tokens. A console user's token sent to any public route is no member (the
// route answers exactly as to an anonymous reader, 401 where a member is required); a member's
// token sent to the console opens none of its domains' routes (member, comment, vote, mailbox,
// contributions, statistics).
const ts = useTestServer();
let siteId = 0;
let memberId = 0;

beforeAll(async () => {
  const db = ts.database.db;
  [{ siteId }] = await db.insert(cmsSite).values({ name: 'Token site', path: 'tokens', domain: 'www.tokens.example' }).returning({ siteId: cmsSite.siteId });
  [{ memberId }] = await db.insert(cmsMember).values({ userName: 'tokenreader', password: 'x' }).returning({ memberId: cmsMember.memberId });
});

/** A route's path with each `:param` as 1, for the test site. */
const pathOf = (url: string) => `${url.replace(/:[A-Za-z]+/g, '1')}?sid=${siteId}`;

async function publicCall(method: string, url: string, token?: string) {
  const r = await ts.server.sites.inject({
    method: method as never, url: pathOf(url), remoteAddress: '198.51.100.40',
    payload: method === 'GET' ? undefined : {},
    headers: { 'accept-language': 'en', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  const envelope = /json/.test(String(r.headers['content-type'])) ? (r.json() as { code?: number; msg?: string; data?: unknown }) : null;
  // The data too (is_login answers 200 either way: whether it names a member is in the data), but a captcha's, new each time.
  return { status: r.statusCode, code: envelope?.code, msg: envelope?.msg, data: /captcha/.test(url) ? 'a captcha' : envelope?.data };
}

describe('a console token on the readers\' API', () => {
  it('is no member on any public route: each answers it as it answers an anonymous reader', async () => {
    expect(PUBLIC_ROUTES.length).toBeGreaterThan(30);
    for (const route of PUBLIC_ROUTES) {
      const name = `${route.method} ${route.url}`;
      const anonymous = await publicCall(route.method, route.url);
      const withConsoleToken = await publicCall(route.method, route.url, ts.admin);
      expect(withConsoleToken, name).toEqual(anonymous);
    }
  });

  it('is refused with 401 where a member is required, where a member\'s token is let through', async () => {
    const required = PUBLIC_ROUTES.filter((r) => r.member === 'required');
    expect(required.length).toBeGreaterThan(10);
    for (const route of required) {
      const name = `${route.method} ${route.url}`;
      const refused = await publicCall(route.method, route.url, ts.admin);
      expect(refused.status, name).toBe(401);
      expect(refused.msg, name).toBe('Please sign in first');
      // A fresh member token each time: a sign-out route revokes the one it is given.
      const member = await publicCall(route.method, route.url, await issueMemberToken(ts.database.db, memberId, { ip: '198.51.100.40' }));
      expect(member.status, name).not.toBe(401);
    }
  });
});

describe('a member token on the console', () => {
  /** A representative route of each readers' domain on the console side, and what the administrator gets there. */
  const CONSOLE_ROUTES: [domain: string, path: string][] = [
    ['member', '/member/list'],
    ['comment', '/comment/list'],
    ['vote', '/vote/list'],
    ['mailbox', '/cms/mailbox/list'],
    ['contribute', '/cms/content/list?contribution=Y'],
    ['stat', '/cms/ad/stat'],
  ];

  it('opens no console route of the readers\' domains (401), where the administrator\'s token does', async () => {
    const token = await issueMemberToken(ts.database.db, memberId, { ip: '198.51.100.41' });
    for (const [domain, path] of CONSOLE_ROUTES) {
      const call = (bearer: string) => ts.server.app.inject({ method: 'GET', url: `/prod-api${path}`, headers: { authorization: `Bearer ${bearer}`, currentsite: String(siteId), 'accept-language': 'en' } });
      const admin = await call(ts.admin);
      expect(admin.json().code, `${domain} ${path} as the administrator: ${admin.json().msg}`).toBe(200);
      const member = (await call(token)).json();
      expect(member.code, `${domain} ${path}`).toBe(401);
      expect(member.data, `${domain} ${path}`).toBeUndefined();
      expect(member.rows, `${domain} ${path}`).toBeUndefined();
    }
  });
});
