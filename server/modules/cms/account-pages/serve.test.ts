import { gzipSync } from 'node:zlib';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { makeTestSite, openSession, type TestSite } from '../template/test-site.ts';
import { renderContentPage, renderIndex } from '../template/render.ts';
import { READER_SCRIPT } from '../public-api/reader-script.ts';
import { accountPageOf } from './serve.ts';
import { eq, sql } from 'drizzle-orm';
import { cmsSite } from '../site/schema.ts';
import { cmsCatalog } from '../catalog/schema.ts';

// Issue 31 items 1–2 on the published side: the member pages of the default theme, rendered on
// request on the sites' origin, and the readers' script every page loads (small, versioned).
// A data folder of its own: a site's templates are installed once, and a folder left by an earlier run would keep its old ones.
const dataDir = mkdtempSync(join(tmpdir(), 'castanea-account-pages-'));
const ts = useTestServer({ config: { dataDir } });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
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
    // The member's avatar (the initial until the picture loads) and a new one uploaded, in the centre as in the settings.
    for (const page of [centre.body, (await get('/members/account/setting')).body]) {
      expect(page).toContain('<span class="avatar large" data-cx-avatar="member" aria-hidden="true"></span><label for="f-avatar">Avatar</label><input id="f-avatar" name="file" type="file" accept="image/png,image/jpeg" required>');
    }
    expect((await get('/members/account/nobody')).statusCode).toBe(404);
  });

  it('serves "contact us" to anyone at <pipe>contact, linked from every page\'s footer, with a captcha and the mailbox\'s fields', async () => {
    expect(accountPageOf('contact')?.type.type).toBe('Contact');
    const r = await get('/members/contact');
    expect(r.statusCode, r.body.slice(0, 300)).toBe(200);
    expect(r.headers['cache-control']).toBe('no-cache');
    expect(r.body).toContain('<h1 class="page-title">Contact us</h1>');
    // Not only for members: the form is shown to guests too.
    expect(r.body).toMatch(/<form class="account-form wide" data-cx-post="\/api\/mailbox\/submit" data-cx-then="reset" data-cx-ok="Your message is sent\. Thank you!">/);
    const start = r.body.indexOf('data-cx-post="/api/mailbox/submit"');
    const form = r.body.slice(start, r.body.indexOf('</form>', start));
    const names = [...form.matchAll(/ name="([a-zA-Z]+)"/g)].map((m) => m[1]);
    expect(names).toEqual(['title', 'name', 'phone', 'email', 'content', 'code', 'uuid']);
    expect(r.body).toContain('<fieldset class="captcha" data-cx-captcha="/api/mailbox/captcha"><legend>Captcha</legend>');
    expect(r.body).toContain('data-cx-refresh>Another image</button>');
    const home = (await renderIndex(await openSession(ts, site))).html;
    expect(home).toMatch(/<footer class="site-footer">[\s\S]*<a href="http:\/\/localhost:\d+\/members\/contact">Contact us<\/a>/);
  });

  it('offers the sections open to contributions on the contribute page, and only those', async () => {
    await ts.database.db.update(cmsCatalog).set({ contribute: 'Y' }).where(eq(cmsCatalog.catalogId, site.cat.World));
    const page = (await get('/members/account/contribute')).body;
    const options = [...page.matchAll(/<option value="(\d+)">([^<]*)<\/option>/g)].map((m) => [Number(m[1]), m[2]]);
    expect(options).toEqual([[site.cat.World, 'World']]);
    // The text is typed as text (the script makes its paragraphs); images are uploaded at once, the first the logo.
    expect(page).toContain('name="contentHtml" required rows="12" aria-describedby="f-contentHtml-hint" data-cx-paragraphs>');
    expect(page).toContain('data-cx-upload="/api/account/contribute/upload_image"');
    expect(page).toContain('<input type="hidden" name="logo">');
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
    // A preview (a sandboxed frame of the console) loads no readers' script: no reader there, nothing to count.
    const preview = await renderContentPage(await openSession(ts, site, { mode: 'preview' }), site.first, 1);
    expect(preview.html).not.toContain('api/reader.js');
    // Likes, favorites and views with their published counts, for the script to bring up to date.
    expect(page).toContain(`data-cx-toggle="like" data-id="${site.first}"`);
    expect(page).toContain(`data-cx-stat="views" data-id="${site.first}"`);
  });
});

describe('the comment box', () => {
  const setComments = (props: Record<string, string>) => ts.database.db.update(cmsSite).set({ configProps: sql`${cmsSite.configProps} || ${JSON.stringify(props)}::jsonb` }).where(eq(cmsSite.siteId, site.siteId));
  const box = async () => {
    const html = (await renderContentPage(await openSession(ts, site), site.first, 1)).html;
    return html.slice(html.indexOf('<section class="comments"'), html.indexOf('</section>', html.indexOf('<section class="comments"')));
  };

  it('is for members only where comments need a sign-in, and for anyone with a captcha where they do not', async () => {
    await setComments({ CommentEnabled: 'Y', CommentNeedLogin: 'Y' });
    const members = await box();
    expect(members).toContain('<form data-cx-if="member" hidden data-cx-post="/api/comment/submit"');
    expect(members).not.toContain('data-cx-captcha');
    expect(members).toContain('>Sign in to comment</a>');

    await setComments({ CommentNeedLogin: 'N' });
    const anyone = await box();
    expect(anyone).toContain('<form data-cx-post="/api/comment/submit"');
    // The captcha is a guest's only (the script disables it for a member), fetched from the comments' captcha route.
    expect(anyone).toMatch(/<fieldset class="captcha" data-cx-if="guest" data-cx-captcha="\/api\/comment\/captcha" data-cx-lazy><legend>Captcha<\/legend>/);
    expect(anyone).toContain('<label for="comment-code">Characters in the image</label><input id="comment-code" name="code" required');
    expect(anyone).toContain('<button type="button" data-cx-refresh>Another image</button>');
    expect(anyone).toContain('>Or sign in to comment as a member</a>');
    // Each comment shows its author's avatar (or initial), an anonymous one named so.
    expect(anyone).toContain('<span class="avatar" data-cx-avatar aria-hidden="true"></span> <strong data-c="nickName" data-cx-empty="Anonymous reader">');
    await setComments({ CommentEnabled: 'N', CommentNeedLogin: 'Y' });
  });
});

describe('the live counts', () => {
  it('gives a published content\'s counts, never another site\'s or an unpublished one\'s', async () => {
    const other = await makeTestSite(ts, 'othermembers');
    const r = await get(`/api/cms/content/data?sid=${site.siteId}&ids=${site.first},${site.draft},${other.first}`);
    expect(r.json()).toEqual({ code: 200, msg: expect.any(String), data: [{ contentId: site.first, views: 0, likes: 0, favorites: 0, comments: 0 }] });
    const bad = await get(`/api/cms/content/data?sid=${site.siteId}&ids=1,x`, { 'accept-language': 'en' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data).toEqual({ field: 'ids' });
  });
});
