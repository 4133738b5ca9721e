import { http } from '../../lib/request.ts';
import { buildTree, type TreeNodeOf } from '../../lib/resources/tree.ts';
import { grantGrid, type GrantGrid, type GrantRowIn } from '../../lib/cms/grant-grid.ts';
import type { GrantOwner } from '../../../shared/cms/perms.ts';

/** Whose grants the dialog edits. */
export interface GrantOwnerRef {
  type: GrantOwner;
  id: number;
  name: string;
}

/** The grid kinds the server has routes for (/cms/perms/site, /cms/perms/catalog). */
export type GrantKey = 'site' | 'catalog' | 'pageWidget';

type Reply = Record<string, unknown> & { [k: string]: unknown };
type RowReply = Record<string, unknown> & { name: string; parentId?: number; perms: GrantRowIn['perms'] };

// A catalog grid belongs to one site: named for that call only, checked by the server like any current site.
const siteHeader = (siteId?: number) => (siteId === undefined ? undefined : { headers: { CurrentSite: String(siteId) } });

/** GET /cms/perms/<key>: the owner's grid as the acting user may see and change it. */
export async function loadGrid(key: GrantKey, owner: GrantOwnerRef, siteId?: number): Promise<GrantGrid> {
  const res = await http.get<Reply>(`/cms/perms/${key}`, { ownerType: owner.type, owner: owner.id }, { ...siteHeader(siteId), quiet: true });
  const data = res.data ?? {};
  const items = (data[`${key}PrivItems`] as { id: string }[] | undefined) ?? [];
  const rows = ((data[`${key}Privs`] as RowReply[] | undefined) ?? []).map((r) => ({ id: Number(r[`${key}Id`]), parentId: r.parentId, name: r.name, perms: r.perms }));
  return grantGrid(items.map((i) => i.id), rows);
}

/** POST /cms/perms/<key> with the rows that changed. */
export async function saveGrid(key: GrantKey, owner: GrantOwnerRef, entries: { id: number; perms: Record<string, { granted: boolean }> }[], siteId?: number): Promise<void> {
  const perms = entries.map((e) => ({ [`${key}Id`]: e.id, perms: e.perms }));
  await http.post(`/cms/perms/${key}`, { ownerType: owner.type, owner: owner.id, perms }, siteHeader(siteId));
}

type MenuRow = { menuId: number; parentId: number; menuName: string; menuType?: string };

/** A role's menu permissions as a tree of its directories and pages (buttons left out). */
export async function loadRoleMenus(roleId: number): Promise<TreeNodeOf<MenuRow>[]> {
  const [menus, grants] = await Promise.all([
    http.get<MenuRow[]>('/system/menu/treeselect'),
    http.get<{ menuIds: number[] }>(`/system/role/grants/${roleId}`),
  ]);
  const held = new Set(grants.data?.menuIds ?? []);
  return buildTree((menus.data ?? []).filter((m) => held.has(m.menuId) && m.menuType !== 'F'), 'menuId', 'parentId', 'menuName');
}

/** The names of a user's roles (where their menus come from). */
export async function loadUserRoles(userId: number): Promise<string[]> {
  const g = (await http.get<{ roles: { roleId: number; roleName: string }[]; roleIds: number[] }>(`/system/user/grants/${userId}`)).data;
  const mine = new Set(g?.roleIds ?? []);
  return (g?.roles ?? []).filter((r) => mine.has(r.roleId)).map((r) => r.roleName);
}
