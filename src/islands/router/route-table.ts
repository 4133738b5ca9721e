import type { ComponentEntry, PatternEntry, RouteModule } from '../../lib/routes/types.ts';
import type { ScreenName } from '../resource/registry.ts';
import { COMPONENT_SCREENS } from './screens.ts';

/** A generic resource screen (src/islands/resource) by name, as a lazily loaded router page. */
const resourceRoute = (screen: ScreenName) => async (): Promise<RouteModule> => ({
  default: (await import('../resource/ResourceRoute.tsx')).routeOf(screen),
});

/**
 * Pages the client router can render, keyed by the component path the server's menus name
 * ('system/user/index'). Each entry imports its island lazily, so the router page stays small
 * whatever the number of screens. Screens register in COMPONENT_SCREENS (screens.ts) as they are built.
 * The table is the console's composition (a path → the island that draws it), so it sits beside the
 * router rather than in src/lib, which builds on no island.
 */
export const componentRoutes: Record<string, ComponentEntry> = Object.fromEntries(
  Object.entries(COMPONENT_SCREENS).map(([component, screen]) => [component, { load: resourceRoute(screen) }]),
);

/**
 * Pages with their own path pattern and permission (spec §2 "permission-gated dynamic routes").
 * The gate holds now: without the key, 401. A pattern gets its `load` when its screen is built;
 * until then a permitted visitor gets 404, as for any page this console does not have.
 */
export const patternRoutes: PatternEntry[] = [
  { path: '/system/role-auth/user/:roleId(\\d+)', permissions: ['system:role:edit'], titleKey: 'shell:route.roleAuthUser', load: () => import('../system/RoleAuthUser.tsx') },
  { path: '/system/dict-data/index/:dictId(\\d+)', permissions: ['system:dict:view'], titleKey: 'shell:route.dictData', load: () => import('../system/DictDataPage.tsx') },
  { path: '/tool/gen-edit/index/:tableId(\\d+)', permissions: ['tool:gen:edit'], titleKey: 'shell:route.genEdit', load: () => import('../tool/gen/GenEditPage.tsx') },
];
