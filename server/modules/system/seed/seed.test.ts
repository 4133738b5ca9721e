import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { count, eq, inArray, like } from 'drizzle-orm';
import type { Database, Db } from '../../../db/client.ts';
import { openMigratedPglite } from '../../../../tests/helpers/migrated-database.ts';
import {
  sysConfig, sysDept, sysDictData, sysDictType, sysI18nDict, sysMenu, sysPost, sysRole, sysRoleMenu, sysSecurityConfig, sysSeedState, sysUser, sysUserRole,
} from '../schema.ts';
import { verifyPassword } from '../password.ts';
import { seed, shippedData } from './index.ts';
import { menuPermissionKeys, menuSubtree, topLevelMenus } from './menus.ts';
import { FORMER_NAVBAR_LINKS } from './configs.ts';
import { runSteps, type SeedStep } from './runner.ts';
import { SEED_STEPS, definitionMenuSteps, insertMenus } from './steps.ts';
import { TITLE_LANGS, type MenuSeed } from '../../../core/seed-data.ts';
import { NOTHING_SHIPPED } from '../../../core/shipped.ts';
// The product as shipped, every module mounted (the system's seed stores what the others declare).
import { CONFIGS, DICTS, MENUS, SHIPPED } from '../../shipped.ts';

/** The dictionary types of ChestnutCMS 1.5.10 (reference dicts.tsv) with their value counts (CMSContentStatus: plus Castanea's "in review", 10). */
const REFERENCE_DICTS: Record<string, number> = {
  CMSContentAttribute: 5, CMSContentOpType: 11, CMSContentStatus: 6, CMSPageWidgetStatus: 4, CMSSitemapPageType: 3,
  CMSStaticSuffix: 4, CommentAuditStatus: 3, CustomFormRule: 3, CustomFormStatus: 3, EnableOrDisable: 2,
  ExtendModelDataType: 3, Gender: 3, I18nDictType: 3, LoginLogType: 3, MemberStatus: 3, MetaControlType: 7,
  MetaFieldType: 7, NoticeStatus: 2, NoticeType: 1, SearchDictWordType: 2, SecurityPasswordRetryStrategy: 3,
  SecurityPasswordRule: 5, SecurityPasswordSensitive: 6, SuccessOrFail: 2, SysUserStatus: 3, TrueOrFalse: 2,
  VoteStatus: 3, VoteSubjectType: 3, VoteViewType: 3, WordAnalyzeType: 2, YesOrNo: 2,
};

/** The console's areas (spec §1, §2) by top-level path, in sidebar order. */
const TOP_LEVEL_PATHS = ['configs', 'operations', 'member', 'statistics', 'workflow', 'system', 'monitor', 'tool'];

// The brief's /^[a-z]+(:[a-zA-Z]+){2}$/ plus digits, which `system:i18ndict:*` (ChestnutCMS's key) needs.
const F_KEY = /^[a-z]+(:[a-zA-Z0-9]+){2}$/;

async function rowCounts(db: Db) {
  const tables = { sysDept, sysPost, sysRole, sysUser, sysUserRole, sysMenu, sysRoleMenu, sysDictType, sysDictData, sysConfig, sysI18nDict, sysSeedState };
  const out: Record<string, number> = {};
  for (const [name, t] of Object.entries(tables)) out[name] = (await db.select({ n: count() }).from(t))[0]!.n;
  return out;
}

describe('seed data (no database)', () => {
  it('has unique menu ids and every parent exists', () => {
    const ids = MENUS.map((m) => m.menuId);
    expect(new Set(ids).size).toBe(ids.length);
    const known = new Set(ids);
    for (const m of MENUS) if (m.parentId !== 0) expect(known.has(m.parentId), `parent of ${m.menuId}`).toBe(true);
  });

  it('nests buttons under pages and pages under directories (or the top level)', () => {
    const byId = new Map(MENUS.map((m) => [m.menuId, m]));
    for (const m of MENUS) {
      const parent = byId.get(m.parentId);
      if (m.menuType === 'F') expect(parent?.menuType, `button ${m.menuId}`).toBe('C');
      else expect(m.parentId === 0 || parent?.menuType === 'M', `${m.menuType} ${m.menuId}`).toBe(true);
    }
  });

  it('gives every page a component and a view key, every button a module:resource:action key, no directory a key', () => {
    for (const m of MENUS) {
      if (m.menuType === 'C') {
        expect(m.component, `component of ${m.menuId}`).toMatch(/^[a-zA-Z][a-zA-Z0-9]*(\/[a-zA-Z][a-zA-Z0-9]*)+$/);
        expect(m.perms, `perms of ${m.menuId}`).toMatch(/^[a-z]+:[a-zA-Z0-9]+:view$/);
      } else if (m.menuType === 'F') {
        expect(m.perms, `perms of ${m.menuId}`).toMatch(F_KEY);
        expect(m.component).toBeNull();
      } else {
        expect(m.perms, `directory ${m.menuId}`).toBeNull();
      }
      expect(m.isFrame).toBe('N');
    }
  });

  it('keeps each button under the page of its own resource', () => {
    const byId = new Map(MENUS.map((m) => [m.menuId, m]));
    for (const f of MENUS.filter((m) => m.menuType === 'F')) {
      const pageKey = byId.get(f.parentId)!.perms!;
      const resource = (k: string) => k.split(':').slice(0, 2).join(':');
      // Content also carries the page-widget buttons (its Page Widget tab).
      if (f.parentId === 2028 && f.perms!.startsWith('cms:pagewidget:')) continue;
      expect(resource(f.perms!), `button ${f.menuId}`).toBe(resource(pageKey));
    }
  });

  it('has titles in three languages for every row, none left as a placeholder', () => {
    for (const m of MENUS) {
      expect(m.titles).toHaveLength(3);
      for (const t of m.titles) expect(t.trim(), `title of ${m.menuId}`).not.toMatch(/^$|\{|UNRESOLVED/);
    }
  });

  it('fixes the reference mismatches and drops what must not ship', () => {
    const keys = menuPermissionKeys(MENUS);
    for (const k of ['cms:customform:view', 'cms:customform:add', 'search:dict:view', 'search:log:view', 'member:list:view',
      'system:user:grant', 'system:role:grant', 'monitor:cache:clear', 'cms:site:add', 'monitor:job:changeStatus', 'tool:gen:edit',
      'system:role:edit', 'system:dict:view', 'monitor:operlog:view', 'monitor:logininfor:view']) {
      expect(keys, k).toContain(k);
    }
    for (const k of ['cms:custom:view', 'cms:search:dict', 'cms:search:log', 'member', 'tool:groovy:exec', 'monitor:druid:view']) {
      expect(keys, k).not.toContain(k);
    }
    const ids = new Set(MENUS.map((m) => m.menuId));
    for (const gone of [2064, 111, 2048, 2059]) expect(ids.has(gone), `menu ${gone}`).toBe(false);
    expect(MENUS.some((m) => /groovy|druid/i.test(`${m.path} ${m.component}`))).toBe(false);
  });

  it('shows operation and login logs under System, visibly', () => {
    const system = topLevelMenus(MENUS).find((m) => m.path === 'system')!;
    for (const key of ['monitor:operlog:view', 'monitor:logininfor:view']) {
      const rows = MENUS.filter((m) => m.perms === key && m.menuType === 'C');
      expect(rows).toHaveLength(1);
      expect(rows[0]!.parentId).toBe(system.menuId);
      expect(rows[0]!.visible).toBe('Y');
    }
  });

  it('lists the top-level areas in sidebar order', () => {
    expect(topLevelMenus(MENUS).map((m) => m.path)).toEqual(TOP_LEVEL_PATHS);
  });

  it('has every reference dictionary type with all its values, labelled in three languages', () => {
    const byType = new Map(DICTS.map((d) => [d.type, d]));
    for (const [type, n] of Object.entries(REFERENCE_DICTS)) {
      expect(byType.get(type)?.values.length, type).toBe(n);
    }
    for (const d of DICTS) {
      for (const t of [...d.titles, ...d.values.flatMap((v) => v.titles)]) expect(t.trim(), d.type).not.toMatch(/^$|\{|UNRESOLVED/);
      expect(new Set(d.values.map((v) => v.value)).size, d.type).toBe(d.values.length);
    }
  });
});

// On PGlite whatever DATABASE_URL says (openMigratedPglite): the PostgreSQL stage of `npm test` skips what the PGlite stage runs.
describe.skipIf(!!process.env.DATABASE_URL)('seed (database)', () => {
  let database: Database;
  let db: Db;
  beforeEach(async () => {
    database = await openMigratedPglite();
    db = database.db;
  });
  afterEach(async () => {
    await database.close();
  });

  it('is idempotent: a second run adds nothing and does not report a new admin', async () => {
    expect(await seed(db, SHIPPED)).toEqual({ createdAdmin: true });
    const first = await rowCounts(db);
    expect(await seed(db, SHIPPED)).toEqual({ createdAdmin: false });
    expect(await rowCounts(db)).toEqual(first);
    // The system's steps, the modules' own, and one per definition menu (menu-<id>).
    expect(first.sysSeedState).toBe(SEED_STEPS.length + SHIPPED.steps.length + definitionMenuSteps(SHIPPED).length);
    expect(first.sysMenu).toBe(MENUS.length);
  });

  it('never re-creates what an administrator deleted', async () => {
    await seed(db, SHIPPED);
    await db.delete(sysConfig).where(eq(sysConfig.configKey, 'sys.account.registerUser'));
    await db.delete(sysMenu).where(eq(sysMenu.menuId, 2080));
    await db.delete(sysUser).where(eq(sysUser.userName, 'admin'));
    expect(await seed(db, SHIPPED)).toEqual({ createdAdmin: false });
    expect(await db.select().from(sysConfig).where(eq(sysConfig.configKey, 'sys.account.registerUser'))).toHaveLength(0);
    expect(await db.select().from(sysMenu).where(eq(sysMenu.menuId, 2080))).toHaveLength(0);
    expect(await db.select().from(sysUser)).toHaveLength(0);
  });

  it('runs a step added by a later release once, on a database seeded before it', async () => {
    await seed(db, SHIPPED);
    const extra: MenuSeed = { ...MENUS.find((m) => m.menuId === 3000)!, menuId: 4999, titles: ['测试', 'Test', '測試'], perms: 'cms:site:test' };
    const later: SeedStep = { name: 'menus-test-v2', run: (tx, c) => insertMenus(tx, [extra], c.shipped) };
    const ctx = { shipped: shippedData(SHIPPED), createdAdmin: false };
    expect(await runSteps(db, [...SEED_STEPS, later], ctx)).toEqual(['menus-test-v2']);
    expect(await runSteps(db, [...SEED_STEPS, later], ctx)).toEqual([]);
    expect(await db.select().from(sysI18nDict).where(eq(sysI18nDict.langKey, 'MENU.NAME.4999'))).toHaveLength(3);
    // Under the CMS directory, so the editor role gets it like the rest of the CMS.
    const [editor] = await db.select().from(sysRole).where(eq(sysRole.roleKey, 'editor'));
    expect(await db.select().from(sysRoleMenu).where(eq(sysRoleMenu.menuId, 4999))).toEqual([{ roleId: editor!.roleId, menuId: 4999 }]);
  });

  it('enables the shipped security config on a database seeded while it shipped disabled, unless an administrator touched it', async () => {
    await seed(db, SHIPPED);
    // A database seeded by an earlier release: the shipped config disabled, the enabling step not run.
    const earlierRelease = async (set: Partial<typeof sysSecurityConfig.$inferInsert>) => {
      await db.update(sysSecurityConfig).set({ status: '1', passwordExpireSeconds: 90 * 86400, ...set });
      await db.delete(sysSeedState).where(eq(sysSeedState.step, 'security-config-enabled'));
      await seed(db, SHIPPED);
      return (await db.select().from(sysSecurityConfig))[0]!;
    };
    expect(await earlierRelease({})).toMatchObject({ status: '0', passwordRetryLimit: 5, passwordRetryStrategy: 'LOCK', passwordExpireSeconds: 0 });
    // Switched off (or edited) by an administrator: their choice stays.
    expect(await earlierRelease({ updateBy: 'admin', updateTime: new Date() })).toMatchObject({ status: '1', passwordExpireSeconds: 90 * 86400 });
  });

  it("points the navbar's links at this project: its README page, and no source link until one is set", async () => {
    await seed(db, SHIPPED);
    const links = async () => Object.fromEntries((await db.select().from(sysConfig).where(like(sysConfig.configKey, 'castanea.link.%'))).map((c) => [c.configKey, c.configValue]));
    expect(await links()).toEqual({ 'castanea.link.docs': '/admin/docs', 'castanea.link.source': '' });
    // A database seeded while they pointed at another product's site follows, unless an
    // administrator had set their own address.
    await db.update(sysConfig).set({ configValue: FORMER_NAVBAR_LINKS['castanea.link.docs'] }).where(eq(sysConfig.configKey, 'castanea.link.docs'));
    await db.update(sysConfig).set({ configValue: 'https://git.example.com/castanea' }).where(eq(sysConfig.configKey, 'castanea.link.source'));
    await db.delete(sysSeedState).where(eq(sysSeedState.step, 'navbar-links-this-project'));
    await seed(db, SHIPPED);
    expect(await links()).toEqual({ 'castanea.link.docs': '/admin/docs', 'castanea.link.source': 'https://git.example.com/castanea' });
  });

  it('never grants menu add, edit or remove to a built-in role, even from a directory it is given', async () => {
    await seed(db, SHIPPED);
    const cmsPage = MENUS.find((m) => m.menuId === 3000)!;
    const menuEdit: MenuSeed = { ...cmsPage, menuId: 4998, parentId: cmsPage.parentId, menuType: 'F', component: null, titles: ['菜单修改', 'Edit Menu', '選單修改'], perms: 'system:menu:edit' };
    await runSteps(db, [...SEED_STEPS, { name: 'menus-test-admin-only', run: (tx, c) => insertMenus(tx, [menuEdit], c.shipped) }], { shipped: shippedData(SHIPPED), createdAdmin: false });
    expect(await db.select().from(sysMenu).where(eq(sysMenu.menuId, 4998))).toHaveLength(1);
    expect(await db.select().from(sysRoleMenu).where(eq(sysRoleMenu.menuId, 4998))).toEqual([]);
    const held = await db.select({ perms: sysMenu.perms }).from(sysRoleMenu).innerJoin(sysMenu, eq(sysMenu.menuId, sysRoleMenu.menuId));
    expect(held.filter((h) => /^system:menu:(add|edit|remove)$/.test(h.perms ?? ''))).toEqual([]);
  });

  it('rolls a failing step back, claim included, so the next start retries it', async () => {
    const boom: SeedStep = { name: 'boom', run: async (tx, c) => { await insertMenus(tx, [MENUS[0]!], c.shipped); throw new Error('boom'); } };
    await expect(runSteps(db, [boom], { shipped: shippedData(NOTHING_SHIPPED), createdAdmin: false })).rejects.toThrow('boom');
    expect(await db.select().from(sysSeedState)).toHaveLength(0);
    expect(await db.select().from(sysMenu)).toHaveLength(0);
  });

  it('creates admin with password admin123, to be changed at first login, in dept 100 with role admin', async () => {
    await seed(db, SHIPPED);
    const users = await db.select().from(sysUser);
    expect(users.map((u) => u.userName)).toEqual(['admin']);
    const admin = users[0]!;
    expect(admin.userId).toBe(1);
    expect(admin.deptId).toBe(100);
    expect(admin.forceModifyPassword).toBe('Y');
    expect(admin.password).not.toContain('admin123');
    expect(await verifyPassword('admin123', admin.password)).toBe(true);
    expect(await verifyPassword('admin1234', admin.password)).toBe(false);
    const roles = await db.select({ key: sysRole.roleKey }).from(sysUserRole).innerJoin(sysRole, eq(sysRole.roleId, sysUserRole.roleId))
      .where(eq(sysUserRole.userId, admin.userId));
    expect(roles).toEqual([{ key: 'admin' }]);
  });

  it('creates the department tree, posts and the two roles', async () => {
    await seed(db, SHIPPED);
    const depts = await db.select().from(sysDept).orderBy(sysDept.deptId);
    expect(depts.map((d) => [d.deptId, d.parentId, d.ancestors, d.deptName])).toEqual([[100, 0, '0', 'Castanea'], [101, 100, '0,100', '研发部']]);
    expect((await db.select().from(sysPost)).map((p) => p.postCode).sort()).toEqual(['ceo', 'hr', 'se', 'user']);
    const roles = await db.select().from(sysRole).orderBy(sysRole.roleId);
    expect(roles.map((r) => [r.roleId, r.roleKey])).toEqual([[1, 'admin'], [2, 'editor']]);
    expect(roles[0]!.dataScope).toBe('1');
  });

  it('grants the editor the whole CMS directory and nothing of System, Monitor or Tools', async () => {
    await seed(db, SHIPPED);
    const granted = await db.select({ menuId: sysMenu.menuId, perms: sysMenu.perms }).from(sysRoleMenu)
      .innerJoin(sysMenu, eq(sysMenu.menuId, sysRoleMenu.menuId)).where(eq(sysRoleMenu.roleId, 2));
    const keys = granted.flatMap((g) => (g.perms ? [g.perms] : []));
    expect(keys.filter((k) => /^(system|monitor|tool):/.test(k))).toEqual([]);
    expect(granted.map((g) => g.menuId).sort((a, b) => a - b)).toEqual(menuSubtree(2025, MENUS).map((m) => m.menuId).sort((a, b) => a - b));
    expect(keys).toEqual(expect.arrayContaining(['cms:site:view', 'cms:content:add', 'cms:template:edit', 'search:log:view']));
    // The admin role holds everything through its key, not through rows.
    expect(await db.select().from(sysRoleMenu).where(eq(sysRoleMenu.roleId, 1))).toHaveLength(0);
  });

  it('stores menus as shipped, with MENU.NAME titles in zh-CN, en and zh-TW for every row', async () => {
    await seed(db, SHIPPED);
    const rows = await db.select().from(sysMenu);
    expect(rows).toHaveLength(MENUS.length);
    const texts = await db.select().from(sysI18nDict).where(like(sysI18nDict.langKey, 'MENU.NAME.%'));
    const have = new Set(texts.map((t) => `${t.langTag}|${t.langKey}`));
    for (const m of rows) {
      for (const lang of TITLE_LANGS) expect(have.has(`${lang}|MENU.NAME.${m.menuId}`), `${lang} MENU.NAME.${m.menuId}`).toBe(true);
      if (m.menuType === 'C') expect(m.component).toBeTruthy();
      if (m.menuType === 'F') expect(m.perms).toMatch(F_KEY);
      if (m.menuType === 'M') expect(m.perms).toBeNull();
      expect(m.status).toBe('0');
    }
    const user = rows.find((m) => m.menuId === 100)!;
    expect(user).toMatchObject({ menuName: '用户管理', path: 'user', component: 'system/user/index', perms: 'system:user:view', menuType: 'C', parentId: 1 });
    expect(texts.find((t) => t.langKey === 'MENU.NAME.1001' && t.langTag === 'en')?.langValue).toBe('Add User');
  });

  it('stores every dictionary as fixed, labelled in three languages', async () => {
    await seed(db, SHIPPED);
    const types = await db.select().from(sysDictType);
    expect(types.map((t) => t.dictType).sort()).toEqual(DICTS.map((d) => d.type).sort());
    expect(types.every((t) => t.fixed === 'Y')).toBe(true);
    const data = await db.select().from(sysDictData);
    expect(data).toHaveLength(DICTS.reduce((n, d) => n + d.values.length, 0));
    expect(data.every((d) => d.fixed === 'Y')).toBe(true);
    const texts = await db.select().from(sysI18nDict).where(like(sysI18nDict.langKey, 'DICT.%'));
    const have = new Set(texts.map((t) => `${t.langTag}|${t.langKey}`));
    for (const lang of TITLE_LANGS) {
      for (const type of Object.keys(REFERENCE_DICTS)) expect(have.has(`${lang}|DICT.${type}`), `${lang} DICT.${type}`).toBe(true);
      for (const d of data) expect(have.has(`${lang}|DICT.${d.dictType}.${d.dictValue}`), `${lang} ${d.dictType}.${d.dictValue}`).toBe(true);
    }
    const gender = await db.select().from(sysI18nDict).where(inArray(sysI18nDict.langKey, ['DICT.Gender.2']));
    expect(Object.fromEntries(gender.map((g) => [g.langTag, g.langValue]))).toEqual({ 'zh-CN': '未知', en: 'Unknown', 'zh-TW': '未知' });
  });

  it('stores the built-in configs', async () => {
    await seed(db, SHIPPED);
    const configs = await db.select().from(sysConfig);
    const byKey = Object.fromEntries(configs.map((c) => [c.configKey, c]));
    expect(configs).toHaveLength(CONFIGS.length);
    expect(configs.every((c) => c.configType === 'Y')).toBe(true);
    expect(byKey['sys.account.captchaEnabled']!.configValue).toBe('true');
    expect(byKey['sys.account.registerUser']!.configValue).toBe('false');
    expect(byKey['CMSModuleEnable']!.configValue).toBe('true');
    expect(byKey['sys.index.sideTheme']!.configValue).toBe('theme-dark');
  });
});
