import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { menuResource } from '../../../shared/resources/system/menu.ts';
import { resourceRoutes } from '../../core/resource-routes.ts';
import { z } from 'zod';
import { defineRoute, type AnyRoute } from '../../core/route.ts';
import { selectedRow } from '../../core/row-schema.ts';
import { fail } from '../../core/errors.ts';
import { sysI18nDict, sysMenu } from './schema.ts';
import { menuTitleKey } from './lookups.ts';
import { assertKeysHeld, permissionKeys } from './power.ts';
import { reloadDbTexts } from './services.ts';

type Row = Record<string, unknown>;
const isUrl = (s: unknown) => typeof s === 'string' && /^https?:\/\//i.test(s);

/** What each type needs: directories and pages a path, pages a component (unless a link), buttons a key. */
function checkShape(m: Row) {
  if (m.menuType !== 'F' && !m.path) throw fail('menu.pathRequired');
  if (m.isFrame === 'Y' && !isUrl(m.path)) throw fail('menu.linkNeedsUrl');
  if (m.menuType === 'C' && m.isFrame !== 'Y' && !isUrl(m.path) && !m.component) throw fail('menu.componentRequired');
  if (m.menuType === 'F' && !m.perms) throw fail('menu.permsRequired');
}

/** A menu as the permission tree shows it. */
const TREE_PICK = { menuId: sysMenu.menuId, parentId: sysMenu.parentId, menuName: sysMenu.menuName, menuType: sysMenu.menuType, perms: sysMenu.perms, icon: sysMenu.icon, orderNum: sysMenu.orderNum };

export const menuRoutes: AnyRoute[] = [
  ...resourceRoutes(menuResource, sysMenu, {
    async beforeSave(op, values, _mode, existing) {
      const { tx } = op;
      // A menu's key is a grant to every role holding the menu: only keys one holds go on a menu,
      // and a menu carrying a key one lacks is not one's to change (menu edit is an administrator's power).
      if (existing) assertKeysHeld(op.actor, permissionKeys(existing.perms as string | null));
      if (values.perms !== undefined) assertKeysHeld(op.actor, permissionKeys(values.perms as string | null));
      const merged = { ...existing, ...values };
      checkShape(merged);
      const parentId = merged.parentId as number;
      if (existing && parentId === existing.menuId) throw fail('menu.parentSelf');
      if (parentId !== 0) {
        const [parent] = await tx.select({ type: sysMenu.menuType }).from(sysMenu).where(eq(sysMenu.menuId, parentId));
        if (!parent) throw fail('menu.parentMissing');
        if (parent.type === 'F') throw fail('menu.parentButton');
      }
      // The name is edited in the editor's language; zh-CN is also the base name.
      if (values.menuName !== undefined && existing && op.locale !== 'zh-CN') values.menuName = existing.menuName;
    },
    async afterSave(op, row, body) {
      if (body.menuName === undefined) return;
      await op.tx
        .insert(sysI18nDict)
        .values({ langTag: op.locale, langKey: menuTitleKey(row.menuId as number), langValue: body.menuName as string, createBy: op.actor.userName })
        .onConflictDoUpdate({ target: [sysI18nDict.langTag, sysI18nDict.langKey], set: { langValue: body.menuName as string, updateBy: op.actor.userName, updateTime: new Date() } });
    },
    async beforeRemove({ tx, actor }, rows) {
      for (const r of rows) assertKeysHeld(actor, permissionKeys(r.perms as string | null));
      const ids = rows.map((r) => r.menuId as number);
      const [kids] = await tx.select({ n: count() }).from(sysMenu).where(and(inArray(sysMenu.parentId, ids), sql`${sysMenu.menuId} not in ${ids}`));
      if (Number(kids?.n) > 0) throw fail('menu.hasChildren');
      await tx.delete(sysI18nDict).where(inArray(sysI18nDict.langKey, ids.map(menuTitleKey)));
    },
    present: (row, op) => ({ ...row, menuName: op.services.i18n.dbText(op.locale, menuTitleKey(row.menuId as number), row.menuName as string) }),
    afterCommit: (op) => reloadDbTexts(op.services),
  }),
  defineRoute({
    method: 'GET',
    url: '/system/menu/treeselect',
    // The role form's permission tree: whoever may edit roles or menus needs it.
    perm: { anyOf: ['system:role:view', 'system:menu:view'] },
    reply: z.array(selectedRow(TREE_PICK)),
    handler: async ({ db, services, locale }) => {
      const rows = await db
        .select(TREE_PICK)
        .from(sysMenu).where(eq(sysMenu.status, '0')).orderBy(sysMenu.parentId, sysMenu.orderNum);
      return rows.map((r) => ({ ...r, menuName: services.i18n.dbText(locale, menuTitleKey(r.menuId), r.menuName) }));
    },
  }),
];
