import { BASE_PATH, FORBIDDEN_PATH, NOT_FOUND_PATH } from '../../lib/constants.ts';
import { loginUrlFor, redirectRouteTarget } from '../../lib/access/redirect.ts';
import { componentRoutes, patternRoutes } from '../../lib/routes/registry.ts';
import { flattenRoutes, registryIsEmpty, resolveRoute } from '../../lib/routes/match.ts';
import { fetchRouters } from '../../lib/routes/api.ts';
import type { RoutePageProps } from '../../lib/routes/types.ts';
import { $permissions, $roles, clearSession, loadUserInfo } from '../../stores/session.ts';
import { flash } from '../../stores/notify.ts';

const registry = { components: componentRoutes, patterns: patternRoutes };

/** The route path under the console base: /admin/system/user/ → /system/user */
export function routePath(pathname: string): string {
  const inside = pathname.startsWith(BASE_PATH) ? pathname.slice(BASE_PATH.length) : pathname.replace(/^\/+/, '');
  return `/${inside}`.replace(/(.)\/+$/, '$1');
}

/**
 * The page the server returns for every /admin/* path it has no file for (app-router.astro):
 * /redirect/<path> goes on to <path> (spec §2, used to refresh a page); a path a registered screen
 * handles is rendered here; anything else goes to 404.
 */
export async function startClientRouter(outlet: HTMLElement): Promise<void> {
  const target = redirectRouteTarget(location.pathname, location.search);
  if (target) {
    location.replace(target + location.hash);
    return;
  }
  // Nothing registered yet: no need to ask the server which routes exist.
  if (registryIsEmpty(registry)) {
    location.replace(NOT_FOUND_PATH);
    return;
  }
  const path = routePath(location.pathname);
  let routes;
  try {
    [, routes] = await Promise.all([loadUserInfo(), fetchRouters()]);
  } catch (err) {
    clearSession();
    flash({ severity: 'error', summary: err instanceof Error ? err.message : String(err), kind: 'message' });
    location.replace(loginUrlFor(location.pathname + location.search));
    return;
  }
  const found = resolveRoute(path, registry, flattenRoutes(routes), { permissions: $permissions.get(), roles: $roles.get() });
  if (found.kind === 'none') return location.replace(NOT_FOUND_PATH);
  if (found.kind === 'forbidden') return location.replace(FORBIDDEN_PATH);

  const [{ createElement }, { createRoot }, page] = await Promise.all([import('react'), import('react-dom/client'), found.entry.load()]);
  const props: RoutePageProps = {
    path,
    params: found.params,
    query: new URLSearchParams(location.search),
    title: found.kind === 'component' ? found.route.title : found.entry.title,
  };
  outlet.replaceChildren();
  createRoot(outlet).render(createElement(page.default, props));
}
