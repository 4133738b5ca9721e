import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { makeTestSite, openSession, type TestSite } from '../template/test-site.ts';
import { renderCatalogPage, renderIndex } from '../template/render.ts';
import { MENUS } from '../../shipped.ts';
import { executedRows } from '../../../db/rows.ts';
import { readWorkbook } from '../../../core/xlsx.ts';
import { cmsStatDay, cmsStatDimDay, cmsStatEvent, cmsStatSalt } from './schema.ts';
import { DailySalts } from './salts.ts';
import { utcDay } from './visitor.ts';
import { StatRecorder, statRecorderOf } from './recorder.ts';
import { viewCounterOf } from './view-counter.ts';
import { loadCountries } from './geo.ts';
import { rollUp } from './rollup.ts';
import { VISIT_LOG_CAP } from '../../../../shared/stats/stat.ts';

// Issue 32 item 1: every page view recorded as a raw event with its dimensions, rolled up into the
// aggregates the Statistics routes read, with access per site and per catalog grant.
const dataDir = mkdtempSync(join(tmpdir(), 'castanea-sitestat-'));
const ts = useTestServer({ config: { dataDir, viewCounter: { flushMs: 3_600_000 } } });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const H = { repeatSubmit: 'false', 'accept-language': 'en' };
let a: TestSite;
let b: TestSite;

const UA = {
  chrome: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.0 Mobile/15E148 Safari/604.1',
  bot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
};

/** A published page's beacon as the readers' script sends it, from `ip` with `ua`. */
function beacon(site: TestSite, q: Record<string, string | number>, ip: string, ua: string, page = 'https://www.site.test/') {
  const query = new URLSearchParams({ sid: String(site.siteId), ...Object.fromEntries(Object.entries(q).map(([k, v]) => [k, String(v)])) });
  return ts.server.sites.inject({ method: 'POST', url: `/api/stat/visit?${query}`, remoteAddress: ip, headers: { 'user-agent': ua, referer: page } });
}
const flush = () => statRecorderOf(ts.server.services).flush();
const eventsOf = (siteId: number) => ts.database.db.select().from(cmsStatEvent).where(eq(cmsStatEvent.siteId, siteId)).orderBy(asc(cmsStatEvent.eventId));

const call = (method: string, url: string, site: number, token = ts.admin) => ts.api(method, url, { token, headers: { ...H, CurrentSite: String(site) } });
async function ok(url: string, site: number, token = ts.admin) {
  const r = await call('GET', url, site, token);
  expect(r.code, `${url}: ${r.msg}`).toBe(200);
  return r.data;
}

beforeAll(async () => {
  a = await makeTestSite(ts, 'sitestata');
  b = await makeTestSite(ts, 'sitestatb');
  await loadCountries();
}, 60_000);

describe('the beacon records every page view', () => {
  it('keeps the page, content, catalog, source, engine, words, browser, OS, device and country of each view; no crawler, no unpublished content', async () => {
    const sent = [
      await beacon(a, { cid: a.cat.World, id: a.first, p: '/news/world/first.shtml', r: 'https://www.baidu.com/s?wd=%E6%A0%97%E5%AD%90' }, '1.0.2.3', UA.chrome),
      await beacon(a, { cid: a.cat.News, p: '/news/', r: 'https://www.google.com/' }, '1.0.0.9', UA.iphone),
      await beacon(a, { p: '/', r: 'https://blog.example.org/post?id=3' }, '2001:200::5', UA.firefox),
      // A link within the site itself is no source: direct.
      await beacon(a, { cid: b.cat.News, p: '/list/', r: 'https://www.site.test/' }, '10.0.0.1', UA.ipad),
      // Not recorded: a crawler, a draft, another site's content.
      await beacon(a, { id: a.first, p: '/news/world/first.shtml' }, '1.0.2.4', UA.bot),
      await beacon(a, { id: a.draft, p: '/x.shtml' }, '1.0.2.5', UA.chrome),
      await beacon(a, { id: b.first, p: '/y.shtml' }, '1.0.2.6', UA.chrome),
    ];
    expect(sent.map((r) => r.statusCode)).toEqual([204, 204, 204, 204, 204, 204, 204]);
    await flush();
    const rows = (await eventsOf(a.siteId)).map(({ contentId, catalogId, path, source, refHost, engine, word, browser, os, device, country, entry }) =>
      ({ contentId, catalogId, path, source, refHost, engine, word, browser, os, device, country, entry }));
    expect(rows).toEqual([
      { contentId: a.first, catalogId: a.cat.World, path: '/news/world/first.shtml', source: 'search', refHost: 'www.baidu.com', engine: 'baidu', word: '栗子', browser: 'Chrome', os: 'Windows', device: 'desktop', country: 'CN', entry: true },
      { contentId: null, catalogId: a.cat.News, path: '/news/', source: 'search', refHost: 'www.google.com', engine: 'google', word: null, browser: 'Mobile Safari', os: 'iOS', device: 'mobile', country: 'AU', entry: true },
      { contentId: null, catalogId: null, path: '/', source: 'site', refHost: 'blog.example.org', engine: null, word: null, browser: 'Firefox', os: 'Linux', device: 'desktop', country: 'AU', entry: true },
      // Another site's catalog named by a list page is dropped; a private address has no country.
      { contentId: null, catalogId: null, path: '/list/', source: 'direct', refHost: null, engine: null, word: null, browser: 'Mobile Safari', os: 'iOS', device: 'tablet', country: null, entry: true },
    ]);
  });

  it('stores no address and no user agent; one reader is one visitor a day across processes and restarts, another the next day, whose salt ends the first\'s', async () => {
    // Recorders of their own, as two server processes (or one before and after a restart), on days of the past.
    const first = new StatRecorder(ts.database.db);
    const second = new StatRecorder(ts.database.db);
    const day = new Date(Date.now() - 5 * 86_400_000);
    day.setUTCHours(9, 0, 0, 0);
    const view = (path: string, at: Date) => ({ siteId: b.siteId, contentId: null, catalogId: null, path, referrer: undefined, pageHost: null, address: '198.51.100.7', userAgent: UA.firefox, at });
    for (const minutes of [0, 10, 50]) await first.record(view('/', new Date(day.getTime() + minutes * 60_000)));
    await second.record(view('/other', new Date(day.getTime() + 120 * 60_000)));
    const salt = first.visitorsForTests.saltForTests!;
    expect(second.visitorsForTests.saltForTests!.equals(salt)).toBe(true);
    await first.record(view('/next', new Date(day.getTime() + 86_400_000)));
    await first.flush();
    await second.flush();
    // In the order of the views (the two processes wrote theirs apart).
    const order = ['/', '/other', '/next'];
    const rows = (await eventsOf(b.siteId)).filter((r) => order.includes(r.path)).sort((x, y) => order.indexOf(x.path) - order.indexOf(y.path));
    // A visit ends after 30 minutes without a view: 0 and 10 are one visit, 50 starts another.
    expect(rows.map((r) => r.entry)).toEqual([true, false, true, true, true]);
    // The other process's view of the same reader that day: the same visitor.
    expect(new Set(rows.slice(0, 4).map((r) => r.visitor)).size).toBe(1);
    expect(rows[4]!.visitor).not.toBe(rows[0]!.visitor);
    const dump = JSON.stringify(await ts.database.db.execute(sql`select * from cms_stat_event`));
    for (const secret of ['198.51.100.7', '1.0.2.3', '2001:200::5', 'Firefox/120', 'Windows NT', salt.toString('hex'), salt.toString('base64'), salt.toString('base64url')]) expect(dump).not.toContain(secret);
    // The next day's salt was made: the first day's is gone, from every table (any column, as text).
    const tables = executedRows<{ t: string }>(await ts.database.db.execute(sql`select table_name as t from information_schema.tables where table_schema = 'public'`));
    for (const { t } of tables) {
      const [hit] = executedRows<{ n: number }>(await ts.database.db.execute(sql`select count(*)::int as n from ${sql.identifier(t)} x where x::text like ${`%${salt.toString('hex')}%`} or x::text like ${`%${salt.toString('base64url').slice(0, 20)}%`}`));
      expect(hit!.n, t).toBe(0);
    }
    // A quiet day leaves no salt behind either: the recorders' flush loop sweeps the past ones.
    await new DailySalts(ts.database.db).sweep(Date.now());
    expect((await ts.database.db.select().from(cmsStatSalt)).map((r) => r.day).filter((d) => d < utcDay(Date.now()))).toEqual([]);
  });
});

describe('the beacon as a public route', () => {
  it('refuses an over-long page path or referrer naming the field in the reader\'s language, and counts the same with a console token, a forged one or none', async () => {
    const long = `/${'x'.repeat(2000)}`;
    for (const [field, lang, label] of [['p', 'en', 'Page path'], ['r', 'en', 'Referrer']] as const) {
      const res = await ts.server.sites.inject({ method: 'POST', url: `/api/stat/visit?sid=${b.siteId}&${field}=${encodeURIComponent(long)}`, remoteAddress: '203.0.113.9', headers: { 'user-agent': UA.chrome, 'accept-language': lang } });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toContain(label);
    }
    await flush();
    const before = (await eventsOf(b.siteId)).length;
    for (const authorization of [`Bearer ${ts.admin}`, 'Bearer forged', undefined]) {
      const res = await ts.server.sites.inject({ method: 'POST', url: `/api/stat/visit?sid=${b.siteId}&p=%2Ftoken`, remoteAddress: '203.0.113.10', headers: { 'user-agent': UA.chrome, ...(authorization ? { authorization } : {}) } });
      expect(res.statusCode).toBe(204);
    }
    await flush();
    expect((await eventsOf(b.siteId)).slice(before).map((e) => e.path)).toEqual(['/token', '/token', '/token']);
  });
});

describe('the default theme', () => {
  it('has every page load the readers\' script that sends the beacon: a list page with its catalog, the home page without', async () => {
    const session = await openSession(ts, a);
    const list = await renderCatalogPage(session, a.cat.News, 1);
    expect(list.html).toMatch(new RegExp(`<script src="[^"]+" data-api="[^"]+" data-sid="${a.siteId}" data-cid="${a.cat.News}" defer></script>`));
    const home = await renderIndex(session);
    expect(home.html).toMatch(new RegExp(`<script src="[^"]+" data-api="[^"]+" data-sid="${a.siteId}" defer></script>`));
  });
});

describe('the rollup', () => {
  it('gives aggregates equal to the raw counts, the same when run again, and deletes raw events past the days kept', async () => {
    await rollUp(ts.database.db);
    const check = async () => {
      const raw = executedRows<{ site_id: number; day: string; pv: number; uv: number; ips: number; visits: number }>(await ts.database.db.execute(sql`
        select site_id::int, (at at time zone 'UTC')::date::text as day, count(*)::int as pv, count(distinct visitor)::int as uv, count(distinct addr)::int as ips, (count(*) filter (where entry))::int as visits
        from cms_stat_event group by 1, 2 order by 1, 2`));
      const days = await ts.database.db.select().from(cmsStatDay).orderBy(asc(cmsStatDay.siteId), asc(cmsStatDay.day));
      expect(days.map((d) => ({ site_id: d.siteId, day: d.day, pv: d.pv, uv: d.uv, ips: d.ips, visits: d.visits }))).toEqual(raw);
      // Each view has one source, browser, OS, device, country and page: each dimension adds up to the views.
      for (const dim of ['source', 'browser', 'os', 'device', 'country', 'page']) {
        const [sum] = executedRows<{ pv: number }>(await ts.database.db.execute(sql`select coalesce(sum(pv), 0)::int as pv from cms_stat_dim_day where dim = ${dim}`));
        expect(sum!.pv, dim).toBe(raw.reduce((n, r) => n + r.pv, 0));
      }
      return days;
    };
    const first = await check();
    expect(first.find((d) => d.siteId === a.siteId)).toMatchObject({ pv: 4, uv: 4, ips: 4, visits: 4 });
    const again = await rollUp(ts.database.db);
    expect(again.days).toBe(0);
    expect(await check()).toEqual(first);
    // New views of a day already rolled up: that day is recomputed whole, visitors not counted twice.
    await beacon(a, { p: '/again', r: '' }, '1.0.2.3', UA.chrome);
    await beacon(a, { p: '/again', r: '' }, '1.0.2.99', UA.chrome);
    await flush();
    expect((await rollUp(ts.database.db)).days).toBe(1);
    const after = await check();
    expect(after.find((d) => d.siteId === a.siteId)).toMatchObject({ pv: 6, uv: 5, ips: 5, visits: 5 });
    const entries = await ts.database.db.select().from(cmsStatDimDay).where(sql`${cmsStatDimDay.siteId} = ${a.siteId} and ${cmsStatDimDay.dim} = 'entry'`);
    // The entry pages: each visit's first page (one of the two views of /again began a visit).
    expect(entries.map((e) => [e.key, e.pv]).sort()).toEqual([['/', 1], ['/again', 1], ['/list/', 1], ['/news/', 1], ['/news/world/first.shtml', 1]]);
    // An event older than the 30 days kept goes (a recorder of its own: a view of the past would start a salt).
    const recorder = new StatRecorder(ts.database.db);
    await recorder.record({ siteId: b.siteId, contentId: null, catalogId: null, path: '/old', referrer: undefined, pageHost: null, address: '192.0.2.1', userAgent: UA.chrome, at: new Date(Date.now() - 40 * 86_400_000) });
    await recorder.flush();
    const swept = await rollUp(ts.database.db, 30);
    expect(swept.deleted).toBe(1);
    expect(await ts.database.db.select().from(cmsStatEvent).where(eq(cmsStatEvent.path, '/old'))).toEqual([]);
  });
});

describe('the Statistics routes', () => {
  it('answer the overview, the trend at each granularity and the rankings from the aggregates', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const o = await ok('/cms/stat/site/overview', a.siteId);
    expect(o.today).toEqual({ pv: 6, uv: 5, ips: 5, visits: 5, avgViews: 1.2 });
    expect(o.last7.pv).toBe(6);
    expect(o.yesterday.pv).toBe(0);
    const days = await ok(`/cms/stat/site/trend?granularity=day&beginTime=${today}&endTime=${today}`, a.siteId);
    expect(days.points).toEqual([{ at: today, pv: 6, uv: 5, ips: 5, visits: 5 }]);
    const hours = await ok(`/cms/stat/site/trend?granularity=hour&beginTime=${today}&endTime=${today}`, a.siteId);
    expect(hours.points).toHaveLength(24);
    expect(hours.points.reduce((n: number, p: { pv: number }) => n + p.pv, 0)).toBe(6);
    const months = await ok('/cms/stat/site/trend?granularity=month', a.siteId);
    expect(months.points.at(-1).pv).toBe(6);
    const sources = await ok('/cms/stat/site/source', a.siteId);
    expect(sources.rows.map((r: { key: string; pv: number; share: number }) => [r.key, r.pv, r.share])).toEqual([['direct', 3, 50], ['search', 2, 33.3], ['site', 1, 16.7]]);
    expect((await ok('/cms/stat/site/word', a.siteId)).rows.map((r: { key: string }) => r.key)).toEqual(['栗子']);
    expect((await ok('/cms/stat/site/content', a.siteId)).rows).toEqual([{ key: String(a.first), name: 'First <story>', pv: 1, uv: 1, visits: 1, share: 16.7 }]);
  });

  it('exports a ranking as an .xlsx with headers in the reader\'s language', async () => {
    const res = await ts.server.app.inject({ method: 'GET', url: '/prod-api/cms/stat/site/source/export', headers: { authorization: `Bearer ${ts.admin}`, 'accept-language': 'en', CurrentSite: String(a.siteId) } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const sheet = (await readWorkbook(res.rawPayload)).worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Source', 'Page views', 'Visitors', 'Visits', 'Share (%)']);
    expect(sheet.getRow(2).values).toEqual([undefined, 'Direct', 3, 3, 2, 50]);
    const countries = await ts.server.app.inject({ method: 'GET', url: '/prod-api/cms/stat/site/country/export', headers: { authorization: `Bearer ${ts.admin}`, 'accept-language': 'zh-TW', CurrentSite: String(a.siteId) } });
    const rows = (await readWorkbook(countries.rawPayload)).worksheets[0]!.getSheetValues().slice(1).map((r) => (r as unknown[]).slice(1, 3));
    expect(rows).toEqual([['國家/地區', '瀏覽量(PV)'], ['中國', 3], ['澳洲', 2], ['（不明）', 1]]);
  });

  it('refuses a bad period naming the field', async () => {
    expect((await call('GET', '/cms/stat/site/trend?beginTime=2025-03-02&endTime=2025-03-01', a.siteId)).msg).toBe('End time must be later than Begin time');
    expect((await call('GET', '/cms/stat/site/trend?granularity=hour&beginTime=2025-01-01&endTime=2025-03-01', a.siteId)).msg).toBe('Begin time: a period covers at most 31 days');
    expect((await call('GET', '/cms/stat/site/trend?beginTime=2025-02-30', a.siteId)).msg).toContain('Begin time');
    expect((await call('GET', '/cms/stat/site/nothing', a.siteId)).code).toBe(500);
    const zh = await ts.api('GET', '/cms/stat/site/trend?granularity=year', { token: ts.admin, headers: { repeatSubmit: 'false', 'accept-language': 'zh-CN', CurrentSite: String(a.siteId) } });
    expect(zh.msg).toContain('粒度');
  });

  it('answers ChestnutCMS\'s content statistics and the visit log', async () => {
    const byCatalog = await ok('/cms/stat/contentStatByCatalog', a.siteId);
    expect(byCatalog.rows.find((r: { catalogId: number }) => r.catalogId === a.cat.World)).toMatchObject({ draftTotal: 1, publishedTotal: 2, total: 3, periodPublished: 2 });
    const byUser = await ok('/cms/stat/contentStatByUser', a.siteId);
    expect(byUser.rows).toEqual([expect.objectContaining({ userName: 'admin', draftTotal: 1, publishedTotal: 4 })]);
    await viewCounterOf(ts.server.services).flush();
    const dynamic = await ok('/cms/stat/contentDynamicData?pageSize=2', a.siteId);
    expect(dynamic.total).toBe(4);
    expect(dynamic.rows[0]).toMatchObject({ contentId: a.first, pv: 1 });
    const log = await ok('/cms/stat?pageSize=50', a.siteId);
    expect(log.total).toBe(6);
    expect(log.rows[0]).toMatchObject({ path: '/again', source: 'direct', browser: 'Chrome' });
    expect(JSON.stringify(log.rows)).not.toMatch(/visitor|addr|1\.0\.2\.3/);
    // Paging stops at the latest VISIT_LOG_CAP events: a page past them is empty, whatever the table holds.
    const past = await ok(`/cms/stat?pageSize=20&pageNum=${VISIT_LOG_CAP / 20 + 1}`, a.siteId);
    expect(past).toEqual({ total: 6, rows: [] });
  });
});

describe('access', () => {
  let analyst = '';
  let outsider = '';
  beforeAll(async () => {
    const admin = (method: string, url: string, body: unknown) => ts.api(method, url, { token: ts.admin, body, headers: { ...H, CurrentSite: String(a.siteId) } });
    const menuIds = (keys: string[]) => MENUS.filter((m) => m.perms && keys.includes(m.perms)).map((m) => m.menuId);
    const role = async (key: string, keys: string[]) => (await admin('POST', '/system/role', { roleName: key, roleKey: key, dataScope: '5', menuIds: menuIds(keys) })).data.roleId as number;
    const analysts = await role('stat_analysts', ['cms:stat:view', 'cms:site:view']);
    const others = await role('stat_outsiders', ['cms:site:view']);
    const cells = (perms: string[]) => Object.fromEntries(perms.map((p) => [p, { granted: true }]));
    for (const owner of [analysts, others]) expect((await admin('POST', '/cms/perms/site', { ownerType: 'Role', owner, perms: [{ siteId: a.siteId, perms: cells(['View']) }] })).code).toBe(200);
    // The analysts may view the World catalog only (a grant covers the catalogs under it).
    expect((await admin('POST', '/cms/perms/catalog', { ownerType: 'Role', owner: analysts, perms: [{ catalogId: a.cat.World, perms: cells(['View']) }] })).code).toBe(200);
    for (const [name, roleId] of [['stat_analyst', analysts], ['stat_outsider', others]] as const) {
      expect((await admin('POST', '/system/user', { userName: name, nickName: name, deptId: 100, password: 'Quill4321', roleIds: [roleId] })).code).toBe(200);
    }
    analyst = await ts.loginReady('stat_analyst', 'Quill4321');
    outsider = await ts.loginReady('stat_outsider', 'Quill4321');
  });

  it('refuses every statistics route without cms:stat:view', async () => {
    for (const url of ['/cms/stat/site/overview', '/cms/stat/site/trend', '/cms/stat/site/source', '/cms/stat/site/source/export', '/cms/stat/contentStatByCatalog', '/cms/stat/contentStatByUser', '/cms/stat/contentDynamicData', '/cms/stat']) {
      expect((await call('GET', url, a.siteId, outsider)).code, url).toBe(403);
    }
    expect((await ok('/cms/stat/site/overview', a.siteId, analyst)).today.pv).toBe(6);
  });

  it('keeps another site\'s figures out of reach', async () => {
    const r = await call('GET', '/cms/stat/site/overview', b.siteId, analyst);
    expect(r.code).toBe(403);
    expect(JSON.stringify(r)).not.toContain('"pv"');
  });

  it('shows catalogs and contents only of the catalogs granted', async () => {
    // The News list page's views exist, but News is not granted: only World's rows show.
    expect((await ok('/cms/stat/site/catalog', a.siteId)).rows.map((r: { key: string }) => Number(r.key)).sort()).toEqual([a.cat.World, a.cat.News].sort());
    expect((await ok('/cms/stat/site/catalog', a.siteId, analyst)).rows.map((r: { key: string; name: string }) => [Number(r.key), r.name])).toEqual([[a.cat.World, 'World']]);
    expect((await ok('/cms/stat/contentStatByCatalog', a.siteId, analyst)).rows.map((r: { catalogName: string }) => r.catalogName)).toEqual(['World']);
    expect((await ok('/cms/stat/contentDynamicData', a.siteId, analyst)).rows.map((r: { contentId: number }) => r.contentId).sort()).toEqual([a.first, a.second].sort());
    expect((await ok('/cms/stat/contentStatByUser', a.siteId, analyst)).rows[0]).toMatchObject({ publishedTotal: 2, draftTotal: 1 });
  });
});
