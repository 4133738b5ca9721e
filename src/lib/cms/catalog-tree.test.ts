import { describe, expect, it } from 'vitest';
import { expandTo, filterTree, flatten, keyMoveDrop, pathTo, planDrop, dropPlace, pruneExpanded, ROOT_ID, siblingPlace, stillSelectable, toggleNode, type CatalogNode } from './catalog-tree.ts';

// A tree as the server sends it: News (World (Asia), Local), Sports (Football), About.
let next = 1;
const node = (label: string, parentId: number, children: CatalogNode[] = [], alias = label.toLowerCase()): CatalogNode => {
  const id = next++;
  const n: CatalogNode = { id, parentId, label, disabled: false, props: { alias, path: `${alias}/`, catalogType: 'common', visibleFlag: 'Y', staticFlag: 'Y', treeLevel: 1, childCount: children.length } };
  if (children.length) n.children = children.map((c) => ({ ...c, parentId: id }));
  return n;
};
const asia = node('Asia', 0);
const world = node('World', 0, [asia]);
const local = node('Local', 0, [], 'bendi');
const news = node('News', 0, [world, local]);
const football = node('Football', 0);
const sports = node('Sports', 0, [football]);
const about = node('About', 0);
// Re-link children to their parents' real ids (built bottom-up above).
const fix = (n: CatalogNode, parentId: number): CatalogNode => ({ ...n, parentId, children: n.children?.map((c) => fix(c, n.id)) });
const TREE = [news, sports, about].map((n) => fix(n, 0));
const id = (label: string) => flatten(TREE).find((n) => n.label === label)!.id;
const labels = (nodes: CatalogNode[]): string[] => nodes.flatMap((n) => [n.label, ...labels(n.children ?? []).map((l) => `  ${l}`)]);
const open = (e: Record<string, boolean>) => Object.keys(e).filter((k) => e[k]).map((k) => flatten(TREE).find((n) => String(n.id) === k)!.label).sort();

describe('catalog tree', () => {
  it('keeps a remembered choice only while it is there and not greyed out; the root only where the tree shows it', () => {
    expect(stillSelectable(TREE, id('Asia'), false)).toBe(true);
    expect(stillSelectable(TREE, 9999, true)).toBe(false);
    const greyed = TREE.map((n) => (n.label === 'News' ? { ...n, disabled: true } : n));
    expect(stillSelectable(greyed, id('News'), true)).toBe(false);
    expect(stillSelectable(TREE, ROOT_ID, true)).toBe(true);
    expect(stillSelectable(TREE, ROOT_ID, false)).toBe(false);
  });

  it('finds the way down to a catalog and its place among siblings', () => {
    expect(pathTo(TREE, id('Asia')).map((i) => flatten(TREE).find((n) => n.id === i)!.label)).toEqual(['News', 'World']);
    expect(pathTo(TREE, id('News'))).toEqual([]);
    expect(siblingPlace(TREE, id('Local'))).toEqual({ index: 1, count: 2 });
    expect(siblingPlace(TREE, id('News'))).toEqual({ index: 0, count: 3 });
  });

  it('filters by name, alias or folder, keeping the way to each match and what lies below it', () => {
    const byName = filterTree(TREE, 'asi');
    expect(labels(byName.nodes)).toEqual(['News', '  World', '    Asia']);
    expect(open(byName.expanded)).toEqual(['News', 'World']);
    expect(byName.count).toBe(1);
    // "bendi" is Local's alias; "SPORTS" matches any case and keeps Football below it.
    expect(labels(filterTree(TREE, 'bendi').nodes)).toEqual(['News', '  Local']);
    expect(labels(filterTree(TREE, 'SPORTS').nodes)).toEqual(['Sports', '  Football']);
    expect(filterTree(TREE, 'nothing like it').nodes).toEqual([]);
    expect(filterTree(TREE, '  ').nodes).toHaveLength(3);
  });

  it('opens branches freely in normal mode, one per level in accordion mode', () => {
    let e = toggleNode({}, TREE, id('News'), true, 'normal');
    e = toggleNode(e, TREE, id('Sports'), true, 'normal');
    expect(open(e)).toEqual(['News', 'Sports']);
    let a = toggleNode({}, TREE, id('News'), true, 'accordion');
    a = toggleNode(a, TREE, id('World'), true, 'accordion');
    a = toggleNode(a, TREE, id('Sports'), true, 'accordion');
    // Opening Sports closed News and what was open inside it.
    expect(open(a)).toEqual(['Sports']);
    // Closing a branch in accordion mode closes what was open below it.
    let b = expandTo({}, TREE, id('Asia'), 'accordion');
    expect(open(b)).toEqual(['News', 'World']);
    b = toggleNode(b, TREE, id('News'), false, 'accordion');
    expect(open(b)).toEqual([]);
  });

  it('forgets open branches that left the tree', () => {
    expect(pruneExpanded({ [id('News')]: true, 999: true }, TREE)).toEqual({ [id('News')]: true });
  });

  it('turns a drop into a move and a sort the server understands', () => {
    expect(dropPlace(2, 32)).toBe('before');
    expect(dropPlace(16, 32)).toBe('inside');
    expect(dropPlace(30, 32)).toBe('after');
    // Inside another catalog: a move, appended last.
    expect(planDrop(TREE, id('About'), id('Sports'), 'inside')).toEqual({ moveTo: id('Sports'), sort: 0 });
    // Inside its own parent, or onto itself: nothing to do.
    expect(planDrop(TREE, id('Football'), id('Sports'), 'inside')).toBeNull();
    expect(planDrop(TREE, id('News'), id('News'), 'before')).toBeNull();
    // Among its siblings: a sort only (About is third of three).
    expect(planDrop(TREE, id('About'), id('News'), 'before')).toEqual({ moveTo: null, sort: -2 });
    expect(planDrop(TREE, id('News'), id('About'), 'after')).toEqual({ moveTo: null, sort: 2 });
    expect(planDrop(TREE, id('News'), id('Sports'), 'before')).toBeNull();
    // Before a catalog of another parent: moved there (last of two), then one up.
    expect(planDrop(TREE, id('About'), id('Local'), 'before')).toEqual({ moveTo: id('News'), sort: -1 });
    expect(planDrop(TREE, id('About'), id('Local'), 'after')).toEqual({ moveTo: id('News'), sort: 0 });
    // To the top level through the site root.
    expect(planDrop(TREE, id('Asia'), 0, 'inside')).toEqual({ moveTo: 0, sort: 0 });
    // Under its own child is asked of the server, which refuses it with its reason.
    expect(planDrop(TREE, id('News'), id('World'), 'inside')).toEqual({ moveTo: id('World'), sort: 0 });
  });

  it('turns a keyboard move into the drop it stands for, sent as one: up, down, out of the parent, into the catalog above', () => {
    const plan = (label: string, move: 'up' | 'down' | 'out' | 'in') => {
      const drop = keyMoveDrop(TREE, id(label), move);
      return drop && planDrop(TREE, id(label), drop.targetId, drop.place);
    };
    // Among its siblings: one place up or down, a sort only.
    expect(plan('About', 'up')).toEqual({ moveTo: null, sort: -1 });
    expect(plan('News', 'down')).toEqual({ moveTo: null, sort: 1 });
    // At an end, or already at the top level, or with no catalog above to go into: nothing.
    expect(keyMoveDrop(TREE, id('News'), 'up')).toBeNull();
    expect(keyMoveDrop(TREE, id('About'), 'down')).toBeNull();
    expect(keyMoveDrop(TREE, id('Sports'), 'out')).toBeNull();
    expect(keyMoveDrop(TREE, id('World'), 'in')).toBeNull();
    expect(keyMoveDrop(TREE, 9999, 'up')).toBeNull();
    // Out: right after its old parent (Asia leaves World and follows it under News).
    expect(keyMoveDrop(TREE, id('Asia'), 'out')).toEqual({ targetId: id('World'), place: 'after' });
    expect(plan('Asia', 'out')).toEqual({ moveTo: id('News'), sort: -1 });
    // In: the last child of the catalog above it.
    expect(keyMoveDrop(TREE, id('Local'), 'in')).toEqual({ targetId: id('World'), place: 'inside' });
    expect(plan('Local', 'in')).toEqual({ moveTo: id('World'), sort: 0 });
  });
});
