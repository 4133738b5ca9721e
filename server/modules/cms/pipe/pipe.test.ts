import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { MENUS } from '../../shipped.ts';
import { cmsPublishPipe, cmsSite } from '../schema.ts';

// Publish pipes (issue 9 §3): per site CRUD, the code unique per site and set once, the status
// switch, the order, and the pickers' list of enabled pipes.
const ts = useTestServer();
const H = { repeatSubmit: 'false' };

async function call(method: string, path: string, siteId: number, body?: unknown, opts: { token?: string; lang?: string } = {}) {
  return ts.api(method, path, { token: opts.token ?? ts.admin, body, headers: { ...H, 'accept-language': opts.lang ?? 'en', CurrentSite: String(siteId) } });
}
async function ok(method: string, path: string, siteId: number, body?: unknown, token?: string) {
  const r = await call(method, path, siteId, body, { token });
  expect(r.code, `${method} ${path}: ${r.msg}`).toBe(200);
  return r.data;
}
const pipeOf = async (siteId: number, code: string) =>
  (await ts.database.db.select().from(cmsPublishPipe).where(eq(cmsPublishPipe.siteId, siteId))).find((p) => p.code === code)!;
const codes = (rows: { code?: string; pipeCode?: string }[]) => rows.map((r) => r.code ?? r.pipeCode);

describe('publish pipes', () => {
  let news = 0;
  let demo = 0;

  it('adds pipes to the current site and lists them by their sort', async () => {
    news = (await ts.api('POST', '/cms/site', { token: ts.admin, headers: H, body: { name: 'News', path: 'news' } })).data.siteId;
    demo = (await ts.database.db.select().from(cmsSite).where(eq(cmsSite.path, 'demo')))[0]!.siteId;
    await ok('POST', '/cms/publishpipe', news, { name: 'Mobile', code: 'h5', sort: 2 });
    await ok('POST', '/cms/publishpipe', news, { name: 'App', code: 'app', sort: 1, siteId: demo });
    expect(codes((await ok('GET', '/cms/publishpipe/list', news)).rows)).toEqual(['pc', 'app', 'h5']);
    expect(codes((await ok('GET', '/cms/publishpipe/list?orderByColumn=sort&isAsc=desc', news)).rows)).toEqual(['h5', 'app', 'pc']);
    // A siteId in the body is not read: the pipe is the current site's.
    expect(codes((await ok('GET', '/cms/publishpipe/list', demo)).rows)).toEqual(['pc']);
  });

  it('refuses a code taken on the same site, naming the field in the reader\'s language', async () => {
    const dup = { name: 'Again', code: 'h5' };
    expect(await call('POST', '/cms/publishpipe', news, dup)).toMatchObject({ code: 500, msg: 'Pipe code "h5" already exists' });
    expect((await call('POST', '/cms/publishpipe', news, dup, { lang: 'zh-CN' })).msg).toBe('通道编码“h5”已存在');
    expect((await call('POST', '/cms/publishpipe', news, dup, { lang: 'zh-TW' })).msg).toBe('通道代碼「h5」已存在');
    // Another site may have its own h5.
    await ok('POST', '/cms/publishpipe', demo, dup);
  });

  it('refuses codes that could leave the output folder, plain or encoded', async () => {
    for (const code of ['../x', '..', 'a/b', 'a\\b', '%2e%2e', '..%2F', '%2E%2E%2F', '/etc', 'h5.', 'h 5', '']) {
      const r = await call('POST', '/cms/publishpipe', news, { name: 'Bad', code });
      expect(r.code, code).toBe(500);
      expect(r.msg, code).toMatch(/^Pipe code /);
    }
    expect(codes((await ok('GET', '/cms/publishpipe/list', news)).rows)).toEqual(['pc', 'app', 'h5']);
  });

  it('keeps the code once set: an edit renames and re-sorts but never moves the output folder', async () => {
    const h5 = await pipeOf(news, 'h5');
    await ok('PUT', '/cms/publishpipe', news, { pipeId: h5.pipeId, name: 'Phones', code: 'other', sort: 0 });
    expect(await pipeOf(news, 'h5')).toMatchObject({ name: 'Phones', sort: 0 });
    // Equal sorts keep the order they were made in.
    expect(codes((await ok('GET', '/cms/publishpipe/list', news)).rows)).toEqual(['pc', 'h5', 'app']);
  });

  it('switches a pipe off and on: the pickers and the site\'s tabs offer enabled pipes only', async () => {
    const app = await pipeOf(news, 'app');
    expect((await ok('GET', '/cms/publishpipe/selectData', news)).map((p: { pipeCode: string }) => p.pipeCode)).toEqual(['pc', 'h5', 'app']);
    await ok('PUT', '/cms/publishpipe/changeStatus', news, { pipeId: app.pipeId, status: '1' });
    expect((await pipeOf(news, 'app')).status).toBe('1');
    expect(await ok('GET', '/cms/publishpipe/selectData', news)).toEqual([{ pipeCode: 'pc', pipeName: 'PC' }, { pipeCode: 'h5', pipeName: 'Phones' }]);
    const tabs = (await ok('GET', `/cms/site/${news}`, news)).publishPipeDatas;
    expect(tabs.map((d: { pipeCode: string; enabled: boolean }) => [d.pipeCode, d.enabled])).toEqual([['pc', true], ['h5', true], ['app', false]]);
    await ok('PUT', '/cms/publishpipe/changeStatus', news, { pipeId: app.pipeId, status: '0' });
    expect((await pipeOf(news, 'app')).status).toBe('0');
    // Only 0 or 1, and only the current site's pipes.
    expect((await call('PUT', '/cms/publishpipe/changeStatus', news, { pipeId: app.pipeId, status: '2' })).code).toBe(500);
    expect(await call('PUT', '/cms/publishpipe/changeStatus', demo, { pipeId: app.pipeId, status: '1' })).toMatchObject({ code: 500, msg: 'The record does not exist or is out of your reach' });
    expect((await pipeOf(news, 'app')).status).toBe('0');
    // selectData names the current site's pipes only.
    expect((await ok('GET', '/cms/publishpipe/selectData', demo)).map((p: { pipeCode: string }) => p.pipeCode)).toEqual(['pc', 'h5']);
  });

  it('needs Site Edit on the current site to change pipes; View is enough to list them', async () => {
    const perms = ['cms:publishpipe:view', 'cms:publishpipe:add', 'cms:publishpipe:edit', 'cms:publishpipe:remove'];
    const roleId = (await ts.api('POST', '/system/role', { token: ts.admin, headers: H, body: { roleName: 'Pipes', roleKey: 'pipes', dataScope: '5', menuIds: MENUS.filter((m) => m.perms && perms.includes(m.perms)).map((m) => m.menuId) } })).data.roleId;
    await ts.api('POST', '/system/user', { token: ts.admin, headers: H, body: { userName: 'pipes1', nickName: 'Pipes', deptId: 100, password: 'Stack4321', roleIds: [roleId] } });
    const token = await ts.loginReady('pipes1', 'Stack4321');
    await ok('POST', '/cms/perms/site', news, { ownerType: 'Role', owner: roleId, perms: [{ siteId: news, perms: { View: { granted: true } } }] });
    const app = await pipeOf(news, 'app');
    expect(codes((await ok('GET', '/cms/publishpipe/list', news, undefined, token)).rows)).toEqual(['pc', 'h5', 'app']);
    expect((await call('PUT', '/cms/publishpipe/changeStatus', news, { pipeId: app.pipeId, status: '1' }, { token })).code).toBe(403);
    expect((await call('POST', '/cms/publishpipe', news, { name: 'X', code: 'x' }, { token })).code).toBe(403);
    // Demo is not granted at all.
    expect((await call('GET', '/cms/publishpipe/list', demo, undefined, { token })).code).toBe(403);
  });

  it('deletes a pipe and the site forgets its props', async () => {
    await ok('PUT', '/cms/site', news, { siteId: news, publishPipeDatas: [{ pipeCode: 'app', props: { url: 'https://app.example.com' } }] });
    const app = await pipeOf(news, 'app');
    await ok('DELETE', '/cms/publishpipe', news, [app.pipeId]);
    const [site] = await ts.database.db.select().from(cmsSite).where(eq(cmsSite.siteId, news));
    expect(site.publishPipeProps.app).toBeUndefined();
    expect(codes((await ok('GET', '/cms/publishpipe/list', news)).rows)).toEqual(['pc', 'h5']);
  });
});
