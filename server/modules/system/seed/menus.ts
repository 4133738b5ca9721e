import { INTERACTIVE_MENUS, MEMBER_MENUS, STAT_MENUS, WORKFLOW_MENUS } from './menus-operations.ts';
import { SYSTEM_MENUS } from './menus-system.ts';
import { MONITOR_MENUS, TOOL_MENUS } from './menus-monitor.ts';
import type { MenuSeed } from '../../../core/seed-data.ts';

export type { MenuSeed, Titles } from '../../../core/seed-data.ts';

/**
 * The system's own sys_menu rows: its directories and those of the areas no module serves yet
 * (spec §1, §2). Other modules ship their own (ServerModule.menus: the CMS its directory); the
 * 'menus' step stores theirs, then these. Permission keys are `module:resource:action`, module =
 * the API path's first segment.
 */
export const BASE_MENUS: readonly MenuSeed[] = [
  ...INTERACTIVE_MENUS,
  ...MEMBER_MENUS,
  ...STAT_MENUS,
  ...WORKFLOW_MENUS,
  ...SYSTEM_MENUS,
  ...MONITOR_MENUS,
  ...TOOL_MENUS,
];

/** The sidebar's top-level areas in display order (directories, plus the Statistics page). */
export function topLevelMenus(menus: readonly MenuSeed[]): MenuSeed[] {
  return menus.filter((m) => m.parentId === 0).sort((a, b) => a.orderNum - b.orderNum);
}

/** `rootId` and every row below it. */
export function menuSubtree(rootId: number, menus: readonly MenuSeed[]): MenuSeed[] {
  const ids = new Set([rootId]);
  // Rows are listed parents first, but a fixed point does not depend on that.
  for (let grew = true; grew;) {
    grew = false;
    for (const m of menus) if (!ids.has(m.menuId) && ids.has(m.parentId)) { ids.add(m.menuId); grew = true; }
  }
  return menus.filter((m) => ids.has(m.menuId));
}

/** Every permission key the menus grant, for checking that API routes only demand keys a role can hold. */
export function menuPermissionKeys(menus: readonly MenuSeed[]): Set<string> {
  return new Set(menus.flatMap((m) => (m.perms ? [m.perms] : [])));
}

/**
 * Keys the seed never grants to a built-in role, whatever directory holds them: editing menus
 * hands out permission keys, so it stays an administrator's power (README, "Choices").
 */
export const ADMIN_ONLY_PERMISSIONS: ReadonlySet<string> = new Set(['system:menu:add', 'system:menu:edit', 'system:menu:remove']);
