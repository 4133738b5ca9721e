import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { createUser, grantPermission } from '../../auth/test-fixtures.ts';
import { sysUser } from '../../system/schema.ts';
import { permBit } from '../../../../shared/cms/perms.ts';
import { cmsGrant } from '../perms/schema.ts';
import { cmsSite } from '../site/schema.ts';
import { cmsPreviewTicket } from './schema.ts';
import { makeTestSite, writeTemplates, type TestSite } from './test-site.ts';
import { AppError } from '../../../core/errors.ts';
import { PageThreads } from '../publish/page-threads.ts';
import { dbSource, readSnapshot, sessionConfig } from './session-open.ts';

// Issue 26 items 1, 11, 16, 17 on the server: a preview's page is shown by the sites' port under a
// ticket (never with the console's token, never on the console's origin), which shows that one
// page while its user may still see it; the tags of a preview read only what its user may view and
// published pages never read drafts (N1); cms_site lists no other site (N7); previews render off
// the main thread, a few at once per user, within a time limit (N6).
const dataDir = mkdtempSync(join(tmpdir(), 'castanea-preview-tickets-'));
const ts = useTestServer({ config: { dataDir, port: 8090 } });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const H = { repeatSubmit: 'false', 'accept-language': 'en' };
let site: TestSite;
let other: number;
let readerId: number;
let reader: string;

const preview = (token: string, path: string, headers: Record<string, string> = {}) => ts.api('GET', `/cms/preview/${path}`, { token, headers: { ...H, ...headers } });
const bench = (token: string, body: Record<string, unknown>) =>
  ts.api('POST', '/cms/template/preview', { token, body: { publishPipeCode: 'pc', ...body }, headers: { ...H, CurrentSite: String(site.siteId) } });
const frame = (url: string, lang = 'en') => ts.server.sites.inject({ method: 'GET', url: new URL(url).pathname, headers: { 'accept-language': lang } });
const ticketOf = (url: string) => new URL(url).pathname.split('/').pop()!;

async function grantReader(catalogs: number[], siteBits = permBit('Site', 'View')) {
  const db = ts.database.db;
  await db.delete(cmsGrant).where(eq(cmsGrant.ownerId, readerId));
  await db.insert(cmsGrant).values([
    { ownerType: 'User', ownerId: readerId, objectType: 'Site', objectId: site.siteId, bits: siteBits },
    ...catalogs.map((objectId) => ({ ownerType: 'User', ownerId: readerId, objectType: 'Catalog', objectId, bits: permBit('Catalog', 'View') })),
  ]);
}

beforeAll(async () => {
  site = await makeTestSite(ts, 'tick');
  other = (await ts.api('POST', '/cms/site', { token: ts.admin, headers: H, body: { name: 'Hidden sister', path: 'sister', description: 'Not for you' } })).data.siteId;
  // A reader: the template view key, View on the site and on Books only (not News, where the draft is).
  const u = await createUser(ts.database.db, 'ticketreader', { password: 'Reader1234', roles: ['ticket-reader'] });
  readerId = u.userId;
  await grantPermission(ts.database.db, 'ticket-reader', 'cms:template:view');
  await grantReader([site.cat.Books]);
  reader = await ts.loginReady('ticketreader', 'Reader1234');
});

describe('preview tickets (item 1)', () => {
  it('shows the page from the sites\' port, framed by the console only, never cached, with no token anywhere', async () => {
    const r = await preview(ts.admin, `content/${site.draft}`);
    expect(r.code, r.msg).toBe(200);
    expect(r.data.html).toBeUndefined();
    expect(r.data.frameUrl).toMatch(/^http:\/\/localhost:8091\/_preview\/[A-Za-z0-9_-]{43}$/);
    expect(r.data.frameUrl).not.toContain(ts.admin);
    const page = await frame(r.data.frameUrl);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1 class="page-title">Draft story</h1>');
    expect(page.body).not.toContain(ts.admin);
    expect(page.headers['content-security-policy']).toMatch(/; frame-ancestors http:\/\/localhost$/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self' 'unsafe-inline' https:");
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    // Links to other previews move the console's page; others open a new tab.
    expect(page.body).toMatch(/<a href="http:\/\/localhost\/admin\/cms\/preview\?type=catalog&amp;id=\d+&amp;pp=pc" target="_top">/);
    // The console's origin is the one a console served elsewhere calls from, when CORS_ORIGINS lists it.
    ts.server.services.config.corsOrigins = ['https://console.example.com'];
    try {
      const cross = await preview(ts.admin, `site/${site.siteId}`, { origin: 'https://console.example.com' });
      expect((await frame(cross.data.frameUrl)).headers['content-security-policy']).toMatch(/frame-ancestors https:\/\/console\.example\.com$/);
      const stranger = await preview(ts.admin, `site/${site.siteId}`, { origin: 'https://evil.example.com' });
      expect((await frame(stranger.data.frameUrl)).headers['content-security-policy']).toMatch(/frame-ancestors http:\/\/localhost$/);
    } finally {
      ts.server.services.config.corsOrigins = [];
    }
  });

  it('lets the console frame the sites\' port', async () => {
    const res = await ts.server.app.inject({ method: 'GET', url: '/admin/' });
    expect(String(res.headers['content-security-policy'])).toContain("frame-src 'self' https: http://localhost:8091;");
  });

  it('refuses a tampered, unknown or expired ticket, in the reader\'s language', async () => {
    const r = await preview(ts.admin, `site/${site.siteId}`);
    const ticket = ticketOf(r.data.frameUrl);
    const tampered = `${ticket.slice(0, -1)}${ticket.endsWith('A') ? 'B' : 'A'}`;
    const refused = await frame(`http://x/_preview/${tampered}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toBe('This preview has expired or is no longer yours to see: open it again from the console');
    expect((await frame(`http://x/_preview/${ticket}x`)).statusCode).toBe(403);
    expect((await frame('http://x/_preview/..%2f..%2fetc')).statusCode).not.toBe(200);
    expect((await frame(r.data.frameUrl, 'zh-TW')).statusCode).toBe(200);
    await ts.database.db.update(cmsPreviewTicket).set({ expiresAt: sql`now() - interval '1 second'` });
    const expired = await frame(r.data.frameUrl, 'zh-TW');
    expect(expired.statusCode).toBe(403);
    expect(expired.body).toBe('此預覽已過期或您已無權檢視：請從主控台重新開啟預覽');
  });

  it('shows the one page it was minted for: a ticket for content A never shows content B', async () => {
    const a = await preview(ts.admin, `content/${site.first}`);
    const b = await preview(ts.admin, `content/${site.draft}`);
    const asked = await ts.server.sites.inject({ method: 'GET', url: `${new URL(a.data.frameUrl).pathname}?type=content&id=${site.draft}&contentId=${site.draft}` });
    expect(asked.body).toContain('First &lt;story&gt;');
    expect(asked.body).not.toContain('Draft story');
    expect((await frame(b.data.frameUrl)).body).toContain('Draft story');
  });

  it('is refused once its user lost the right, signed out or was disabled', async () => {
    await grantReader([site.cat.Books, site.cat.News]);
    const r = await preview(reader, `content/${site.first}`);
    expect(r.code, r.msg).toBe(200);
    expect((await frame(r.data.frameUrl)).statusCode).toBe(200);
    // The grant on News goes: the same ticket is refused.
    await grantReader([site.cat.Books]);
    expect((await frame(r.data.frameUrl)).statusCode).toBe(403);
    // A ticket of Books, then the user is disabled.
    const books = await preview(reader, `content/${site.book}`);
    expect((await frame(books.data.frameUrl)).statusCode).toBe(200);
    await ts.database.db.update(sysUser).set({ status: '1' }).where(eq(sysUser.userId, readerId));
    expect((await frame(books.data.frameUrl)).statusCode).toBe(403);
    await ts.database.db.update(sysUser).set({ status: '0' }).where(eq(sysUser.userId, readerId));
    expect((await frame(books.data.frameUrl)).statusCode).toBe(200);
    // Signed out: the session that minted it is over.
    const token = await ts.loginReady('ticketreader', 'Reader1234');
    const mine = await preview(token, `content/${site.book}`);
    expect((await ts.api('POST', '/logout', { token, headers: H })).code).toBe(200);
    expect((await frame(mine.data.frameUrl)).statusCode).toBe(403);
  });

  it('keeps the workbench\'s unsaved text out of every URL, and shows it from the sites\' port', async () => {
    const content = '<main>Unsaved words {{ Site.name }} <a href="https://example.com/x">out</a></main>';
    const r = await bench(ts.admin, { path: 'index.template.html', content });
    expect(r.data).toMatchObject({ ok: true, usesTemplate: true });
    expect(r.data.frameUrl).not.toMatch(/Unsaved|main/);
    const page = await frame(r.data.frameUrl);
    expect(page.body).toBe('<main>Unsaved words Site tick <a href="https://example.com/x" target="_blank" rel="noopener">out</a></main>');
  });
});

describe('what a preview\'s tags may read (N1)', () => {
  const peek = `{% cms_article contentId: DRAFT %}[{{ ArticleContent | raw }}]{% endcms_article %}`
    + `{% cms_article contentId: FIRST %}[{{ ArticleContent | raw }}]{% endcms_article %}`
    + `{% cms_content catalogId: NEWS, level: 'CurrentAndChild' %}{% for c in DataList %}<li>{{ c.title }}</li>{% endfor %}{% endcms_content %}`
    + `{% cms_content catalogId: BOOKS %}{% for c in DataList %}<li>{{ c.title }}</li>{% endfor %}{% endcms_content %}`;
  const template = () => peek.replace('DRAFT', String(site.draft)).replace('FIRST', String(site.first)).replace('NEWS', String(site.cat.News)).replace('BOOKS', String(site.cat.Books));

  it('shows a reader without a grant on a catalog none of its contents, draft or published', async () => {
    await grantReader([site.cat.Books]);
    const r = await bench(reader, { path: 'index.template.html', content: template() });
    // A content out of the reader's catalogs reads as one that does not exist.
    expect(r.data).toMatchObject({ ok: false, problem: { message: `content ${site.draft} is not a content of this site` } });
    const published = await bench(reader, { path: 'index.template.html', content: `{% cms_article contentId: ${site.first} %}{{ ArticleContent | raw }}{% endcms_article %}` });
    expect(published.data).toMatchObject({ ok: false, problem: { message: `content ${site.first} is not a content of this site` } });
    const lists = await bench(reader, { path: 'index.template.html', content: template().replace(/\{% cms_article[^]*?endcms_article %\}/g, '') });
    // News itself is out of their reach too (issue 27, reader-catalogs.test.ts): named, it is not found.
    expect(lists.data).toMatchObject({ ok: false, problem: { message: `catalog ${site.cat.News} is not a catalog of this site` } });
    const books = await bench(reader, { path: 'index.template.html', content: template().replace(/\{% cms_article[^]*?endcms_article %\}/g, '').replace(/\{% cms_content catalogId: \d+, level[^]*?endcms_content %\}/, '') });
    const html = (await frame(books.data.frameUrl)).body;
    expect(html).toBe('<li>A book</li>');
  });

  it('never prints a draft through a tag, in a preview (administrator) or a published page', async () => {
    const r = await bench(ts.admin, { path: 'index.template.html', content: template() });
    const html = (await frame(r.data.frameUrl)).body;
    expect(html).not.toContain('Not yet');
    expect(html).toContain('[]');
    expect(html).toContain('Part one');
    expect(html).toContain('<li>Second story</li>');
    // Publishing: the same template as the site's home page.
    await writeTemplates(ts, site, { 'index.template.html': template() });
    const { renderIndex } = await import('./render.ts');
    const { openSession } = await import('./test-site.ts');
    const published = await renderIndex(await openSession(ts, site));
    expect(published.html).not.toContain('Not yet');
    expect(published.html).toContain('Part one');
  });
});

describe('cms_site (N7)', () => {
  const sites = `{% cms_site level: 'Root' %}{% for s in DataList %}<i>{{ s.name }}|{{ s.description }}|{{ s.link }}</i>{% endfor %}{% endcms_site %}`
    + `/{% cms_site level: 'Child' %}{% for s in DataList %}<b>{{ s.name }}</b>{% endfor %}{% endcms_site %}`;

  it('lists the page\'s own site and those below it, in a preview only those its user may view', async () => {
    const child = (await ts.api('POST', '/cms/site', { token: ts.admin, headers: H, body: { name: 'Child site', path: 'tickchild' } })).data.siteId as number;
    await ts.database.db.update(cmsSite).set({ parentId: site.siteId }).where(eq(cmsSite.siteId, child));
    const admin = await bench(ts.admin, { path: 'index.template.html', content: sites });
    expect((await frame(admin.data.frameUrl)).body).toBe('<i>Site tick|A &lt;b&gt;test&lt;/b&gt; site|http://localhost:8091/tick/</i>/<b>Child site</b>');
    const mine = await bench(reader, { path: 'index.template.html', content: sites });
    const html = (await frame(mine.data.frameUrl)).body;
    expect(html).toBe('<i>Site tick|A &lt;b&gt;test&lt;/b&gt; site|http://localhost:8091/tick/</i>/');
    expect(html).not.toContain('sister');
    await writeTemplates(ts, site, { 'index.template.html': sites });
    const { renderIndex } = await import('./render.ts');
    const { openSession } = await import('./test-site.ts');
    const published = await renderIndex(await openSession(ts, site));
    expect(published.html).toBe('<i>Site tick|A &lt;b&gt;test&lt;/b&gt; site|http://localhost:8091/tick/</i>/<b>Child site</b>');
    expect(published.html).not.toContain('Hidden sister');
    expect(other).toBeGreaterThan(0);
  });
});

describe('previews off the main thread (N6)', () => {
  const LOOP = '{% for i in (1..10000) %}{% for j in (1..10000) %}{% endfor %}{% endfor %}done';

  it('a 10⁴×10⁴ loop delays no sign-in nor /getInfo, ends within the limit, and a user has two at once at most', async () => {
    // How long a sign-in and /getInfo take with nothing else going on.
    let t = Date.now();
    await ts.api('GET', '/getInfo', { token: reader });
    const infoAlone = Date.now() - t;
    t = Date.now();
    await ts.loginReady('ticketreader', 'Reader1234');
    const signInAlone = Date.now() - t;
    const started = Date.now();
    const heavy = [bench(ts.admin, { path: 'index.template.html', content: LOOP }), bench(ts.admin, { path: 'list.template.html', content: LOOP, catalogId: site.cat.News })];
    await new Promise((r) => setTimeout(r, 150));
    // A third of the same user's is refused at once, in words.
    const third = await bench(ts.admin, { path: 'index.template.html', content: 'x' });
    expect(third.msg).toBe('Too many previews at once: at most 2 render at the same time; wait for one to finish');
    // Others are answered as usual meanwhile.
    t = Date.now();
    expect((await ts.api('GET', '/getInfo', { token: reader })).code).toBe(200);
    expect(Date.now() - t - infoAlone).toBeLessThan(300);
    t = Date.now();
    const token = await ts.loginReady('ticketreader', 'Reader1234');
    expect(token).toBeTruthy();
    expect(Date.now() - t - signInAlone).toBeLessThan(700);
    const mine = await bench(reader, { path: 'index.template.html', content: '<p>light</p>' });
    expect(mine.data).toMatchObject({ ok: true });
    for (const r of await Promise.all(heavy)) {
      // LiquidJS's guards stop it first (time, or the ranges it builds), naming the line.
      expect(r.data).toMatchObject({ ok: false, problem: { line: 1 } });
      expect(r.data.problem.message).toMatch(/^(rendering took longer than the limit allows|the template builds more text or lists than the limit allows)/);
    }
    expect(Date.now() - started).toBeLessThan(5_500);
  }, 20_000);

  it('abandons a page past the time limit, in words naming it, and renders the next one in a fresh thread', async () => {
    // The limit counts from the ask, a thread's start included (~0.2 s; more on a busy machine).
    const pool = new PageThreads(1, 1_500);
    try {
      const snapshot = await readSnapshot(ts.database.db, site.siteId, 'pc', sessionConfig(ts.server.services), { 'index.template.html': LOOP });
      const source = dbSource(ts.database.db, { siteId: site.siteId, pipeCode: 'pc' }, ts.server.services.i18n);
      const t = Date.now();
      // LiquidJS's own guards set far off: only the time limit can end it.
      const err = await pool.render(snapshot, { mode: 'preview', limits: { renderMs: 600_000, memory: 1e12 } }, { type: 'site' }, source).catch((e: unknown) => e);
      expect(Date.now() - t).toBeLessThan(2_500);
      expect(err).toBeInstanceOf(AppError);
      expect(ts.server.services.i18n.translator('en')((err as AppError).key, (err as AppError).params)).toBe('The page took longer than 1.5 s to render and was stopped (an endless loop in a template?)');
      const light = await readSnapshot(ts.database.db, site.siteId, 'pc', sessionConfig(ts.server.services), { 'index.template.html': 'fine' });
      expect((await pool.render(light, { mode: 'preview' }, { type: 'site' }, source)).html).toBe('fine');
    } finally {
      await pool.close();
    }
  });
});
