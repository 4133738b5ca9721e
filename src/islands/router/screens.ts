import type { MenuNode } from '../../lib/routes/menu.ts';
import type { ScreenName } from '../resource/registry.ts';
import declared from 'virtual:declared-screens';
import { registerScreenTitles } from '../../lib/i18n/screen-texts.ts';

/**
 * Every console screen, declared once: its route path, the menu component the server's menus name
 * it by (getRouters), and how it is drawn. A `resource` screen is the generic resource screen of
 * that name (src/islands/resource/registry.ts loads it) and its page is generated from this list by
 * its area's `[...screen].astro` with `titleKey` as the page title; a `page` screen is hand-written
 * at src/pages/<path>.astro (catalog tree, dashboards, settings…). Kept apart from the loaders: the
 * menu store needs only this list, and importing the loaders would pull every screen's stylesheet
 * into every shell page. Here beside the route table, not in src/lib: it names the resource
 * islands' screens (ScreenName).
 */
export type ScreenDecl = {
  path: string;
  component?: string;
  /** a page no menu names (e.g. a site's edit tabs): the menu entry the shell highlights for it (spec §2 "active menu") */
  activeMenu?: string;
} & ({ resource: ScreenName; titleKey: string } | { page: true });

const resource = (path: string, component: string | undefined, name: ScreenName, titleKey: string): ScreenDecl => ({ path, component, resource: name, titleKey });
const page = (path: string, component?: string, activeMenu?: string): ScreenDecl => ({ path, component, page: true, ...(activeMenu ? { activeMenu } : {}) });

/** Screens written here; those resource definitions declare (their `menu` or `page`) follow. */
const LISTED: readonly ScreenDecl[] = [
  resource('/system/user', 'system/user/index', 'user', 'system:user.title'),
  resource('/system/role', 'system/role/index', 'role', 'system:role.title'),
  resource('/system/menu', 'system/menu/index', 'menu', 'system:menu.title'),
  resource('/system/dept', 'system/dept/index', 'dept', 'system:dept.title'),
  resource('/system/post', 'system/post/index', 'post', 'system:post.title'),
  resource('/system/dict', 'system/dict/index', 'dict', 'system:dict.title'),
  resource('/system/config', 'system/config/index', 'config', 'system:config.title'),
  resource('/system/notice', 'system/notice/index', 'notice', 'system:notice.title'),
  resource('/system/operlog', 'monitor/logs/operation', 'operlog', 'monitor:operlog.title'),
  resource('/system/logininfor', 'monitor/logs/logininfo', 'logininfor', 'monitor:logininfor.title'),
  resource('/system/i18n/dict', 'system/i18n/index', 'i18nDict', 'system:i18n.title'),
  resource('/system/security/config', 'system/security/index', 'security', 'system:security.title'),
  resource('/system/iprule', 'system/iprule/index', 'iprule', 'system:iprule.title'),
  resource('/system/messaging', 'system/messaging/index', 'messaging', 'system:messaging.title'),
  resource('/monitor/online', 'monitor/online/index', 'online', 'monitor:online.title'),
  resource('/monitor/job', 'monitor/job/index', 'job', 'monitor:job.title'),
  resource('/monitor/job-log', 'monitor/job/log', 'jobLog', 'monitor:jobLog.title'),
  resource('/monitor/task', 'monitor/task/index', 'task', 'monitor:task.title'),
  resource('/monitor/async', 'monitor/async/index', 'asyncTask', 'monitor:async.title'),
  page('/monitor/server', 'monitor/server/index'),
  page('/monitor/cache', 'monitor/cache/index'),
  page('/monitor/cacheList', 'monitor/cache/list'),
  resource('/configs/site', 'cms/contentcore/site', 'site', 'cms:site.title'),
  page('/cms/site/tabs', undefined, '/configs/site'),
  resource('/configs/publishpipe', 'cms/contentcore/publishPipe', 'publishPipe', 'cms:publishPipe.title'),
  resource('/configs/resource', 'cms/contentcore/resource', 'cmsResource', 'cms:resource.title'),
  page('/configs/catalog', 'cms/contentcore/catalog'),
  page('/configs/content', 'cms/contentcore/content'),
  page('/configs/settings', 'cms/contentcore/settings'),
  page('/cms/content/editor', undefined, '/configs/content'),
  page('/cms/content/editorW', undefined, '/configs/content'),
  page('/configs/file', 'cms/contentcore/file'),
  page('/cms/file/editor', undefined, '/configs/file'),
  page('/configs/template', 'cms/contentcore/template'),
  page('/cms/template/editor', undefined, '/configs/template'),
  page('/configs/staticize', 'cms/staticize/index'),
  page('/configs/dynamic', 'cms/dynamic/index'),
  page('/configs/word', 'cms/word/word'),
  page('/configs/searchWord', 'search/wordTab'),
  page('/configs/search/index', 'cms/search/indexList'),
  page('/configs/dictWord', 'search/dictWord'),
  page('/cms/preview'),
  page('/statistics', 'stat/index'),
  page('/workflow/review', 'workflow/review/index'),
  page('/workflow/model/design', undefined, '/workflow/model'),
  page('/tool/build', 'tool/build/index'),
  page('/tool/gen', 'tool/gen/index'),
  page('/user/profile'),
  page('/user/preference'),
];

/** The screens resource definitions declare, generated by src/pages/[...declared].astro. */
export const DECLARED_SCREENS: readonly ScreenDecl[] = declared.map((d) => ({
  path: d.path, component: d.component, resource: d.resource, titleKey: d.titleKey, ...(d.activeMenu ? { activeMenu: d.activeMenu } : {}),
}));

registerScreenTitles(declared);

export const SCREENS: readonly ScreenDecl[] = [...LISTED, ...DECLARED_SCREENS];

/** The menu entry a route path belongs to: its own, or the active menu of a page no menu names. */
export const menuPathOf = (path: string): string => SCREENS.find((s) => s.path === path)?.activeMenu ?? path;

/** Route paths that have a prebuilt page: a menu entry is shown only when this console has its screen. */
export const PREBUILT_SCREENS: readonly string[] = SCREENS.map((s) => s.path);

/**
 * Menu components the client router renders as resource screens: a menu an administrator adds at
 * another path (getRouters) with one of these components still gets its screen.
 */
export const COMPONENT_SCREENS: Readonly<Record<string, ScreenName>> = Object.fromEntries(
  SCREENS.flatMap((s) => (s.component && 'resource' in s ? [[s.component, s.resource]] : [])),
);

/** The menu path highlighted while `path` is shown: its own, or the one a hidden page names. */

/** The listed resource screens under an area ('/system'), for that area's generated pages. */
export const resourceScreensOf = (area: string) =>
  LISTED.flatMap((s) => ('resource' in s && s.path.startsWith(`${area}/`) ? [{ rest: s.path.slice(area.length + 1), screen: s.resource, titleKey: s.titleKey }] : []));

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
