import type { ComponentType } from 'react';

/** A route as GET /getRouters sends it (ChestnutCMS RouterVO). */
export interface ServerRoute {
  name?: string;
  path: string;
  hidden?: boolean;
  redirect?: string;
  component?: string;
  query?: string;
  alwaysShow?: boolean;
  meta?: { title?: string; icon?: string; noCache?: boolean; link?: string; activeMenu?: string; breadcrumb?: boolean };
  children?: ServerRoute[];
}

/** What a rendered page receives: the matched route and its parameters. */
export interface RoutePageProps {
  /** full path under the console base, without query, e.g. /system/user */
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  title?: string;
}

export type RouteModule = { default: ComponentType<RoutePageProps> };
export type RouteLoader = () => Promise<RouteModule>;

/** A client-rendered page named by a menu's component path (e.g. 'system/user/index'). */
export interface ComponentEntry {
  load: RouteLoader;
}

/**
 * A page with its own path pattern (spec §2 permission-gated dynamic routes such as
 * /system/role-auth/user/:roleId), reachable when the user holds one of `permissions`.
 */
export interface PatternEntry {
  /** e.g. '/system/role-auth/user/:roleId(\\d+)' */
  path: string;
  permissions?: string[];
  roles?: string[];
  /** 'ns:key' of the tab and document title (re-translated when the language changes) */
  titleKey?: string;
  /** absent until the screen exists: the path is then gated but leads to 404 */
  load?: RouteLoader;
}
