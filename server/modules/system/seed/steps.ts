import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import {
  sysConfig, sysDept, sysDictData, sysDictType, sysI18nDict, sysMenu, sysPost, sysRole, sysRoleMenu, sysUser, sysUserPost, sysUserRole,
} from '../schema.ts';
import { hashPassword } from '../password.ts';
import { ADMIN_ONLY_PERMISSIONS, menuSubtree } from './menus.ts';
import type { DictSeed } from './dicts.ts';
import { MESSAGING_DICTS } from './dicts-messaging.ts';
import { CONFIGS, FORMER_NAVBAR_LINKS } from './configs.ts';
import { ADMIN_INITIAL_PASSWORD, ADMIN_USER, DEPTS, POSTS, ROLES } from './users.ts';
import { menuRowsOf, TITLE_LANGS, type MenuSeed, type SeedContext, type ShippedData, type Titles } from '../../../core/seed-data.ts';
import type { Shipped } from '../../../core/shipped.ts';
import { chunks, type SeedStep } from './runner.ts';
import { securityConfigDefault, securityConfigEnabled } from './security.ts';
import { zhTwTaiwanUsage } from './zh-tw-usage.ts';
import { dictLabelKey, dictTypeKey, menuTitleKey } from '../lookups.ts';

const SEEDER = 'system';

interface I18nRow { langTag: string; langKey: string; langValue: string; createBy: string }

const i18nRows = (key: string, titles: Titles): I18nRow[] =>
  TITLE_LANGS.map((langTag, i) => ({ langTag, langKey: key, langValue: titles[i]!, createBy: SEEDER }));

// An administrator's own text for a key wins over ours: never overwrite.
async function insertTexts(tx: Tx, rows: I18nRow[]) {
  for (const part of chunks(rows)) await tx.insert(sysI18nDict).values(part).onConflictDoNothing();
}

/**
 * Inserts menu rows with their titles in every language, and grants them to the built-in roles
 * whose directories (`shipped.roleMenuRoots`, as modules declare them) hold them. A later step
 * shipping new menus calls this with just those rows and the step's `ctx.shipped`.
 */
export async function insertMenus(tx: Tx, rows: readonly MenuSeed[], shipped: ShippedData): Promise<void> {
  const values = rows.map((m) => ({
    menuId: m.menuId, menuName: m.titles[0], parentId: m.parentId, orderNum: m.orderNum, path: m.path, component: m.component,
    query: m.query, isFrame: m.isFrame, isCache: m.isCache, menuType: m.menuType, visible: m.visible, status: '0', perms: m.perms,
    icon: m.icon, remark: m.remark, createBy: SEEDER,
  }));
  for (const part of chunks(values, 200)) await tx.insert(sysMenu).values(part).onConflictDoNothing();
  await insertTexts(tx, rows.flatMap((m) => i18nRows(menuTitleKey(m.menuId), m.titles)));

  const inserted = new Set(rows.map((m) => m.menuId));
  for (const [roleKey, roots] of Object.entries(shipped.roleMenuRoots)) {
    const [role] = await tx.select({ roleId: sysRole.roleId }).from(sysRole).where(eq(sysRole.roleKey, roleKey));
    if (!role) continue; // deleted by an administrator: nothing to grant to
    // Rows of a later step may not be among the shipped menus yet; look at both.
    const known = [...shipped.menus, ...rows.filter((m) => !shipped.menus.includes(m))];
    const ids = roots.flatMap((root) => menuSubtree(root, known))
      .filter((m) => inserted.has(m.menuId) && !ADMIN_ONLY_PERMISSIONS.has(m.perms ?? ''))
      .map((m) => m.menuId);
    if (ids.length === 0) continue;
    // Only menus that exist now (one deleted earlier stays deleted).
    const present = await tx.select({ menuId: sysMenu.menuId }).from(sysMenu).where(inArray(sysMenu.menuId, ids));
    const grants = present.map((p) => ({ roleId: role.roleId, menuId: p.menuId }));
    for (const part of chunks(grants)) await tx.insert(sysRoleMenu).values(part).onConflictDoNothing();
  }
}

const systemBase: SeedStep = {
  name: 'system-base',
  async run(tx) {
    await tx.insert(sysDept).values(DEPTS.map((d) => ({ ...d, status: '0', createBy: SEEDER }))).onConflictDoNothing();
    await tx.insert(sysPost).values(POSTS.map((p) => ({ ...p, status: '0', createBy: SEEDER }))).onConflictDoNothing();
    await tx.insert(sysRole).values(ROLES.map((r) => ({ ...r, status: '0', createBy: SEEDER }))).onConflictDoNothing();
  },
};

const adminUser: SeedStep = {
  name: 'admin-user',
  async run(tx, ctx) {
    const [dept] = await tx.select({ deptId: sysDept.deptId }).from(sysDept).where(eq(sysDept.deptId, ADMIN_USER.deptId));
    const created = await tx.insert(sysUser).values({
      userId: ADMIN_USER.userId,
      userName: ADMIN_USER.userName,
      nickName: ADMIN_USER.nickName,
      deptId: dept?.deptId ?? null,
      password: await hashPassword(ADMIN_INITIAL_PASSWORD),
      status: '0',
      forceModifyPassword: 'Y',
      remark: ADMIN_USER.remark,
      createBy: SEEDER,
    }).onConflictDoNothing().returning({ userId: sysUser.userId });
    if (created.length === 0) return; // an `admin` already exists: leave it as it is
    ctx.createdAdmin = true;
    const userId = created[0]!.userId;
    const [role] = await tx.select({ roleId: sysRole.roleId }).from(sysRole).where(eq(sysRole.roleKey, ADMIN_USER.roleKey));
    if (role) await tx.insert(sysUserRole).values({ userId, roleId: role.roleId }).onConflictDoNothing();
    const [post] = await tx.select({ postId: sysPost.postId }).from(sysPost).where(eq(sysPost.postCode, ADMIN_USER.postCode));
    if (post) await tx.insert(sysUserPost).values({ userId, postId: post.postId }).onConflictDoNothing();
  },
};

/**
 * A definition's menu rows (core/shipped.ts) on a database seeded before it shipped: one step per
 * definition menu, named by its page's id, so it runs once per database. On a new database the
 * 'menus' step stored them already and this inserts nothing; a row an administrator deletes later
 * stays deleted.
 */
export const definitionMenuSteps = (shipped: Shipped): SeedStep[] =>
  shipped.definitions.flatMap((def) => (def.menu ? [{
    name: `menu-${def.menu.id}`,
    run: (tx: Tx, ctx: SeedContext) => insertMenus(tx, menuRowsOf(def), ctx.shipped),
  }] : []));

/** Every module's menus (core/shipped.ts), then the system's own. */
const menus: SeedStep = {
  name: 'menus',
  run: (tx, ctx) => insertMenus(tx, ctx.shipped.menus, ctx.shipped),
};

/** Inserts dictionary types and values, fixed, with their labels in every language. A later step shipping new dictionaries calls this with just those. */
export async function insertDicts(tx: Tx, dicts: readonly DictSeed[]): Promise<void> {
  await tx.insert(sysDictType).values(dicts.map((d) => ({ dictName: d.titles[0], dictType: d.type, status: '0', fixed: 'Y', createBy: SEEDER })))
    .onConflictDoNothing();
  const data = dicts.flatMap((d) => d.values.map((val, i) => ({
    dictType: d.type, dictValue: val.value, dictLabel: val.titles[0], dictSort: i + 1, listClass: val.listClass, cssClass: val.cssClass,
    isDefault: val.isDefault, status: '0', fixed: 'Y', remark: val.remark, createBy: SEEDER,
  })));
  for (const part of chunks(data)) await tx.insert(sysDictData).values(part).onConflictDoNothing();
  await insertTexts(tx, dicts.flatMap((d) => [
    ...i18nRows(dictTypeKey(d.type), d.titles),
    ...d.values.flatMap((val) => i18nRows(dictLabelKey(d.type, val.value), val.titles)),
  ]));
}

/** Every module's dictionaries, then the system's own. */
const dicts: SeedStep = {
  name: 'dicts',
  run: (tx, ctx) => insertDicts(tx, ctx.shipped.dicts),
};

/** The messaging platforms' dictionary, for databases seeded before it shipped (new ones got it with 'dicts'). */
const messagingDicts: SeedStep = {
  name: 'dicts-messaging',
  run: (tx) => insertDicts(tx, MESSAGING_DICTS),
};

const configs: SeedStep = {
  name: 'configs',
  async run(tx, ctx) {
    await tx.insert(sysConfig).values(ctx.shipped.configs.map((c) => ({
      configKey: c.key, configName: c.name, configValue: c.value, configType: 'Y', remark: c.remark, createBy: SEEDER,
    }))).onConflictDoNothing();
  },
};

const navbarLinks: SeedStep = {
  name: 'navbar-links-this-project',
  async run(tx) {
    // Databases seeded while the navbar linked to another product follow the new defaults, unless
    // an administrator had already set their own address.
    for (const [key, former] of Object.entries(FORMER_NAVBAR_LINKS)) {
      const value = CONFIGS.find((c) => c.key === key)!.value;
      await tx.update(sysConfig).set({ configValue: value, updateBy: SEEDER, updateTime: new Date() })
        .where(and(eq(sysConfig.configKey, key), eq(sysConfig.configValue, former)));
    }
  },
};

/**
 * The system's steps, in the order they run (before the other modules' own). Append new steps at
 * the end; never edit what a shipped step inserts in a way existing databases would need (they
 * will not run it again). 'demo-site' and 'cms-default-pipes', once listed here, are the CMS's
 * steps now (server/modules/cms/seeds.ts), under the same names.
 */
export const SEED_STEPS: readonly SeedStep[] = [systemBase, adminUser, menus, dicts, configs, securityConfigDefault, messagingDicts, securityConfigEnabled,
  navbarLinks, zhTwTaiwanUsage];
