/**
 * The catalog tree's behaviour, free of any UI library (the component in
 * src/components/cms/CatalogTree.tsx draws it with PrimeReact): the nodes GET /cms/catalog/treeData
 * sends, filtering, which branches are open (normal or accordion, spec §9), and what a drop on a
 * node asks of the server.
 */

import type { CatalogPerm } from '../../../shared/cms/perms.ts';

/** A node of GET /cms/catalog/treeData (server/modules/cms/catalog/tree.ts). */
export interface CatalogNode {
  id: number;
  parentId: number;
  label: string;
  /** shown to keep the way to a granted catalog, but not itself open to the user (or a link catalog when asked) */
  disabled: boolean;
  props: { alias: string; path: string; catalogType: string; visibleFlag: string; staticFlag: string; treeLevel: number; childCount: number };
  /** the reader's rights on it (absent from a backend that does not say: then the server alone decides) */
  perms?: CatalogPerm[];
  children?: CatalogNode[];
}

/** The site itself, above the top-level catalogs: choosing it means "the whole site" or "the top level". */
export const ROOT_ID = 0;

export type ExpandMode = 'normal' | 'accordion';
/** Open branches by id, as PrimeReact's expandedKeys. */
export type Expanded = Readonly<Record<string, boolean>>;

/** Every node, depth first in tree order. */
export function flatten(nodes: readonly CatalogNode[]): CatalogNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
}

export function findNode(nodes: readonly CatalogNode[], id: number): CatalogNode | undefined {
  for (const n of nodes) {
    if (n.id === id) return n;
    const hit = findNode(n.children ?? [], id);
    if (hit) return hit;
  }
  return undefined;
}

/**
 * Whether `id` can (still) be the chosen catalog in `nodes`: the site root where the tree shows it,
 * or a catalog that is there and not greyed out (another desk's parent). A remembered choice that
 * is not falls back to the screen's default.
 */
export function stillSelectable(nodes: readonly CatalogNode[], id: number, showRoot: boolean): boolean {
  if (id === ROOT_ID) return showRoot;
  const node = findNode(nodes, id);
  return !!node && !node.disabled;
}

/** The ids above `id`, from the top level down (empty for a top-level catalog or an unknown id). */
export function pathTo(nodes: readonly CatalogNode[], id: number): number[] {
  for (const n of nodes) {
    if (n.children && findNode(n.children, id)) return [n.id, ...pathTo(n.children, id)];
  }
  return [];
}

/** The children of `parentId` (the top level for ROOT_ID). */
export function childrenOf(nodes: readonly CatalogNode[], parentId: number): readonly CatalogNode[] {
  if (parentId === ROOT_ID) return nodes;
  return findNode(nodes, parentId)?.children ?? [];
}

/** Where a catalog stands among its siblings: up is possible unless first, down unless last. */
export function siblingPlace(nodes: readonly CatalogNode[], id: number): { index: number; count: number } {
  const node = findNode(nodes, id);
  if (!node) return { index: -1, count: 0 };
  const siblings = childrenOf(nodes, node.parentId);
  return { index: siblings.findIndex((s) => s.id === id), count: siblings.length };
}

const matches = (n: CatalogNode, q: string) => n.label.toLowerCase().includes(q) || n.props.alias.toLowerCase().includes(q) || n.props.path.toLowerCase().includes(q);

/**
 * The tree narrowed to catalogs whose name, alias or folder contains `query` (any case), with the
 * catalogs above them so they stay in place, and everything below a match (so a matching branch
 * can still be walked). `expanded` opens the way to every match.
 */
export function filterTree(nodes: readonly CatalogNode[], query: string): { nodes: CatalogNode[]; expanded: Record<string, boolean>; count: number } {
  const q = query.trim().toLowerCase();
  if (!q) return { nodes: [...nodes], expanded: {}, count: flatten(nodes).length };
  const expanded: Record<string, boolean> = {};
  let count = 0;
  const walk = (list: readonly CatalogNode[]): CatalogNode[] =>
    list.flatMap((n) => {
      if (matches(n, q)) {
        count++;
        return [n];
      }
      const kept = walk(n.children ?? []);
      if (!kept.length) return [];
      expanded[String(n.id)] = true;
      return [{ ...n, children: kept }];
    });
  const kept = walk(nodes);
  return { nodes: kept, expanded, count };
}

/** Every descendant of `node` (not itself). */
const descendants = (node: CatalogNode): CatalogNode[] => flatten(node.children ?? []);

/**
 * The open branches after `id` is opened or closed. In accordion mode opening a branch closes its
 * siblings (and what was open below them), so one path is open at each level; closing a branch
 * closes what was open below it in either mode, so it opens again as it was first seen.
 */
export function toggleNode(expanded: Expanded, nodes: readonly CatalogNode[], id: number, open: boolean, mode: ExpandMode): Record<string, boolean> {
  const next: Record<string, boolean> = { ...expanded };
  const node = findNode(nodes, id);
  if (!node) return next;
  if (!open) {
    delete next[String(id)];
    if (mode === 'accordion') for (const d of descendants(node)) delete next[String(d.id)];
    return next;
  }
  if (mode === 'accordion') {
    for (const s of childrenOf(nodes, node.parentId)) {
      if (s.id === id) continue;
      delete next[String(s.id)];
      for (const d of descendants(s)) delete next[String(d.id)];
    }
  }
  next[String(id)] = true;
  return next;
}

/** Opens the way down to `id` (a selection restored after a reload, a catalog just added). */
export function expandTo(expanded: Expanded, nodes: readonly CatalogNode[], id: number, mode: ExpandMode): Record<string, boolean> {
  return pathTo(nodes, id).reduce<Record<string, boolean>>((acc, above) => toggleNode(acc, nodes, above, true, mode), { ...expanded });
}

/** Branches no longer in the tree are forgotten (after a delete or a move). */
export function pruneExpanded(expanded: Expanded, nodes: readonly CatalogNode[]): Record<string, boolean> {
  const ids = new Set(flatten(nodes).map((n) => String(n.id)));
  return Object.fromEntries(Object.entries(expanded).filter(([k, v]) => v && ids.has(k)));
}

/** Where on a node a dragged catalog lands: the top quarter before it, the bottom quarter after it, else inside it. */
export type DropPlace = 'before' | 'inside' | 'after';
export function dropPlace(offsetY: number, height: number): DropPlace {
  if (height <= 0) return 'inside';
  if (offsetY < height / 4) return 'before';
  if (offsetY > (height * 3) / 4) return 'after';
  return 'inside';
}

/**
 * What a drop asks of the server: `moveTo`, the new parent when it changes (ROOT_ID = the top
 * level), then `sort`, the signed offset among the new siblings (positive moves down, spec §4) that
 * puts it before or after the target. A moved catalog arrives last among its new siblings (the
 * server appends it). Null when the drop changes nothing. A drop under the catalog's own subtree
 * is planned like any other: the server refuses it and says why.
 */
export function planDrop(nodes: readonly CatalogNode[], dragId: number, targetId: number, place: DropPlace): { moveTo: number | null; sort: number } | null {
  const drag = findNode(nodes, dragId);
  if (!drag || dragId === targetId) return null;
  if (targetId === ROOT_ID || place === 'inside') {
    const parent = targetId === ROOT_ID ? ROOT_ID : targetId;
    return parent === drag.parentId ? null : { moveTo: parent, sort: 0 };
  }
  const target = findNode(nodes, targetId);
  if (!target) return null;
  const parent = target.parentId;
  const siblings = childrenOf(nodes, parent);
  const others = siblings.filter((s) => s.id !== dragId);
  const at = others.findIndex((s) => s.id === targetId) + (place === 'after' ? 1 : 0);
  const same = parent === drag.parentId;
  const from = same ? siblings.findIndex((s) => s.id === dragId) : others.length;
  const sort = at - from;
  if (same && sort === 0) return null;
  return { moveTo: same ? null : parent, sort };
}

/** A move made from the keyboard (issue 28): among the siblings, out to the level above, into the catalog above. */
export type KeyMove = 'up' | 'down' | 'out' | 'in';

/**
 * The drop a keyboard move stands for, so it goes to the server as a drop would (`planDrop`): up
 * before the previous sibling, down after the next one, out after its parent, in as the last child
 * of the previous sibling. Null when there is nowhere to go (first, last, already at the top level).
 */
export function keyMoveDrop(nodes: readonly CatalogNode[], id: number, move: KeyMove): { targetId: number; place: DropPlace } | null {
  const node = findNode(nodes, id);
  if (!node) return null;
  const siblings = childrenOf(nodes, node.parentId);
  const at = siblings.findIndex((s) => s.id === id);
  const before = siblings[at - 1];
  const after = siblings[at + 1];
  switch (move) {
    case 'up':
      return before ? { targetId: before.id, place: 'before' } : null;
    case 'down':
      return after ? { targetId: after.id, place: 'after' } : null;
    case 'out':
      return node.parentId !== ROOT_ID && findNode(nodes, node.parentId) ? { targetId: node.parentId, place: 'after' } : null;
    case 'in':
      return before ? { targetId: before.id, place: 'inside' } : null;
  }
}
