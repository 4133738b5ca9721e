import type { CatalogRow } from './present.ts';

/**
 * A site's catalog tree, loaded once per render session: lookups by id and alias, children in
 * their sort order, subtrees. Every catalog tag and every content link reads it instead of the
 * database, so a page's navigation costs no query.
 */
export class CatalogIndex {
  readonly byId = new Map<number, CatalogRow>();
  readonly byAlias = new Map<string, CatalogRow>();
  private readonly children = new Map<number, CatalogRow[]>();

  constructor(rows: CatalogRow[]) {
    const sorted = [...rows].sort((a, b) => a.sortFlag - b.sortFlag || a.catalogId - b.catalogId);
    for (const c of sorted) {
      this.byId.set(c.catalogId, c);
      this.byAlias.set(c.alias.toLowerCase(), c);
      const list = this.children.get(c.parentId);
      if (list) list.push(c);
      else this.children.set(c.parentId, [c]);
    }
  }

  get(id: number): CatalogRow | undefined {
    return this.byId.get(id);
  }

  alias(alias: string): CatalogRow | undefined {
    return this.byAlias.get(alias.toLowerCase());
  }

  /** Direct children of a catalog (0: the top level), in sort order. */
  childrenOf(parentId: number): CatalogRow[] {
    return this.children.get(parentId) ?? [];
  }

  /** The catalog and everything below it, depth first in sort order. */
  subtree(root: CatalogRow): CatalogRow[] {
    const out: CatalogRow[] = [];
    const walk = (c: CatalogRow) => {
      out.push(c);
      for (const child of this.childrenOf(c.catalogId)) walk(child);
    };
    walk(root);
    return out;
  }

  /** Listed by catalog tags: visible, and not marked "ignored by tags". */
  static listed(c: CatalogRow): boolean {
    return c.visibleFlag === 'Y' && c.tagIgnore !== 'Y';
  }
}
