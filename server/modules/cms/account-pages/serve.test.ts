import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { makeTestSite, openSession, type TestSite } from '../template/test-site.ts';
import { renderContentPage, renderIndex } from '../template/render.ts';
import { READER_SCRIPT } from '../public-api/reader-script.ts';
import { accountPageOf } from './serve.ts';

// Issue 31 items 1–2 on the published side: the member pages of the default theme, rendered on
// request on the sites' origin, and the readers' script every page loads (small, versioned).
const ts = useTestServer();
let site: TestSite;
const get = (url: string, headers: Record<string, string> = {}) => ts.server.sites.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  site = await makeTestSite(ts, 'members');
});

describe('member pages', () => {
  it('knows the pages by their ChestnutCMS paths, the centre by a member id', () => {
    expect(accountPageOf('account/login')?.type.type).toBe('Login');
    expect(accountPageOf('account/bind_email')?.type.type).toBe('BindEmail');
    expect(accountPageOf('account/42')).toMatchObject({ type: { type: 'AccountCentre' }, memberId: '42' });
    expect(accountPageOf('account/{memberId}')).toBeNull();
    expect(accountPageOf('account/0')).toBeNull();
    expect(accountPageOf('accounts/login')).toBeNull();
  });

  it('serves each of them on the site\'s address with its form wired to the readers\' API', async () => {
    const forms: Record<string, string> = {
      login: '/api/member/login', register: '/api/member/register', forget_password: '/api/member/forget_password', password: '/api/member/reset_pwd',
      setting: '/api/member/info', bind_email: '/api/member/change_email', contribute: '/api/account/contribute',
    };
    for (const [page, post] of Object.entries(forms)) {
      const r = await get(`/members/account/${page}`);
      expect(r.statusCode, `${page}: ${r.body.slice(0, 300)}`).toBe(200);
      expect(r.headers['cache-control']).toBe('no-cache');
      expect(r.body).toContain(`data-cx-post="${post}"`);
      expect(r.body).toMatch(/<script src="http:\/\/localhost:\d+\/api\/reader\.js\?v=[0-9a-f]{12}" data-api="http:\/\/localhost:\d+\/" data-sid="\d+" defer><\/script>/);
    }
    const centre = await get('/members/account/7');
    expect(centre.statusCode).toBe(200);
    expect(centre.body).toContain('data-cx-signin');
    expect((await get('/members/account/nobody')).statusCode).toBe(404);
  });

  it('sends a reader back only to a path of the same origin after signing in', async () => {
    expect((await get('/members/account/login?next=%2Fmembers%2Fworld%2F')).body).toContain('data-cx-next="/members/world/"');
    const away = await get('/members/account/login?next=https%3A%2F%2Fevil.example%2F');
    expect(away.body).not.toContain('evil.example');
    expect((await get('/members/account/login?next=%2F%2Fevil.example')).body).not.toContain('evil.example');
  });
});

describe('the readers\' script', () => {
  it('is served versioned for a year, under 10 KB compressed', async () => {
    const r = await get(`/api/reader.js?v=${READER_SCRIPT.version}`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/javascript/);
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/api/reader.js')).headers['cache-control']).toBe('public, max-age=300');
    expect(gzipSync(READER_SCRIPT.body).length).toBeLessThan(10 * 1024);
    // Readers' text goes in as text only.
    expect(READER_SCRIPT.body).not.toMatch(/innerHTML|insertAdjacentHTML|document\.write|eval\(/);
  });

  it('reports a content page\'s view, and not the other pages\'', async () => {
    const s = await openSession(ts, site);
    const page = (await renderContentPage(s, site.first, 1)).html;
    expect(page).toMatch(new RegExp(`data-cx-view="${site.first}" data-cid="${site.cat.World}" defer></script>`));
    expect((await renderIndex(s)).html).not.toContain('data-cx-view');
    // Likes, favorites and views with their published counts, for the script to bring up to date.
    expect(page).toContain(`data-cx-toggle="like" data-id="${site.first}"`);
    expect(page).toContain(`data-cx-stat="views" data-id="${site.first}"`);
  });
});
