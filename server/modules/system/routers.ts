/**
 * Builds the console's route tree (`/getRouters`) from sys_menu rows. Pure: the caller loads the
 * rows and says which permission keys the user holds and how titles read in their language.
 *
 * Follows ChestnutCMS's RouterVO (shapes.md §5) with these differences, each fixing something
 * a user would notice there:
 * - only enabled (status '0') directories (M) and menus (C) are used; buttons never were routes;
 * - a directory left with no children after the permission filter is dropped, so an editor sees
 *   no empty System or Monitor; one whose children are all hidden is hidden itself, so the pages
 *   stay reachable by URL while the sidebar shows no empty entry;
 * - every route but the top-level Layout wrappers has a name, unique within the tree;
 * - the `#` icon placeholder is left out like any other empty value.
 */

export interface MenuRow {
  menuId: number;
  menuName: string;
  parentId: number;
  orderNum: number;
  path: string;
  component: string | null;
  query: string | null;
  /** Y = external link, opened outside the console */
  isFrame: string;
  isCache: string;
  /** M directory, C menu, F button */
  menuType: string;
  visible: string;
  status: string;
  perms: string | null;
  icon: string;
}

export interface RouterMeta {
  title: string;
  icon?: string;
  noCache: boolean;
  link?: string;
}

export interface RouterVO {
  name?: string;
  path: string;
  hidden: boolean;
  redirect?: string;
  component?: string;
  query?: string;
  alwaysShow?: boolean;
  meta?: RouterMeta;
  children?: RouterVO[];
}

export interface BuildOptions {
  /** whether the user holds this permission key (the admin holds all) */
  can(key: string): boolean;
  /** the row's title in the user's language */
  title(row: MenuRow): string;
}

export const LAYOUT = 'Layout';
export const PARENT_VIEW = 'ParentView';
export const INNER_LINK = 'InnerLink';

const isHttp = (path: string) => /^https?:\/\//i.test(path);
/** A web page shown inside the console (in an iframe). */
const isInnerLink = (m: MenuRow) => m.isFrame !== 'Y' && isHttp(m.path);
/** An external link opens in a new tab; its path stays the URL. */
const isExternal = (m: MenuRow) => m.isFrame === 'Y' && isHttp(m.path);

/** http://www.example.com:8080/a.b → example/com/8080/a/b: an inner link's route path. */
export const innerLinkPath = (url: string) =>
  url.replace(/^https?:\/\//i, '').replace(/^www\./i, '').replace(/[.:]/g, '/');

const capitalise = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);
/** system/user/index → SystemUserIndex; log-menus → LogMenus */
const pascal = (s: string) => s.split(/[^A-Za-z0-9]+/).filter(Boolean).map(capitalise).join('');

/** A menu is shown when it needs no permission or the user holds one of its (comma-separated) keys. */
function permitted(m: MenuRow, can: BuildOptions['can']): boolean {
  const keys = (m.perms ?? '').split(',').map((k) => k.trim()).filter(Boolean);
  return keys.length === 0 || keys.some((k) => can(k));
}

interface Node {
  row: MenuRow;
  children: Node[];
  hidden: boolean;
}

/** Filters, links and prunes the rows into a tree of nodes, siblings sorted by order_num. */
function tree(rows: MenuRow[], can: BuildOptions['can']): Node[] {
  const kept = rows.filter((m) => (m.menuType === 'M' || m.menuType === 'C') && m.status === '0' && permitted(m, can));
  const byParent = new Map<number, MenuRow[]>();
  for (const m of kept) byParent.set(m.parentId, [...(byParent.get(m.parentId) ?? []), m]);
  const grow = (parentId: number, seen: Set<number>): Node[] => {
    const level = [...(byParent.get(parentId) ?? [])].sort((a, b) => a.orderNum - b.orderNum || a.menuId - b.menuId);
    const out: Node[] = [];
    for (const row of level) {
      if (seen.has(row.menuId)) continue; // a parent cycle in hand-edited data must not loop forever
      const hiddenSelf = row.visible === 'N';
      if (row.menuType !== 'M') {
        out.push({ row, children: [], hidden: hiddenSelf });
        continue;
      }
      const children = grow(row.menuId, new Set([...seen, row.menuId]));
      if (children.length === 0) continue;
      out.push({ row, children, hidden: hiddenSelf || children.every((c) => c.hidden) });
    }
    return out;
  };
  return grow(0, new Set());
}

/** The route tree for one user. */
export function buildRouters(rows: MenuRow[], opts: BuildOptions): RouterVO[] {
  const names = new Set<string>();
  const uniqueName = (base: string, m: MenuRow) => {
    let name = base || `Menu${m.menuId}`;
    if (names.has(name)) name = `${name}${m.menuId}`;
    names.add(name);
    return name;
  };
  const meta = (m: MenuRow): RouterMeta =>
    strip({
      title: opts.title(m),
      icon: m.icon && m.icon !== '#' ? m.icon : undefined,
      noCache: m.isCache === 'N',
      link: isHttp(m.path) ? m.path : undefined,
    });

  const toRoute = (n: Node, top: boolean): RouterVO => {
    const m = n.row;
    if (m.menuType === 'M') {
      return strip({
        name: uniqueName(pascal(m.path), m),
        path: top ? `/${m.path.replace(/^\/+/, '')}` : m.path,
        hidden: n.hidden,
        redirect: 'noRedirect',
        component: top ? LAYOUT : PARENT_VIEW,
        query: m.query ?? undefined,
        alwaysShow: true,
        meta: meta(m),
        children: n.children.map((c) => toRoute(c, false)),
      });
    }
    if (isExternal(m)) {
      // As ChestnutCMS sends it, so consoles written for either server open it the same way.
      return strip({ name: uniqueName(pascal(innerLinkPath(m.path)), m), path: m.path, hidden: n.hidden, component: m.component || LAYOUT, meta: meta(m) });
    }
    const inner = isInnerLink(m);
    const page: RouterVO = strip({
      name: uniqueName(pascal(inner ? innerLinkPath(m.path) : m.component || m.path), m),
      path: inner ? innerLinkPath(m.path) : m.path,
      hidden: n.hidden,
      component: inner ? INNER_LINK : m.component || LAYOUT,
      query: m.query ?? undefined,
      meta: meta(m),
    });
    // A top-level page still needs the shell around it: a Layout at '/' holding just this page.
    if (top) return { path: '/', hidden: n.hidden, component: LAYOUT, children: [page] };
    return page;
  };

  return tree(rows, opts.can).map((n) => toRoute(n, true));
}

/** Leaves out undefined, null and '' (RouterVO is NON_EMPTY), but keeps `hidden: false`. */
function strip<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null && v !== '')) as T;
}
