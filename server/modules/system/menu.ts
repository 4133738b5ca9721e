import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { menuResource } from '../../../src/lib/resources/system/menu.ts';
import { resourceRoutes } from '../../core/resource.ts';
import { defineRoute, type AnyRoute } from '../../core/route.ts';
import { fail } from '../../core/errors.ts';
import { sysI18nDict, sysMenu } from './schema.ts';
import { menuTitleKey } from './lookups.ts';

type Row = Record<string, unknown>;
const isUrl = (s: unknown) => typeof s === 'string' && /^https?:\/\//i.test(s);

/** What each type needs: directories and pages a path, pages a component (unless a link), buttons a key. */
function checkShape(m: Row) {
  if (m.menuType !== 'F' && !m.path) throw fail('menu.pathRequired');
  if (m.isFrame === 'Y' && !isUrl(m.path)) throw fail('menu.linkNeedsUrl');
  if (m.menuType === 'C' && m.isFrame !== 'Y' && !isUrl(m.path) && !m.component) throw fail('menu.componentRequired');
  if (m.menuType === 'F' && !m.perms) throw fail('menu.permsRequired');
}

export const menuRoutes: AnyRoute[] = [
  ...resourceRoutes(menuResource, sysMenu, {
    async beforeSave(ctx, values, _mode, tx, existing) {
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
      if (values.menuName !== undefined && existing && ctx.locale !== 'zh-CN') values.menuName = existing.menuName;
    },
    async afterSave(ctx, row, body, _mode, tx) {
      if (body.menuName === undefined) return;
      await tx
        .insert(sysI18nDict)
        .values({ langTag: ctx.locale, langKey: menuTitleKey(row.menuId as number), langValue: body.menuName as string, createBy: ctx.actor.userName })
        .onConflictDoUpdate({ target: [sysI18nDict.langTag, sysI18nDict.langKey], set: { langValue: body.menuName as string, updateBy: ctx.actor.userName, updateTime: new Date() } });
    },
    async beforeRemove(_ctx, rows, tx) {
      const ids = rows.map((r) => r.menuId as number);
      const [kids] = await tx.select({ n: count() }).from(sysMenu).where(and(inArray(sysMenu.parentId, ids), sql`${sysMenu.menuId} not in ${ids}`));
      if (Number(kids?.n) > 0) throw fail('menu.hasChildren');
      await tx.delete(sysI18nDict).where(inArray(sysI18nDict.langKey, ids.map(menuTitleKey)));
    },
    present: (row, ctx) => ({ ...row, menuName: ctx.services.i18n.dbText(ctx.locale, menuTitleKey(row.menuId as number), row.menuName as string) }),
    afterCommit: (ctx) => ctx.services.reloadDbTexts(),
  }),
  defineRoute({
    method: 'GET',
    url: '/system/menu/treeselect',
    // The role form's permission tree: whoever may edit roles or menus needs it.
    perm: { anyOf: ['system:role:view', 'system:menu:view'] },
    handler: async ({ db, services, locale }) => {
      const rows = await db
        .select({ menuId: sysMenu.menuId, parentId: sysMenu.parentId, menuName: sysMenu.menuName, menuType: sysMenu.menuType, perms: sysMenu.perms, icon: sysMenu.icon, orderNum: sysMenu.orderNum })
        .from(sysMenu).where(eq(sysMenu.status, '0')).orderBy(sysMenu.parentId, sysMenu.orderNum);
      return rows.map((r) => ({ ...r, menuName: services.i18n.dbText(locale, menuTitleKey(r.menuId), r.menuName) }));
    },
  }),
];
