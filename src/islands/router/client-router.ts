import '../../stores/request-context.ts'; // first: the request core's language, site and notices (see the file)
import { FORBIDDEN_PATH, IFRAME_HEIGHT_OFFSET_PX, NOT_FOUND_PATH } from '../../../shared/constants.ts';
import { loginUrlFor, redirectRouteTarget } from '../../lib/access/redirect.ts';
import { componentRoutes, patternRoutes } from './route-table.ts';
import { flattenRoutes, resolveRoute } from '../../lib/routes/match.ts';
import { routePath } from '../../lib/routes/navigation.ts';
import type { RoutePageProps, RouteModule } from '../../lib/routes/types.ts';
import { $permissions, $roles, clearSession, loadUserInfo } from '../../stores/session.ts';
import { $pages, findPage, loadRoutes } from '../../stores/routes.ts';
import { flash } from '../../stores/notify.ts';
import { reportDynamicPage } from '../shell/boot.ts';
import shell from '../../lib/i18n/ns/shell.ts';
import { pageTitle } from '../../lib/i18n/page-title.ts';
import { translate } from '../../lib/i18n/i18n.ts';
import type { Root } from 'react-dom/client';

export { routePath };

const registry = { components: componentRoutes, patterns: patternRoutes };
const started = new WeakSet<HTMLElement>();
let root: Root | null = null;

/**
 * The page the server returns for every /admin/* path it has no file for. It runs on every
 * arrival of that page, first load or client-side swap: /redirect/<path> goes on to <path>
 * (spec §2, refreshing a page), a permitted route renders in the outlet, a gated one without the
 * permission goes to 401, anything else to 404.
 */
export function startClientRouter(): void {
  const run = () => {
    const outlet = document.getElementById('route-outlet');
    if (!outlet || started.has(outlet)) return;
    started.add(outlet);
    void render(outlet);
  };
  document.addEventListener('astro:page-load', run);
  document.addEventListener('astro:before-swap', () => {
    root?.unmount();
    root = null;
  });
  run();
}

async function render(outlet: HTMLElement): Promise<void> {
  const target = redirectRouteTarget(location.pathname, location.search);
  if (target) {
    // Inside the shell: swap back to the page, so only its content reloads.
    const { navigate } = await import('astro:transitions/client');
    void navigate(target + location.hash, { history: 'replace' });
    return;
  }
  const path = routePath(location.pathname);
  let routes;
  try {
    [, routes] = await Promise.all([loadUserInfo(), loadRoutes()]);
  } catch (err) {
    clearSession();
    flash({ severity: 'error', summary: err instanceof Error ? err.message : String(err), kind: 'message' });
    location.replace(loginUrlFor(location.pathname + location.search));
    return;
  }
  const grants = { permissions: $permissions.get(), roles: $roles.get() };
  const page = findPage($pages.get(), path);
  let load: () => Promise<RouteModule>;
  let title = page?.title ?? '';
  let params: Record<string, string> = {};
  let link: string | undefined;
  let titleKey: string | undefined;

  if (page?.link) {
    link = page.link;
    load = async () => ({ default: () => null });
  } else {
    const found = resolveRoute(path, registry, flattenRoutes(routes), grants);
    if (found.kind === 'forbidden') return location.replace(FORBIDDEN_PATH);
    if (found.kind === 'none') return location.replace(NOT_FOUND_PATH);
    load = found.entry.load;
    params = found.params;
    if (found.kind === 'pattern' && found.entry.titleKey) {
      titleKey = found.entry.titleKey;
      title = translate(titleKey);
    }
  }

  // Left meanwhile (user info and routes arrive late on a slow line): nothing to show or title.
  if (!outlet.isConnected) return;
  reportDynamicPage(path, title, link, titleKey);
  document.title = pageTitle(title);
  // The title element still names the router page's key ("Loading…"): the language switch would
  // put that back over this page's title.
  const titleElement = document.querySelector<HTMLTitleElement>('title[data-i18n-page-title]');
  if (titleKey) titleElement?.setAttribute('data-i18n-page-title', titleKey);
  else titleElement?.removeAttribute('data-i18n-page-title');
  if (link) {
    const frame = document.createElement('iframe');
    frame.className = 'route-frame';
    frame.src = link;
    frame.title = title || shell.t('route.frameTitle');
    frame.style.height = `calc(100vh - ${IFRAME_HEIGHT_OFFSET_PX}px)`;
    outlet.removeAttribute('aria-busy');
    outlet.replaceChildren(frame);
    return;
  }

  const [{ createElement }, { createRoot }, { PrimeReactProvider }, mod] = await Promise.all([import('react'), import('react-dom/client'), import('../../components/widgets/prime-provider.ts'), load()]);
  if (!outlet.isConnected) return;
  const props: RoutePageProps = { path, params, query: new URLSearchParams(location.search), title };
  outlet.removeAttribute('aria-busy');
  outlet.replaceChildren();
  root = createRoot(outlet);
  root.render(createElement(PrimeReactProvider, null, createElement(mod.default, props)));
}
