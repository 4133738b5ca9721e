/**
 * Flat rows with a parent id → the nested nodes PrimeReact's Tree, TreeSelect and TreeTable take
 * (key = the row's id as a string). Rows whose parent is not among them become roots, so a
 * data-scoped part of a tree still shows.
 */
export interface TreeNodeOf<R> {
  key: string;
  label: string;
  data: R;
  children: TreeNodeOf<R>[];
}

export function buildTree<R extends Record<string, unknown>>(rows: readonly R[], id: keyof R & string, parent: keyof R & string, label: keyof R & string): TreeNodeOf<R>[] {
  const nodes = new Map<string, TreeNodeOf<R>>();
  for (const r of rows) nodes.set(String(r[id]), { key: String(r[id]), label: String(r[label] ?? ''), data: r, children: [] });
  const roots: TreeNodeOf<R>[] = [];
  for (const r of rows) {
    const node = nodes.get(String(r[id]))!;
    const up = nodes.get(String(r[parent]));
    if (up && up !== node) up.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** Checkbox-tree selection keys from ids: a node is checked when it and all below it are, partly when some are. */
export function checkedKeys<R>(roots: readonly TreeNodeOf<R>[], ids: Iterable<unknown>): Record<string, { checked: boolean; partialChecked: boolean }> {
  const set = new Set([...ids].map(String));
  const out: Record<string, { checked: boolean; partialChecked: boolean }> = {};
  const visit = (n: TreeNodeOf<R>): 'all' | 'some' | 'none' => {
    const kids = n.children.map(visit);
    const self = set.has(n.key);
    const all = self && kids.every((k) => k === 'all');
    const some = self || kids.some((k) => k !== 'none');
    if (all) out[n.key] = { checked: true, partialChecked: false };
    else if (some) out[n.key] = { checked: false, partialChecked: true };
    return all ? 'all' : some ? 'some' : 'none';
  };
  roots.forEach(visit);
  return out;
}

/** The ids a checkbox selection grants: checked and partly checked nodes (a page needs its directory). */
export const idsOfChecked = (keys: Record<string, { checked?: boolean; partialChecked?: boolean }> | null | undefined) =>
  Object.entries(keys ?? {}).filter(([, v]) => v.checked || v.partialChecked).map(([k]) => Number(k));
