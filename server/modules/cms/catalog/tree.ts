import { and, asc, eq, isNull } from 'drizzle-orm';
import type { OpContext, SiteOp } from '../../../core/operation.ts';
import { allBits, permBit, permsIn, type CatalogPerm } from '../../../../shared/cms/perms.ts';
import { chainOf } from './access.ts';
import { cmsCatalog } from './schema.ts';

/** A node of the catalog tree reply (ChestnutCMS TreeNode). */
export interface CatalogNode {
  id: number;
  parentId: number;
  label: string;
  /** shown for the way to a granted catalog, but not itself open to the user (or a link catalog when asked) */
  disabled: boolean;
  props: { alias: string; path: string; catalogType: string; visibleFlag: string; staticFlag: string; treeLevel: number; childCount: number };
  /** the reader's rights on it (a grant covers the subtree), so the console offers only what the server allows */
  perms: CatalogPerm[];
  children?: CatalogNode[];
}

/**
 * The current site's live catalogs as a tree, in sibling order. A user sees the catalogs they may
 * view, plus, greyed, the catalogs above them (so the tree keeps its shape); link catalogs can be
 * greyed on request (pickers of where content goes).
 */
export async function catalogTree(op: SiteOp, rights: Map<number, number> | null, opts: { disableLink?: boolean } = {}): Promise<CatalogNode[]> {
  const rows = await op.tx.select().from(cmsCatalog)
    .where(and(eq(cmsCatalog.siteId, op.site.siteId), isNull(cmsCatalog.deleteTime)))
    .orderBy(asc(cmsCatalog.treeLevel), asc(cmsCatalog.sortFlag), asc(cmsCatalog.catalogId));
  const view = permBit('Catalog', 'View');
  const bitsOf = (id: number) => (rights === null ? allBits('Catalog') : (rights.get(id) ?? 0));
  const viewable = (id: number) => (bitsOf(id) & view) !== 0;
  const shown = new Set<number>();
  for (const r of rows) if (viewable(r.catalogId)) for (const id of chainOf(r.ancestors)) shown.add(id);
  const nodes = new Map<number, CatalogNode>();
  const roots: CatalogNode[] = [];
  for (const r of rows) {
    if (!shown.has(r.catalogId)) continue;
    const node: CatalogNode = {
      id: r.catalogId,
      parentId: r.parentId,
      label: r.name,
      disabled: !viewable(r.catalogId) || (!!opts.disableLink && r.catalogType === 'link'),
      props: { alias: r.alias, path: r.path, catalogType: r.catalogType, visibleFlag: r.visibleFlag, staticFlag: r.staticFlag, treeLevel: r.treeLevel, childCount: r.childCount },
      perms: viewable(r.catalogId) ? permsIn('Catalog', bitsOf(r.catalogId)) : [],
    };
    nodes.set(r.catalogId, node);
    const parent = nodes.get(r.parentId);
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}
