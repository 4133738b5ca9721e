import type { ServerRoute } from './types.ts';

/**
 * The navigation model the shell draws (sidebar, top menu, breadcrumb, search, tabs), built from
 * GET /getRouters as spec §2 describes: Layout and ParentView entries are containers, InnerLink
 * entries are pages shown in an iframe, http(s) paths are external links, anything else names a
 * view. Paths are made absolute here so no widget has to join them again.
 */
export interface MenuNode {
  /** absolute route path under the base ('/system/post'), or the URL of an external link */
  path: string;
  title: string;
  icon?: string;
  hidden: boolean;
  /** opens in a new browser tab */
  external: boolean;
  /** inner link: the URL the iframe view shows */
  link?: string;
  /** a container (Layout / ParentView / directory) rather than a page */
  container: boolean;
  component?: string;
  query?: string;
  children: MenuNode[];
}

const CONTAINERS = new Set(['Layout', 'ParentView']);
export const isHttp = (path: string) => /^https?:\/\//i.test(path);

/** '/system' + 'post' → '/system/post'; an absolute child or a URL stays as it is. */
export function joinRoutePath(parent: string, path: string): string {
  // Self-contained (the test inline, not isHttp): Home's pre-paint script ships its source text.
  if (/^https?:\/\//i.test(path)) return path;
  const joined = path.startsWith('/') ? path : `${parent.replace(/\/$/, '')}/${path}`;
  return joined.replace(/\/{2,}/g, '/').replace(/(.)\/$/, '$1') || '/';
}

export function buildMenus(routes: readonly ServerRoute[], parent = ''): MenuNode[] {
  return routes.map((r) => {
    const path = joinRoutePath(parent, r.path);
    const children = r.children?.length ? buildMenus(r.children, path) : [];
    const link = r.meta?.link && isHttp(r.meta.link) ? r.meta.link : undefined;
    const external = isHttp(r.path);
    return {
      path,
      title: r.meta?.title ?? '',
      icon: r.meta?.icon,
      hidden: r.hidden === true,
      external,
      link: !external && r.component === 'InnerLink' ? link : undefined,
      container: children.length > 0 || (!!r.component && CONTAINERS.has(r.component)),
      component: r.component,
      query: r.query,
      children,
    };
  });
}

/** Children the sidebar shows (hidden items are skipped). */
export const visibleChildren = (node: MenuNode) => node.children.filter((c) => !c.hidden);

/**
 * What the sidebar draws for a node: a parent with exactly one visible child shows as that child
 * (repeatedly, so a Layout wrapping a directory of one page is one entry); a container with no
 * visible child shows as itself.
 */
export function sidebarEntry(node: MenuNode): MenuNode {
  let current = node;
  for (;;) {
    const shown = visibleChildren(current);
    if (shown.length !== 1) return current;
    const only = shown[0]!;
    // The only child keeps the parent's icon when it has none (a top-level page under '/').
    current = only.icon || !current.icon ? only : { ...only, icon: current.icon };
  }
}

/** Every page (not container) with the titles of its ancestors, for breadcrumb, search and tab titles. */
export interface PageEntry {
  path: string;
  title: string;
  /** ancestor titles, outermost first, then the page's own */
  trail: { title: string; path: string; container: boolean }[];
  external: boolean;
  link?: string;
  hidden: boolean;
  query?: string;
}

export function flattenPages(nodes: readonly MenuNode[], trail: PageEntry['trail'] = []): PageEntry[] {
  const out: PageEntry[] = [];
  for (const n of nodes) {
    const here = n.title ? [...trail, { title: n.title, path: n.path, container: n.container }] : trail;
    if (n.children.length) out.push(...flattenPages(n.children, here));
    else if (!n.container || n.external) {
      out.push({ path: n.path, title: n.title, trail: here, external: n.external, link: n.link, hidden: n.hidden, query: n.query });
    }
  }
  return out;
}

/** Top-level entries of the top menu: a '/' Layout wrapper contributes its page. */
export function topMenuItems(nodes: readonly MenuNode[]): MenuNode[] {
  return nodes.filter((n) => !n.hidden).map((n) => (n.path === '/' ? sidebarEntry(n) : n)).filter((n) => !n.hidden && n.title);
}

/** Spec §2: the top menu shows one third of the width divided by the item width; the rest go under More. */
export function topMenuVisibleCount(width: number, itemWidth: number): number {
  return Math.max(0, Math.floor(width / 3 / itemWidth));
}

/** The top-level node a path belongs to (for the top menu's active item and the sidebar it shows). */
export function topLevelOf(nodes: readonly MenuNode[], path: string): MenuNode | undefined {
  const contains = (n: MenuNode): boolean => n.path === path || n.children.some(contains);
  return nodes.find(contains);
}

/** The href of a page inside the console: '/system/post' → '/admin/system/post' (+ its default query). */
export function pageHref(base: string, path: string, query?: string): string {
  if (isHttp(path)) return path;
  const q = query ? toQuery(query) : '';
  return `${base.replace(/\/$/, '')}${path}${q ? `?${q}` : ''}`;
}

/** A menu's query is JSON ('{"id":1}') in ChestnutCMS; a plain query string is accepted too. */
function toQuery(query: string): string {
  try {
    const parsed: unknown = JSON.parse(query);
    if (parsed && typeof parsed === 'object') return new URLSearchParams(Object.entries(parsed).map(([k, v]) => [k, String(v)])).toString();
  } catch {
    /* not JSON */
  }
  return query.replace(/^\?/, '');
}
