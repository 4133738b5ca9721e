import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestServer } from '../../../tests/helpers/server.ts';
import { createUser, grantPermission } from '../auth/test-fixtures.ts';
import { sysConfig } from './schema.ts';
import { readWorkbook } from '../../core/xlsx.ts';

// Configs come from their definition (src/lib/resources/system/config.ts) plus two rules of
// their own: built-in rows (type Y) cannot be deleted, and the cache can be "refreshed".
const ts = useTestServer();
let viewer: string;
const en = { 'accept-language': 'en', repeatSubmit: 'false' };

beforeAll(async () => {
  await grantPermission(ts.database.db, 'config_viewer', 'system:config:view');
  await createUser(ts.database.db, 'cfgviewer', { roles: ['config_viewer'] });
  viewer = await ts.login('cfgviewer', 'Secret123');
});

describe('configs through the resource pattern', () => {
  it('lists the seeded configs, filters by key and type', async () => {
    const all = await ts.api('GET', '/system/config/list', { token: ts.admin });
    expect(all.code).toBe(200);
    expect(all.data.total).toBeGreaterThan(0);
    expect(all.data.rows.every((r: { configType: string }) => r.configType === 'Y')).toBe(true);
    const one = await ts.api('GET', '/system/config/list', { token: ts.admin, query: { configKey: 'captchaEnabled' } });
    expect(one.data.rows.map((r: { configKey: string }) => r.configKey)).toEqual(['sys.account.captchaEnabled']);
    expect((await ts.api('GET', '/system/config/list', { token: ts.admin, query: { configType: 'N' } })).data.total).toBe(0);
  });

  it('adds, reads by id and by key, edits and deletes a config', async () => {
    const add = await ts.api('POST', '/system/config', {
      token: ts.admin,
      body: { configName: 'Test value', configKey: 'test.value', configValue: 'one', remark: 'qa' },
    });
    expect(add.code).toBe(200);
    const id = add.data.configId as number;
    expect((await ts.api('GET', `/system/config/${id}`, { token: ts.admin })).data).toMatchObject({ configKey: 'test.value', configValue: 'one', configType: 'N' });
    expect((await ts.api('PUT', '/system/config', { token: ts.admin, body: { configId: id, configValue: 'two' }, headers: en })).code).toBe(200);
    // The look-up by key reads the new value at once (there is no cache to go stale).
    const byKey = await ts.api('GET', '/system/config/configKey/test.value', { token: viewer });
    expect(byKey).toMatchObject({ code: 200, msg: 'two', data: 'two' });
    expect((await ts.api('DELETE', '/system/config', { token: ts.admin, body: [id], headers: en })).code).toBe(200);
    expect((await ts.api('GET', `/system/config/${id}`, { token: ts.admin })).code).toBe(500);
  });

  it('refuses a duplicate key with a message naming the field', async () => {
    const r = await ts.api('POST', '/system/config', {
      token: ts.admin,
      body: { configName: 'Dup', configKey: 'sys.account.captchaEnabled', configValue: 'x' },
      headers: en,
    });
    expect(r.code).toBe(500);
    expect(r.msg).toBe('Config key "sys.account.captchaEnabled" already exists');
  });

  it('refuses a blank name or a key with spaces, naming the field', async () => {
    const blank = await ts.api('POST', '/system/config', { token: ts.admin, body: { configName: '  ', configKey: 'a.b' }, headers: en });
    expect(blank).toMatchObject({ code: 500, msg: 'Config name cannot be empty' });
    const spaced = await ts.api('POST', '/system/config', { token: ts.admin, body: { configName: 'X', configKey: 'a b' }, headers: en });
    expect(spaced).toMatchObject({ code: 500, msg: 'Config key is not in a valid format' });
  });

  it('refuses to delete a built-in config, in the request language, and deletes nothing', async () => {
    const list = await ts.api('GET', '/system/config/list', { token: ts.admin, query: { configKey: 'captchaEnabled' } });
    const builtIn = list.data.rows[0] as { configId: number };
    const added = await ts.api('POST', '/system/config', { token: ts.admin, body: { configName: 'Mine', configKey: 'mine.key' }, headers: en });
    const mine = added.data.configId as number;
    const r = await ts.api('DELETE', '/system/config', { token: ts.admin, body: [mine, builtIn.configId], headers: en });
    expect(r).toMatchObject({ code: 500, msg: 'The built-in config "sys.account.captchaEnabled" cannot be deleted' });
    const zh = await ts.api('DELETE', '/system/config', { token: ts.admin, body: [builtIn.configId], headers: { 'accept-language': 'zh-CN', repeatSubmit: 'false' } });
    expect(zh.msg).toBe('内置参数「sys.account.captchaEnabled」不能删除');
    expect((await ts.api('GET', `/system/config/${mine}`, { token: ts.admin })).code).toBe(200);
    expect((await ts.api('GET', `/system/config/${builtIn.configId}`, { token: ts.admin })).code).toBe(200);
  });

  it('refreshes the cache with the remove permission only', async () => {
    expect((await ts.api('DELETE', '/system/config/refreshCache', { token: ts.admin })).code).toBe(200);
    expect((await ts.api('DELETE', '/system/config/refreshCache', { token: viewer })).code).toBe(403);
  });

  it('lets a viewer read but not write', async () => {
    expect((await ts.api('GET', '/system/config/list', { token: viewer })).code).toBe(200);
    expect((await ts.api('POST', '/system/config', { token: viewer, body: { configName: 'x', configKey: 'x.y' } })).code).toBe(403);
  });

  it('exports the list columns to .xlsx with dictionary labels', async () => {
    const res = await ts.server.app.inject({
      method: 'POST',
      url: '/prod-api/system/config/list',
      headers: { authorization: `Bearer ${ts.admin}`, 'cc-export': '1', 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
      payload: 'configKey=captchaEnabled',
    });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(res.headers['download-filename']))).toMatch(/^config_\d+\.xlsx$/);
    const wb = await readWorkbook(res.rawPayload);
    const ws = wb.worksheets[0]!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(['Config id', 'Config name', 'Config key', 'Config value', 'Built in', 'Remark', 'Created']);
    expect(ws.rowCount).toBe(2);
    expect(ws.getRow(2).getCell(3).value).toBe('sys.account.captchaEnabled');
    expect(ws.getRow(2).getCell(5).value).toBe('Yes');
  });
});

describe('logs as read-only resources', () => {
  it('lists, reads, exports and cleans the login log; the operation log shows titles in the reader language', async () => {
    const list = await ts.api('GET', '/monitor/logininfor/list', { token: ts.admin, query: { userName: 'admin', status: '0' } });
    expect(list.code).toBe(200);
    expect(list.data.total).toBeGreaterThan(0);
    const first = list.data.rows[0] as { infoId: number; loginTime: string };
    expect(first.loginTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect((await ts.api('GET', `/monitor/logininfor/${first.infoId}`, { token: ts.admin })).data).toMatchObject({ userName: 'admin' });
    expect((await ts.api('POST', '/monitor/logininfor', { token: ts.admin, body: {} })).code).not.toBe(200);

    await ts.api('POST', '/system/post', { token: ts.admin, body: { postCode: 'logged', postName: 'Logged' } });
    const ops = await ts.api('GET', '/monitor/operlog/list', { token: ts.admin, query: { businessType: 'ADD', title: 'oplog.post' }, headers: { 'accept-language': 'en' } });
    expect(ops.data.total).toBe(1);
    expect(ops.data.rows[0]).toMatchObject({ title: 'Posts', businessType: 'ADD', status: '0', operName: 'admin' });
    expect((await ts.api('GET', '/monitor/operlog/list', { token: viewer })).code).toBe(403);

    expect((await ts.api('DELETE', '/monitor/logininfor/clean', { token: ts.admin })).code).toBe(200);
    expect((await ts.api('GET', '/monitor/logininfor/list', { token: ts.admin })).data.total).toBe(0);
  });
});

// Issue 8, finding 3: any signed-in user read any config by key, the initial user password and any
// secret an administrator stored included. Public keys (what the console reads without the config
// permission) stay readable by anyone signed in; secrets are never returned, to anyone.
describe('config values by key, and secrets', () => {
  let nobody: string;
  let secretId: number;
  beforeAll(async () => {
    await createUser(ts.database.db, 'cfgnobody');
    nobody = await ts.login('cfgnobody', 'Secret123');
    const add = await ts.api('POST', '/system/config', { token: ts.admin, body: { configName: 'Mail API', configKey: 'mail.apiSecret', configValue: 'S3cr3t-value' }, headers: en });
    expect(add.code, add.msg).toBe(200);
    secretId = add.data.configId;
    await ts.api('POST', '/system/config', { token: ts.admin, body: { configName: 'Internal', configKey: 'internal.note', configValue: 'for admins' }, headers: en });
  });

  it('gives anyone signed in the public keys the console needs, and nothing else without the permission', async () => {
    expect(await ts.api('GET', '/system/config/configKey/CMSModuleEnable', { token: nobody })).toMatchObject({ code: 200, data: 'true' });
    expect((await ts.api('GET', '/system/config/configKey/castanea.link.docs', { token: nobody })).data).toBe('/admin/docs');
    const initial = await ts.api('GET', '/system/config/configKey/sys.user.initPassword', { token: nobody, headers: en });
    expect(initial.code).not.toBe(200);
    expect(JSON.stringify(initial)).not.toContain('Castanea@2025');
    const internal = await ts.api('GET', '/system/config/configKey/internal.note', { token: nobody, headers: en });
    expect(internal).toMatchObject({ code: 403 });
    expect(JSON.stringify(internal)).not.toContain('for admins');
    expect((await ts.api('GET', '/system/config/configKey/internal.note', { token: viewer })).data).toBe('for admins');
  });

  it('never returns a secret, not even to an administrator: by key, in the list, the detail and the export', async () => {
    for (const token of [ts.admin, viewer]) {
      const byKey = await ts.api('GET', '/system/config/configKey/mail.apiSecret', { token, headers: en });
      expect(byKey.code).not.toBe(200);
      const initial = await ts.api('GET', '/system/config/configKey/sys.user.initPassword', { token, headers: en });
      const list = await ts.api('GET', '/system/config/list', { token, query: { pageSize: '100' } });
      const detail = await ts.api('GET', `/system/config/${secretId}`, { token });
      expect(detail.data.configValue).toBe('******');
      expect(JSON.stringify([byKey, initial, list, detail])).not.toMatch(/S3cr3t-value|Castanea@2025/);
    }
    const res = await ts.server.app.inject({ method: 'POST', url: '/prod-api/system/config/list', headers: { authorization: `Bearer ${ts.admin}`, 'cc-export': '1' } });
    const wb = await readWorkbook(res.rawPayload);
    const cells = JSON.stringify(wb.worksheets[0]!.getSheetValues());
    expect(cells).toContain('mail.apiSecret');
    expect(cells).not.toMatch(/S3cr3t-value|Castanea@2025/);
  });

  it('keeps a stored secret when an edit sends the mask back, replaces it when a new value is sent', async () => {
    const stored = async () => (await ts.database.db.select().from(sysConfig).where(eq(sysConfig.configId, secretId)))[0]!.configValue;
    const detail = (await ts.api('GET', `/system/config/${secretId}`, { token: ts.admin })).data;
    const same = await ts.api('PUT', '/system/config', { token: ts.admin, body: { configId: secretId, configName: 'Mail API key', configKey: detail.configKey, configValue: detail.configValue, configType: detail.configType }, headers: en });
    expect(same.code, same.msg).toBe(200);
    expect(await stored()).toBe('S3cr3t-value');
    expect((await ts.api('PUT', '/system/config', { token: ts.admin, body: { configId: secretId, configValue: 'N3w-value' }, headers: en })).code).toBe(200);
    expect(await stored()).toBe('N3w-value');
    // Renamed to a key that is not secret, it does not carry the stored secret into view.
    expect((await ts.api('PUT', '/system/config', { token: ts.admin, body: { configId: secretId, configKey: 'mail.apiName' }, headers: en })).code).toBe(200);
    expect(await stored()).toBe('');
  });
});
