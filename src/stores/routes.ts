import { atom, computed } from 'nanostores';
import { STORAGE_KEYS } from '../../shared/constants.ts';
import { readJson, writeJson } from '../lib/web-storage.ts';
import { fetchRouters } from '../lib/routes/api.ts';
import { availableMenus, COMPONENT_SCREENS, menuPathOf } from '../islands/router/screens.ts';
import { buildMenus, flattenPages, sidebarEntry, topLevelOf, type MenuNode, type PageEntry } from '../lib/routes/menu.ts';
import { $settings } from './layout.ts';
import type { ServerRoute } from '../lib/routes/types.ts';
import { getToken } from '../lib/auth/token.ts';
import { $language } from './locale.ts';

/**
 * The user's routes (GET /getRouters) and the page being shown. The last reply is kept in
 * sessionStorage, tied to the token and language, so a reload draws the sidebar at once and the
 * call only refreshes it.
 */
interface Cached {
  owner: string;
  routes: ServerRoute[];
}
const owner = () => `${getToken().slice(-16)}|${$language.get()}`;

function readCache(): ServerRoute[] | null {
  const cached = readJson('sessionStorage', STORAGE_KEYS.routersCache) as Cached | undefined;
  return cached?.owner === owner() && Array.isArray(cached.routes) ? cached.routes : null;
}

export const $serverRoutes = atom<ServerRoute[] | null>(readCache());
// Only screens this console has: the server's menus may name areas still to come.
export const $menus = computed($serverRoutes, (routes) => availableMenus(buildMenus(routes ?? []), COMPONENT_SCREENS));
export const $pages = computed($menus, (menus) => flattenPages(menus));

let loading: Promise<ServerRoute[]> | null = null;
/** Fetches the routes once per page load; concurrent callers share the call. */
export function loadRoutes(): Promise<ServerRoute[]> {
  loading ??= fetchRouters().then(
    (routes) => {
      $serverRoutes.set(routes);
      writeJson('sessionStorage', STORAGE_KEYS.routersCache, { owner: owner(), routes } satisfies Cached);
      return routes;
    },
    (err: unknown) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}

/** The page on screen: its route path, path + query, and title once known. */
export interface CurrentPage {
  path: string;
  fullPath: string;
  title: string;
  /** 'ns:key' of a prebuilt page's title */
  titleKey?: string;
  link?: string;
}
export const $current = atom<CurrentPage>({ path: '/', fullPath: '/', title: '' });

/** The menu entry of a route path, if the menus have one. */
export const findPage = (pages: readonly PageEntry[], path: string) => pages.find((p) => p.path === path);

/**
 * Top navigation: the top-level entry whose children the sidebar shows, or null when a leaf was
 * picked (the sidebar hides). Undefined means "follow the current page".
 */
export const $topPick = atom<string | null | undefined>(undefined);

/** In top navigation the sidebar shows the picked (or current) top entry's children (spec §2). */
export const $sidebarMenus = computed([$menus, $settings, $current, $topPick], (menus, settings, current, pick): MenuNode[] => {
  if (!settings.topNav) return menus;
  if (pick === null) return [];
  const top = pick ? menus.find((m) => m.path === pick || sidebarEntry(m).path === pick) : topLevelOf(menus, menuPathOf(current.path));
  if (!top) return [];
  const entry = sidebarEntry(top);
  return entry.children.filter((c) => !c.hidden);
});

