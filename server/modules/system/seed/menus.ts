import { CMS_MENUS, CMS_ROOT_ID } from './menus-cms.ts';
import { INTERACTIVE_MENUS, MEMBER_MENUS, STAT_MENUS, WORKFLOW_MENUS } from './menus-operations.ts';
import { SYSTEM_MENUS } from './menus-system.ts';
import { MONITOR_MENUS, TOOL_MENUS } from './menus-monitor.ts';
import type { MenuSeed } from './types.ts';

export type { MenuSeed, Titles } from './types.ts';
export { CMS_ROOT_ID };

/**
 * Every sys_menu row of a new database: the whole console (spec §1, §2), directory by directory.
 * Permission keys are `module:resource:action`, module = the API path's first segment.
 */
export const MENUS: readonly MenuSeed[] = [
  ...CMS_MENUS,
  ...INTERACTIVE_MENUS,
  ...MEMBER_MENUS,
  ...STAT_MENUS,
  ...WORKFLOW_MENUS,
  ...SYSTEM_MENUS,
  ...MONITOR_MENUS,
  ...TOOL_MENUS,
];

/** The sidebar's top-level areas in display order (directories, plus the Statistics page). */
export function topLevelMenus(menus: readonly MenuSeed[] = MENUS): MenuSeed[] {
  return menus.filter((m) => m.parentId === 0).sort((a, b) => a.orderNum - b.orderNum);
}

/** `rootId` and every row below it. */
export function menuSubtree(rootId: number, menus: readonly MenuSeed[] = MENUS): MenuSeed[] {
  const ids = new Set([rootId]);
  // Rows are listed parents first, but a fixed point does not depend on that.
  for (let grew = true; grew;) {
    grew = false;
    for (const m of menus) if (!ids.has(m.menuId) && ids.has(m.parentId)) { ids.add(m.menuId); grew = true; }
  }
  return menus.filter((m) => ids.has(m.menuId));
}

/** Every permission key the menus grant, for checking that API routes only demand keys a role can hold. */
export function menuPermissionKeys(menus: readonly MenuSeed[] = MENUS): Set<string> {
  return new Set(menus.flatMap((m) => (m.perms ? [m.perms] : [])));
}

/**
 * Keys the seed never grants to a built-in role, whatever directory holds them: editing menus
 * hands out permission keys, so it stays an administrator's power (README, "Choices").
 */
export const ADMIN_ONLY_PERMISSIONS: ReadonlySet<string> = new Set(['system:menu:add', 'system:menu:edit', 'system:menu:remove']);

/** Role key → the directories whose whole subtree that built-in role is granted. */
export const ROLE_MENU_ROOTS: Readonly<Record<string, readonly number[]>> = {
  editor: [CMS_ROOT_ID],
};
