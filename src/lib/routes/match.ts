import type { RouteLoader, ComponentEntry, PatternEntry, ServerRoute } from './types.ts';
import { hasAnyPermission, hasAnyRole } from '../auth/permission.ts';

export interface FlatRoute {
  /** absolute path under the base, e.g. '/system/user' */
  path: string;
  component: string;
  title?: string;
}

const LAYOUT_COMPONENTS = new Set(['Layout', 'ParentView', 'InnerLink']);

/**
 * Turns the server's nested route list into paths with their view component (spec §2: children
 * of nested parent views are flattened; layouts, parent views and inner links are not pages).
 */
export function flattenRoutes(routes: ServerRoute[], parent = ''): FlatRoute[] {
  const out: FlatRoute[] = [];
  for (const r of routes) {
    if (r.meta?.link && /^https?:\/\//.test(r.meta.link)) continue;
    const path = joinPath(parent, r.path);
    if (r.component && !LAYOUT_COMPONENTS.has(r.component)) out.push({ path, component: r.component, title: r.meta?.title });
    if (r.children?.length) out.push(...flattenRoutes(r.children, path));
  }
  return out;
}

function joinPath(parent: string, path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  const joined = path.startsWith('/') ? path : `${parent.replace(/\/$/, '')}/${path}`;
  return joined.replace(/\/{2,}/g, '/').replace(/(.)\/$/, '$1') || '/';
}

/** Compiles '/a/:id(\\d+)/b' into a matcher that returns the parameters. */
export function compilePattern(pattern: string): (path: string) => Record<string, string> | null {
  const names: string[] = [];
  const source = pattern
    .split('/')
    .map((seg) => {
      const m = /^:(\w+)(?:\((.+)\))?$/.exec(seg);
      if (!m) return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(m[1]!);
      return `(${m[2] ?? '[^/]+'})`;
    })
    .join('/');
  const re = new RegExp(`^${source}/?$`);
  return (path) => {
    const m = re.exec(path);
    if (!m) return null;
    return Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1]!)]));
  };
}

export type Resolution =
  | { kind: 'component'; entry: ComponentEntry; route: FlatRoute; params: Record<string, string> }
  | { kind: 'pattern'; entry: PatternEntry & { load: RouteLoader }; params: Record<string, string> }
  | { kind: 'forbidden' }
  | { kind: 'none' };

/** Finds what renders `path`: a pattern route the user may open, else a server route whose component is registered. */
export function resolveRoute(
  path: string,
  registry: { components: Record<string, ComponentEntry>; patterns: PatternEntry[] },
  serverRoutes: FlatRoute[],
  grants: { permissions: string[]; roles: string[] },
): Resolution {
  for (const entry of registry.patterns) {
    const params = compilePattern(entry.path)(path);
    if (!params) continue;
    const allowed =
      (!entry.permissions?.length && !entry.roles?.length) ||
      hasAnyPermission(grants.permissions, entry.permissions ?? []) ||
      hasAnyRole(grants.roles, entry.roles ?? []);
    if (!allowed) return { kind: 'forbidden' };
    return entry.load ? { kind: 'pattern', entry: { ...entry, load: entry.load }, params } : { kind: 'none' };
  }
  const route = serverRoutes.find((r) => r.path === path);
  const entry = route && registry.components[route.component];
  if (route && entry) return { kind: 'component', entry, route, params: {} };
  return { kind: 'none' };
}

/** True when nothing is registered: the router can skip asking the server. */
export const registryIsEmpty = (registry: { components: Record<string, ComponentEntry>; patterns: PatternEntry[] }) =>
  registry.patterns.length === 0 && Object.keys(registry.components).length === 0;
