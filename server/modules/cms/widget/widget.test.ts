import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { drainQueue } from '../publish/worker.ts';
import { pipeOutputRoot } from '../publish/roots.ts';
import { adCounterOf } from './counter.ts';
import { MENUS } from '../../shipped.ts';
import { cmsAdStatDay, cmsAdvertisement, cmsPageWidget } from './schema.ts';
import { republishAdsCrossing } from './ad-dates.ts';

// Issue 29 parts 1–2: page widgets (manual blocks and ad spaces) published into the default
// theme's home page and taken offline again, ads whose dates hold, and the readers' counter.
const dataDir = mkdtempSync(join(tmpdir(), 'castanea-widgets-'));
const ts = useTestServer({ config: { dataDir, adCounter: { flushMs: 3_600_000, perAddress: 5 } } });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const H = { repeatSubmit: 'false' };

async function call(method: string, path: string, siteId: number, body?: unknown, lang = 'en') {
  return ts.api(method, path, { token: ts.admin, body, headers: { ...H, 'accept-language': lang, CurrentSite: String(siteId) } });
}
async function ok(method: string, path: string, siteId: number, body?: unknown) {
  const r = await call(method, path, siteId, body);
  expect(r.code, `${method} ${path}: ${r.msg}`).toBe(200);
  return r.data;
}
const hour = 3_600_000;
const at = (ms: number) => new Date(Date.now() + ms).toISOString().slice(0, 19).replace('T', ' ');
const root = (path: string) => pipeOutputRoot(ts.server.services.config, path, 'pc', true);
const home = (path: string) => readFileSync(join(root(path), 'index.shtml'), 'utf8');
const publishQueue = async () => expect((await drainQueue(ts.server.services)).failures).toEqual([]);
/** A reader's request to the counter (no session), from `ip`. */
const reader = (url: string, ip = '203.0.113.9') => ts.server.app.inject({ method: 'GET', url, remoteAddress: ip });

let site = 0;
let other = 0;
let block = 0;
let space = 0;
const ad: Record<'live' | 'expired' | 'future' | 'disabled', number> = { live: 0, expired: 0, future: 0, disabled: 0 };

beforeAll(async () => {
  site = (await ok('POST', '/cms/site', 0, { name: 'Widgets', path: 'widgets' })).siteId;
  other = (await ok('POST', '/cms/site', 0, { name: 'Other', path: 'otherw' })).siteId;
  await ok('POST', '/cms/site/publish', site, { siteId: site, publishIndex: true });
  await publishQueue();
});

describe('page widgets', () => {
  it('adds a manual block and an ad space to the current site; type, name, code, template and path are checked', async () => {
    block = (await ok('POST', '/cms/pagewidget', site, {
      type: 'manual', name: 'Picks', code: 'home_block', path: 'include/widget', templates: { pc: 'widget/block.template.html' }, siteId: other,
      content: [{ items: [{ title: 'Harbour guide', url: 'https://example.com/guide', summary: 'Where to walk' }, { title: 'Local page', url: '/widgets/about.shtml' }] }],
    })).pageWidgetId;
    const [stored] = await ts.database.db.select().from(cmsPageWidget).where(eq(cmsPageWidget.pageWidgetId, block));
    // The body's siteId is not read; the path gets its slash; a new widget is a draft.
    expect(stored).toMatchObject({ siteId: site, path: 'include/widget/', state: '0', type: 'manual' });
    space = (await ok('POST', '/cms/adspace', site, { name: 'Top ads', code: 'home_ads', strategy: 'all', path: 'include/widget/', templates: { pc: 'widget/ads.template.html' } })).pageWidgetId;
    expect((await ok('GET', `/cms/pagewidget/${space}`, site)).type).toBe('ads');
    expect((await ok('GET', '/cms/adspace/list', site)).rows.map((r: { code: string }) => r.code)).toEqual(['home_ads']);
    expect((await ok('GET', '/cms/pagewidget/list?type=manual', site)).rows.map((r: { code: string }) => r.code)).toEqual(['home_block']);

    expect((await call('POST', '/cms/pagewidget', site, { type: 'manual', name: 'X', code: 'home_block', templates: {} })).msg).toBe('Code "home_block" already exists');
    expect((await call('POST', '/cms/pagewidget', site, { type: 'manual', name: 'X', code: 'x1', templates: { pc: 'missing.template.html' } })).msg).toMatch(/no template "missing.template.html"/);
    expect((await call('POST', '/cms/pagewidget', site, { type: 'manual', name: 'X', code: 'x2', path: '../up/' }, 'zh-CN')).msg).toMatch(/发布路径/);
    expect((await call('POST', '/cms/pagewidget', site, { type: 'x', name: 'X', code: 'x3' })).msg).toMatch(/Type/);
    expect((await call('POST', '/cms/pagewidget', site, { type: 'manual', name: 'X', code: 'x4', content: [{ items: [{ title: 'a', url: 'javascript:alert(1)' }] }] })).msg).toMatch(/http/);
  });

  it('adds ads with enforced dates to the ad space; an ad space of another site, or a block, is none', async () => {
    const add = async (name: string, extra: Record<string, unknown>) =>
      (await ok('POST', '/cms/advertisement', site, { adSpaceId: space, type: 'text', name, redirectUrl: `https://example.com/${name}`, weight: 1, ...extra })).advertisementId as number;
    ad.live = await add('live', { onlineDate: at(-hour), offlineDate: at(hour) });
    ad.expired = await add('expired', { onlineDate: at(-2 * hour), offlineDate: at(-hour) });
    ad.future = await add('future', { onlineDate: at(hour) });
    ad.disabled = await add('disabled', { state: '1' });
    expect((await call('POST', '/cms/advertisement', site, { adSpaceId: space, type: 'text', name: 'bad', redirectUrl: 'javascript:alert(1)' })).msg).toMatch(/Redirect URL/);
    expect((await call('POST', '/cms/advertisement', site, { adSpaceId: space, type: 'text', name: 'bad', redirectUrl: 'https://x.org', onlineDate: at(hour), offlineDate: at(-hour) })).msg).toMatch(/Offline/);
    expect((await call('POST', '/cms/advertisement', site, { adSpaceId: block, type: 'text', name: 'bad', redirectUrl: 'https://x.org' })).msg).toMatch(/not an ad space/);
    expect((await call('POST', '/cms/advertisement', other, { adSpaceId: space, type: 'text', name: 'bad', redirectUrl: 'https://x.org' })).msg).toMatch(/not an ad space/);
    expect((await ok('GET', `/cms/advertisement/list?adSpaceId=${space}`, site)).total).toBe(4);
    // The list says where each stands now, by the server's clock (the Status column's tag).
    const states = Object.fromEntries((await ok('GET', `/cms/advertisement/list?adSpaceId=${space}`, site)).rows.map((r: { name: string; liveState: string }) => [r.name, r.liveState]));
    expect(states).toEqual({ live: 'live', expired: 'expired', future: 'scheduled', disabled: 'disabled' });
    expect((await ok('GET', `/cms/advertisement/list?adSpaceId=${space}`, other)).total).toBe(0);
  });

  it('prints nothing on the home page before publishing', () => {
    expect(home('widgets')).not.toContain('Harbour guide');
    expect(home('widgets')).not.toContain('class="ad-space"');
  });

  it('publishes both to <path><code>.shtml and the default theme\'s home page shows them, live ads only', async () => {
    const r = await ok('POST', '/cms/pagewidget/publish', site, [block, space]);
    expect(r.written).toBe(2);
    expect(r.queued).toBeGreaterThanOrEqual(1);
    const file = readFileSync(join(root('widgets'), 'include/widget/home_block.shtml'), 'utf8');
    expect(file).toContain('<a href="https://example.com/guide">Harbour guide</a>');
    const ads = readFileSync(join(root('widgets'), 'include/widget/home_ads.shtml'), 'utf8');
    expect(ads).toContain(`/api/advertisement/click/${ad.live}"`);
    for (const gone of [ad.expired, ad.future, ad.disabled]) expect(ads).not.toContain(`/click/${gone}"`);
    await publishQueue();
    const page = home('widgets');
    expect(page).toContain('Harbour guide');
    expect(page).toContain(`/api/advertisement/click/${ad.live}"`);
    expect(page).toContain(`/api/advertisement/view/${ad.live}"`);
    expect(page).not.toContain('https://example.com/expired');
    for (const gone of [ad.expired, ad.future, ad.disabled]) expect(page).not.toContain(`/click/${gone}"`);
    expect((await ok('GET', `/cms/pagewidget/${block}`, site)).state).toBe('30');
  });

  it('takes a widget offline: its file goes and the home page is published again without it', async () => {
    await ok('POST', '/cms/pagewidget/offline', site, [block]);
    expect(existsSync(join(root('widgets'), 'include/widget/home_block.shtml'))).toBe(false);
    await publishQueue();
    expect(home('widgets')).not.toContain('Harbour guide');
    expect(home('widgets')).toContain(`/click/${ad.live}"`);
    expect((await ok('GET', `/cms/pagewidget/${block}`, site)).state).toBe('40');
  });

  it('when an ad\'s offline date passes, its space is published again and the home page loses it', async () => {
    const soon = (await ok('POST', '/cms/advertisement', site, { adSpaceId: space, type: 'text', name: 'soon', redirectUrl: 'https://example.com/soon', offlineDate: at(hour) })).advertisementId as number;
    await ok('POST', '/cms/adspace/publish', site, [space]);
    await publishQueue();
    expect(home('widgets')).toContain(`/click/${soon}"`);
    // Its offline date passes (as an hour would).
    const before = new Date(Date.now() - 1000);
    await ts.database.db.update(cmsAdvertisement).set({ offlineDate: new Date(Date.now() - 500) }).where(eq(cmsAdvertisement.advertisementId, soon));
    expect(await republishAdsCrossing(ts.server.services, before, new Date())).toBe(1);
    expect(readFileSync(join(root('widgets'), 'include/widget/home_ads.shtml'), 'utf8')).not.toContain(`/click/${soon}"`);
    await publishQueue();
    expect(home('widgets')).not.toContain(`/click/${soon}"`);
    expect(home('widgets')).toContain(`/click/${ad.live}"`);
    // Nothing crossed since: nothing published again.
    expect(await republishAdsCrossing(ts.server.services, new Date(), new Date())).toBe(0);
  });

  it('a widget saved without templates gets the theme\'s one for its type; a pipe left blank refuses to publish, by name', async () => {
    const plain = (await ok('POST', '/cms/pagewidget', site, { type: 'manual', name: 'Plain', code: 'plain_block', path: 'include/widget/',
      content: [{ items: [{ title: 'Plain pick', titleStyle: 'color:#c00000;font-weight:bold', publishDate: '2026-03-04 10:00:00' }] }] })).pageWidgetId;
    const plainAds = (await ok('POST', '/cms/adspace', site, { name: 'Plain ads', code: 'plain_ads', templates: {} })).pageWidgetId;
    expect((await ok('GET', `/cms/pagewidget/${plain}`, site)).templates).toEqual({ pc: 'widget/block.template.html' });
    expect((await ok('GET', `/cms/pagewidget/${plainAds}`, site)).templates).toEqual({ pc: 'widget/ads.template.html' });
    expect((await ok('POST', '/cms/pagewidget/publish', site, [plain])).written).toBe(1);
    // The item's title style and date show on the published block.
    const plainFile = readFileSync(join(root('widgets'), 'include/widget/plain_block.shtml'), 'utf8');
    expect(plainFile).toContain('<span style="color:#c00000;font-weight:bold">Plain pick</span><time>2026-03-04</time>');
    // A title style is a colour, bold and italic only: other CSS is refused by name.
    expect((await call('PUT', '/cms/pagewidget', site, { pageWidgetId: plain, content: [{ items: [{ title: 'x', titleStyle: 'color:red;background:url(https://evil.example/)' }] }] })).msg).toMatch(/titleStyle/);
    // Cleared later: publishing says which widget and pipe lack one, and writes nothing.
    await ok('POST', '/cms/pagewidget/offline', site, [plain]);
    await ok('PUT', '/cms/pagewidget', site, { pageWidgetId: plain, templates: {} });
    const r = await call('POST', '/cms/pagewidget/publish', site, [plain], 'zh-CN');
    expect(r.code).toBe(500);
    expect(r.msg).toBe('模板：页面部件“plain_block”没有发布通道“pc”的模板，请先选择模板再发布');
    expect((await call('POST', '/cms/pagewidget/publish', site, [plain])).msg).toMatch(/^Templates: .*"pc"/);
    expect(existsSync(join(root('widgets'), 'include/widget/plain_block.shtml'))).toBe(false);
    expect((await ok('GET', `/cms/pagewidget/${plain}`, site)).state).toBe('40');
    await ok('DELETE', '/cms/pagewidget', site, [plain, plainAds]);
    await publishQueue();
  });

  it('refuses another site\'s widget ids and forged ones by name, and changes nothing of them', async () => {
    expect((await call('POST', '/cms/pagewidget/publish', other, [block])).msg).toBe(`Invalid page widget id: ${block}`);
    expect((await call('POST', '/cms/pagewidget/offline', other, [space])).msg).toBe(`Invalid page widget id: ${space}`);
    expect((await call('POST', '/cms/adspace/publish', site, [block])).msg).toBe(`Invalid page widget id: ${block}`);
    expect((await call('POST', '/cms/pagewidget/publish', site, [999999])).msg).toBe('Invalid page widget id: 999999');
    expect((await call('GET', `/cms/pagewidget/${block}`, other)).code).toBe(500);
    expect((await call('PUT', '/cms/pagewidget', other, { pageWidgetId: block, name: 'Taken' })).code).toBe(500);
    expect((await call('DELETE', '/cms/adspace', other, [space])).code).toBe(500);
    expect((await call('PUT', '/cms/advertisement', other, { advertisementId: ad.live, name: 'Taken' })).code).toBe(500);
    expect((await ok('GET', `/cms/pagewidget/${block}`, site)).name).toBe('Picks');
  });
});

describe('per-widget grants', () => {
  const menuIds = (...perms: string[]) => MENUS.filter((m) => m.perms && perms.includes(m.perms)).map((m) => m.menuId);
  let editor = '';
  let role = 0;
  let second = 0;
  const as = (method: string, path: string, body?: unknown) => ts.api(method, path, { token: editor, body, headers: { ...H, 'accept-language': 'en', CurrentSite: String(site) } });
  const grantWidget = (perms: Record<number, string[]>) => ok('POST', '/cms/perms/pageWidget', site, {
    ownerType: 'Role', owner: role, perms: Object.entries(perms).map(([id, ps]) => ({ pageWidgetId: Number(id), perms: Object.fromEntries(ps.map((p) => [p, { granted: true }])) })),
  });

  beforeAll(async () => {
    second = (await ok('POST', '/cms/pagewidget', site, { type: 'manual', name: 'Second', code: 'second_block', templates: { pc: 'widget/block.template.html' } })).pageWidgetId;
    role = (await ok('POST', '/system/role', 0, { roleName: 'Widget editors', roleKey: 'widget_editors', dataScope: '5', menuIds: menuIds('cms:site:view', 'cms:content:view') })).roleId;
    await ok('POST', '/system/user', 0, { userName: 'widgeteditor', nickName: 'Widgets', deptId: 100, password: 'Widget123', roleIds: [role] });
    editor = await ts.loginReady('widgeteditor', 'Widget123');
    await ok('POST', '/cms/perms/site', 0, { ownerType: 'Role', owner: role, perms: [{ siteId: site, perms: { View: { granted: true } } }] });
  });

  it('site View shows every widget, and changes none of them', async () => {
    expect((await as('GET', '/cms/pagewidget/list')).data.rows.map((r: { code: string }) => r.code).sort()).toEqual(['home_ads', 'home_block', 'second_block']);
    expect((await as('PUT', '/cms/pagewidget', { pageWidgetId: block, name: 'Mine' })).code).not.toBe(200);
    expect((await as('POST', '/cms/pagewidget/publish', [block])).msg).toBe(`You lack the Publish right on page widget ${block}`);
  });

  it('rights granted on one widget (the grant grid) reach that widget only', async () => {
    const grid = await ok('GET', `/cms/perms/pageWidget?ownerType=Role&owner=${role}`, site);
    expect(grid.pageWidgetPrivItems.map((p: { id: string }) => p.id)).toEqual(['View', 'Edit', 'Delete', 'Publish', 'Offline']);
    expect(grid.pageWidgetPrivs.map((r: { name: string }) => r.name)).toContain('Picks');
    await grantWidget({ [block]: ['View', 'Edit', 'Publish', 'Offline'] });
    expect((await as('PUT', '/cms/pagewidget', { pageWidgetId: block, name: 'Picks' })).code).toBe(200);
    expect((await as('PUT', '/cms/pagewidget', { pageWidgetId: second, name: 'Not mine' })).code).not.toBe(200);
    expect((await as('POST', '/cms/pagewidget/publish', [block])).code).toBe(200);
    expect((await as('POST', '/cms/pagewidget/publish', [block, second])).msg).toBe(`You lack the Publish right on page widget ${second}`);
    expect((await as('DELETE', '/cms/pagewidget', [block])).code).not.toBe(200);
    await ok('POST', '/cms/pagewidget/offline', site, [block]);
    await publishQueue();
  });
});

describe('the ad counter', () => {
  it('redirects a click only to the ad\'s stored address, whatever the request says, with no session', async () => {
    const r = await reader(`/api/advertisement/click/${ad.live}?url=https://evil.example/&redirect=https://evil.example/`);
    expect(r.statusCode).toBe(302);
    expect(r.headers.location).toBe('https://example.com/live');
    // The sites' server answers the same address (a published page links its own origin).
    const s = await ts.server.sites.inject({ method: 'GET', url: `/api/advertisement/click/${ad.live}`, remoteAddress: '203.0.113.10' });
    expect(s.headers.location).toBe('https://example.com/live');
  });

  it('neither counts nor redirects an expired, future, disabled or unknown ad', async () => {
    for (const id of [ad.expired, ad.future, ad.disabled, 987654]) {
      const r = await reader(`/api/advertisement/click/${id}`);
      expect(r.statusCode).toBe(404);
      expect(r.headers.location).toBeUndefined();
      expect((await reader(`/api/advertisement/view/${id}`)).headers['content-type']).toBe('image/gif');
    }
    expect((await reader('/api/advertisement/click/abc')).statusCode).toBe(404);
  });

  it('counts impressions per day, caps one address, writes on flush, and the console sees its site\'s counts only', async () => {
    for (let i = 0; i < 3; i++) expect((await reader(`/api/advertisement/view/${ad.live}`, '198.51.100.1')).statusCode).toBe(200);
    // 8 views from one address: 5 count (perAddress), the rest are answered and not counted.
    for (let i = 0; i < 8; i++) await reader(`/api/advertisement/view/${ad.live}`, '198.51.100.2');
    await adCounterOf(ts.server.services).flush();
    const [row] = await ts.database.db.select().from(cmsAdStatDay).where(eq(cmsAdStatDay.advertisementId, ad.live));
    // clicks: 1 on the API server (203.0.113.9) and 1 on the sites' server; the 404s counted nothing.
    expect(row).toMatchObject({ views: 3 + 5, clicks: 2, siteId: site, adSpaceId: space, day: new Date().toISOString().slice(0, 10) });
    const stat = await ok('GET', `/cms/ad/stat?adSpaceId=${space}`, site);
    expect(stat.rows.find((r: { advertisementId: number }) => r.advertisementId === ad.live)).toMatchObject({ views: 8, clicks: 2 });
    const chart = await ok('GET', `/cms/ad/stat/chart?advertisementId=${ad.live}`, site);
    expect(chart.rows).toHaveLength(30);
    expect(chart.rows.at(-1)).toMatchObject({ views: 8, clicks: 2 });
    expect((await ok('GET', `/cms/ad/stat/chart?advertisementId=${ad.live}`, other)).rows.every((r: { views: number }) => r.views === 0)).toBe(true);
    expect((await ok('GET', '/cms/ad/stat', other)).rows).toEqual([]);
  });

  it('deleting an ad space takes its file down and its ads with it', async () => {
    await ok('DELETE', '/cms/adspace', site, [space]);
    expect(existsSync(join(root('widgets'), 'include/widget/home_ads.shtml'))).toBe(false);
    await publishQueue();
    expect(home('widgets')).not.toContain('/api/advertisement/');
    expect((await ok('GET', `/cms/advertisement/list?adSpaceId=${space}`, site)).total).toBe(0);
  });
});
