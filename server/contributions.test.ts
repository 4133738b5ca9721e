import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createServer, type CastaneaServer } from './app.ts';
import type { Database } from './db/client.ts';
import { openMigratedPglite } from '../tests/helpers/migrated-database.ts';
import { defineRoute, type ServerModule } from './core/route.ts';
import { AppError } from './core/errors.ts';
import { dir, page } from './core/seed-data.ts';
import { sysConfig, sysDictData, sysI18nDict, sysMenu, sysRole, sysRoleMenu, sysSeedState } from './modules/system/schema.ts';
import { registeredTask, taskOptions } from './modules/job/registry.ts';
import { ServerI18n } from './core/i18n.ts';
import { LOCALES } from '../shared/i18n/locales.ts';
import { modules } from './modules/index.ts';
import { SHIPPED } from './modules/shipped.ts';

// A module that ships one of everything a module may declare besides routes, and no other module
// mounted: what it declares must reach the seed, the i18n, the schedulers and the cache monitor.
const messages = (failed: string, title: string, tick: string) => ({ probe: { failed }, oplog: { probe: title }, job: { task: { probeTick: tick } } });
const probe: ServerModule = {
  name: 'probe',
  routes: [
    defineRoute({ method: 'GET', url: '/probe/fail', perm: 'public', handler: () => { throw new AppError('probe.failed', { what: 'x' }); } }),
  ],
  menus: {
    rows: [dir(9100, 0, 90, 'probe', 'x', ['探针', 'Probe', '探針']), page(9101, 9100, 1, 'thing', 'probe/thing', 'probe:thing:view', 'x', ['事物', 'Things', '事物'])],
    grantTo: { editor: [9100] },
  },
  dicts: [{ type: 'ProbeKind', titles: ['探针类型', 'Probe kind', '探針類型'], values: [{ value: 'a', titles: ['甲', 'A', '甲'], listClass: null, cssClass: null, isDefault: 'N', remark: null }] }],
  configs: [{ key: 'probe.enabled', name: '探针开关', value: 'true', remark: '' }],
  seeds: [{ name: 'probe-step', run: async (tx) => { await tx.insert(sysConfig).values({ configKey: 'probe.stepRan', configName: 'step', configValue: 'yes', configType: 'N' }); } }],
  messages: {
    'zh-CN': messages('探针失败：{{what}}', '探针', '探针：滴答'),
    'zh-TW': messages('探針失敗：{{what}}', '探針', '探針：滴答'),
    en: messages('Probe failed: {{what}}', 'Probe', 'Probe: tick'),
  },
  tasks: { 'probe.tick': { describe: 'job.task.probeTick', run: async () => 'tick' } },
  caches: () => [{ name: 'probe', describe: 'oplog.probe', keys: () => ['k'], value: () => 1, clear: () => {} }],
};

let server: CastaneaServer;
let database: Database;

beforeAll(async () => {
  database = await openMigratedPglite();
  server = await createServer({ database, modules: [probe], config: { logRequests: false, consoleDir: '/nonexistent' } });
});
afterAll(async () => {
  await server.close();
  await database.close();
});

const text = async (langTag: string, langKey: string) =>
  (await database.db.select({ v: sysI18nDict.langValue }).from(sysI18nDict).where(and(eq(sysI18nDict.langTag, langTag), eq(sysI18nDict.langKey, langKey))))[0]?.v;

describe("a module's declared contributions", () => {
  it("seeds its menus with their titles, and gives the built-in role the directory it names", async () => {
    const rows = await database.db.select().from(sysMenu).where(eq(sysMenu.parentId, 9100));
    expect(rows.map((r) => [r.menuId, r.menuName, r.perms])).toEqual([[9101, '事物', 'probe:thing:view']]);
    expect(await text('en', 'MENU.NAME.9101')).toBe('Things');
    const [editor] = await database.db.select().from(sysRole).where(eq(sysRole.roleKey, 'editor'));
    const granted = await database.db.select({ menuId: sysRoleMenu.menuId }).from(sysRoleMenu).where(eq(sysRoleMenu.roleId, editor!.roleId));
    expect(granted.map((g) => g.menuId).sort()).toEqual([9100, 9101]);
  });

  it('seeds its dictionaries and configs, and runs its own step once', async () => {
    expect((await database.db.select().from(sysDictData).where(eq(sysDictData.dictType, 'ProbeKind'))).map((d) => d.dictLabel)).toEqual(['甲']);
    expect(await text('zh-TW', 'DICT.ProbeKind')).toBe('探針類型');
    const configs = await database.db.select().from(sysConfig);
    expect(configs.find((c) => c.configKey === 'probe.enabled')).toMatchObject({ configValue: 'true', configType: 'Y' });
    expect(configs.find((c) => c.configKey === 'probe.stepRan')?.configValue).toBe('yes');
    expect(await database.db.select().from(sysSeedState).where(eq(sysSeedState.step, 'probe-step'))).toHaveLength(1);
  });

  it('speaks its messages, operation-log titles included, in each language', async () => {
    const reply = await server.app.inject({ method: 'GET', url: '/prod-api/probe/fail', headers: { 'accept-language': 'zh-TW' } });
    expect(reply.json()).toEqual({ code: 500, msg: '探針失敗：x' });
    expect(server.services.i18n.translator('en')('oplog.probe')).toBe('Probe');
  });

  it('offers its task types to the schedulers, and its caches to the cache monitor', () => {
    expect(registeredTask(server.services, 'probe.tick')).toBe(probe.tasks!['probe.tick']);
    expect(taskOptions(server.services, server.services.i18n.translator('en'))).toContainEqual({ value: 'probe.tick', label: 'Probe: tick', arg: null });
    expect(server.services.caches.get('probe')?.keys()).toEqual(['k']);
  });
});

describe('every module mounted', () => {
  it("names each write in the operation log with a title its module's messages declare, in every language", () => {
    const i18n = new ServerI18n(SHIPPED.messages);
    const titles = [...new Set(modules.flatMap((m) => m.routes).flatMap((r) => (r.log ? [r.log.title] : [])))];
    expect(titles).toEqual(expect.arrayContaining(['oplog.content', 'oplog.cmsSettings', 'oplog.user']));
    const missing = LOCALES.flatMap((lng) => titles.filter((key) => i18n.translator(lng)(key) === key).map((key) => `${lng} ${key}`));
    expect(missing).toEqual([]);
  });

  it("describes each task type the schedulers offer, in every language", () => {
    const i18n = new ServerI18n(SHIPPED.messages);
    const keys = [...SHIPPED.tasks.values()].map((t) => t.describe);
    expect(keys).toContain('job.task.cmsPublishDue');
    expect(LOCALES.flatMap((lng) => keys.filter((key) => i18n.translator(lng)(key) === key))).toEqual([]);
  });
});
