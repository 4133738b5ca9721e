import type { MenuNode } from './menu.ts';
import type { ScreenName } from '../../islands/resource/registry.ts';

/**
 * Menu component paths ('system/user/index') the client router renders, with their resource
 * screen. Kept apart from the loaders in registry.ts: the menu store needs only the names, and
 * importing the loaders would pull every screen's stylesheet into every shell page.
 */
export const COMPONENT_SCREENS = {
  'system/user/index': 'user',
  'system/role/index': 'role',
  'system/dept/index': 'dept',
  'system/menu/index': 'menu',
} as const satisfies Record<string, ScreenName>;

/**
 * Route paths that have a prebuilt page (src/pages/<path>.astro). A menu entry is shown only when
 * this console has its screen — a prebuilt page or a registered component — so nobody is sent to a
 * page that is not there. src/lib/routes/screens.test.ts keeps this list and src/pages in step.
 */
export const PREBUILT_SCREENS: readonly string[] = ['/system/post', '/system/config', '/system/operlog', '/system/logininfor', '/user/profile', '/user/preference', '/monitor/job', '/monitor/job-log', '/monitor/task', '/monitor/online', '/monitor/server', '/monitor/cache', '/monitor/cacheList', '/monitor/async', '/system/dict', '/system/notice', '/system/i18n/dict', '/system/iprule', '/system/security/config', '/system/messaging', '/configs/resource', '/configs/settings'];

/** Menus without the pages this console lacks; directories left empty go too. */
export function availableMenus(nodes: readonly MenuNode[], components: Readonly<Record<string, unknown>>): MenuNode[] {
  return nodes.flatMap((n) => {
    if (n.external || n.link) return [n];
    if (n.children.length) {
      const children = availableMenus(n.children, components);
      return children.length ? [{ ...n, children }] : [];
    }
    if (n.container) return [];
    return PREBUILT_SCREENS.includes(n.path) || (n.component && n.component in components) ? [n] : [];
  });
}
