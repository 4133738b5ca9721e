import type { ComponentEntry, PatternEntry, RouteModule } from './types.ts';

/**
 * Pages the client router can render, keyed by the component path the server's menus name
 * ('system/user/index'). Each entry imports its island lazily, so the router page stays small
 * whatever the number of screens. Screens register here as they are built.
 */
export const componentRoutes: Record<string, ComponentEntry> = {};

/**
 * Pages with their own path pattern and permission (spec §2 "permission-gated dynamic routes").
 * The gate holds now: without the key, 401. A pattern gets its `load` when its screen is built;
 * until then a permitted visitor gets 404, as for any page this console does not have.
 */
export const patternRoutes: PatternEntry[] = [
  { path: '/system/role-auth/user/:roleId(\\d+)', permissions: ['system:role:edit'] },
  { path: '/system/dict-data/index/:dictId(\\d+)', permissions: ['system:dict:view'] },
  { path: '/tool/gen-edit/index/:tableId(\\d+)', permissions: ['tool:gen:edit'] },
];
