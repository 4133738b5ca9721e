import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { hasPermission, type Actor } from '../../core/access.ts';
import type { ServerI18n } from '../../core/i18n.ts';
import type { Locale } from '../../../shared/i18n/locales.ts';
import { sysMenu } from './schema.ts';
import { buildRouters, type RouterVO } from './routers.ts';
import { menuTitleKey } from './lookups.ts';

/** `/getRouters`: the enabled directories and menus the actor may see, as the console's route tree. */
export async function routersFor(db: DbOrTx, actor: Actor, i18n: ServerI18n, locale: Locale): Promise<RouterVO[]> {
  const rows = await db
    .select({
      menuId: sysMenu.menuId,
      menuName: sysMenu.menuName,
      parentId: sysMenu.parentId,
      orderNum: sysMenu.orderNum,
      path: sysMenu.path,
      component: sysMenu.component,
      query: sysMenu.query,
      isFrame: sysMenu.isFrame,
      isCache: sysMenu.isCache,
      menuType: sysMenu.menuType,
      visible: sysMenu.visible,
      status: sysMenu.status,
      perms: sysMenu.perms,
      icon: sysMenu.icon,
    })
    .from(sysMenu)
    .where(and(inArray(sysMenu.menuType, ['M', 'C']), eq(sysMenu.status, '0')));
  return buildRouters(rows, {
    can: (key) => hasPermission(actor, key),
    title: (m) => i18n.dbText(locale, menuTitleKey(m.menuId), m.menuName),
  });
}
