/**
 * The state of a grant grid (issue 9 §2, issue 10 §3): one row per object (a site, or a catalog
 * of a tree), one column per right, for one owner (a role or a user). What the owner holds on a
 * row is their own grant there, or inherited: from their own grant on a row above (a catalog's
 * grant covers its subtree), or from outside the grid (their roles, catalogs above those listed).
 * Only the owner's own grants change here, and only the rights the acting user may give.
 *
 * Pure data, no UI library: the grid component draws it, the tests drive it.
 */

/** One right of one object, as GET /cms/perms/<key> sends it. */
export interface GrantCellIn {
  granted: boolean;
  inherited: boolean;
  /** the acting user holds this right here, so may give or take it */
  editable: boolean;
  /** it reaches the owner from outside the grid */
  external?: boolean;
}

/** One object of the reply: `<key>Id`, its parent in a tree, its name and its rights. */
export interface GrantRowIn {
  id: number;
  parentId?: number;
  name: string;
  perms: Record<string, GrantCellIn>;
}

export interface GridRow {
  id: number;
  name: string;
  /** the parent's id when the parent is a row of this grid */
  parent: number | null;
  depth: number;
  hasChildren: boolean;
}

/** Bits below are indexes into `perms` (the grid's columns), not the server's bit numbers. */
export interface GrantGrid {
  perms: readonly string[];
  /** depth-first: a parent before its children, siblings in the order received */
  rows: readonly GridRow[];
  own: ReadonlyMap<number, number>;
  initial: ReadonlyMap<number, number>;
  editable: ReadonlyMap<number, number>;
  external: ReadonlyMap<number, number>;
}

export type CellStatus = 'own' | 'inherited' | 'off';

export interface CellState {
  status: CellStatus;
  /** the box can be clicked: the acting user holds this right, and it is not merely inherited */
  editable: boolean;
  /** for an inherited right: the nearest row above granting it, or null when it comes from outside */
  from: GridRow | null;
}

/** What a select-all box shows, and what a click on it does (null: nothing, so it is disabled). */
export interface AllState {
  checked: boolean;
  indeterminate: boolean;
  disabled: boolean;
  action: 'give' | 'take' | null;
}

const bit = (i: number) => 1 << i;

function bitsOf(perms: readonly string[], cells: Record<string, GrantCellIn>, pick: (c: GrantCellIn) => boolean | undefined): number {
  return perms.reduce((acc, p, i) => (cells[p] && pick(cells[p]) ? acc | bit(i) : acc), 0);
}

/** A grid from the server's reply; rows whose parent is not listed become top rows. */
export function grantGrid(perms: readonly string[], input: readonly GrantRowIn[]): GrantGrid {
  const ids = new Set(input.map((r) => r.id));
  const children = new Map<number | null, GrantRowIn[]>();
  for (const r of input) {
    const parent = r.parentId !== undefined && ids.has(r.parentId) && r.parentId !== r.id ? r.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), r]);
  }
  const rows: GridRow[] = [];
  const seen = new Set<number>();
  const walk = (parent: number | null, depth: number) => {
    for (const r of children.get(parent) ?? []) {
      if (seen.has(r.id)) continue;
      seen.add(r.id);
      rows.push({ id: r.id, name: r.name, parent, depth, hasChildren: (children.get(r.id)?.length ?? 0) > 0 });
      walk(r.id, depth + 1);
    }
  };
  walk(null, 0);
  const map = (pick: (c: GrantCellIn) => boolean | undefined) => new Map(input.map((r) => [r.id, bitsOf(perms, r.perms, pick)]));
  const own = map((c) => c.granted);
  return { perms, rows, own, initial: own, editable: map((c) => c.editable), external: map((c) => c.external) };
}

/** Per row: the bits it inherits (from outside, and from the owner's own grants on rows above). */
export function inheritedBits(grid: GrantGrid): Map<number, number> {
  const above = new Map<number, number>();
  const out = new Map<number, number>();
  for (const r of grid.rows) {
    const fromAbove = r.parent === null ? 0 : (above.get(r.parent) ?? 0) | (grid.own.get(r.parent) ?? 0);
    above.set(r.id, fromAbove);
    out.set(r.id, fromAbove | (grid.external.get(r.id) ?? 0));
  }
  return out;
}

const rowById = (grid: GrantGrid) => new Map(grid.rows.map((r) => [r.id, r]));

/** One cell as the grid draws it. `inherited` is `inheritedBits(grid)`, computed once per drawing. */
export function cellState(grid: GrantGrid, inherited: ReadonlyMap<number, number>, id: number, perm: string, rows = rowById(grid)): CellState {
  const b = bit(grid.perms.indexOf(perm));
  const own = ((grid.own.get(id) ?? 0) & b) !== 0;
  const inh = ((inherited.get(id) ?? 0) & b) !== 0;
  const editable = ((grid.editable.get(id) ?? 0) & b) !== 0;
  if (own) return { status: 'own', editable, from: null };
  if (!inh) return { status: 'off', editable, from: null };
  let up = rows.get(id)?.parent ?? null;
  while (up !== null && ((grid.own.get(up) ?? 0) & b) === 0) up = rows.get(up)?.parent ?? null;
  return { status: 'inherited', editable: false, from: up === null ? null : (rows.get(up) ?? null) };
}

function withOwn(grid: GrantGrid, changes: Map<number, number>): GrantGrid {
  if (![...changes].some(([id, bits]) => bits !== (grid.own.get(id) ?? 0))) return grid;
  return { ...grid, own: new Map([...grid.own, ...changes]) };
}

/** Gives or takes one right on one row; nothing happens when the acting user may not. */
export function toggleCell(grid: GrantGrid, id: number, perm: string, on: boolean): GrantGrid {
  const b = bit(grid.perms.indexOf(perm));
  if (((grid.editable.get(id) ?? 0) & b) === 0) return grid;
  const own = grid.own.get(id) ?? 0;
  return withOwn(grid, new Map([[id, on ? own | b : own & ~b]]));
}

const allBits = (grid: GrantGrid) => bit(grid.perms.length) - 1;

/**
 * A click gives what is missing; when everything is held, or nothing missing is the acting user's
 * to give, it takes back what is theirs to take.
 */
function allState(on: number, total: number, canGive: boolean, canTake: boolean): AllState {
  const checked = total > 0 && on === total;
  const action = !checked && canGive ? 'give' : canTake ? 'take' : null;
  return { checked, indeterminate: on > 0 && !checked, disabled: action === null, action };
}

/** A row's select-all box: ticked when the owner holds every right there (own or inherited). */
export function rowState(grid: GrantGrid, inherited: ReadonlyMap<number, number>, id: number): AllState {
  const own = grid.own.get(id) ?? 0;
  const held = own | (inherited.get(id) ?? 0);
  const editable = grid.editable.get(id) ?? 0;
  const count = (bits: number) => grid.perms.filter((_, i) => (bits & bit(i)) !== 0).length;
  return allState(count(held), grid.perms.length, (editable & ~held) !== 0, (own & editable) !== 0);
}

/** Gives every right the acting user may on a row that lacks some, or takes back theirs (see `allState`). */
export function toggleRow(grid: GrantGrid, inherited: ReadonlyMap<number, number>, id: number): GrantGrid {
  const { action } = rowState(grid, inherited, id);
  if (!action) return grid;
  const own = grid.own.get(id) ?? 0;
  const editable = grid.editable.get(id) ?? 0;
  const held = own | (inherited.get(id) ?? 0);
  return withOwn(grid, new Map([[id, action === 'take' ? own & ~editable : own | (editable & ~held & allBits(grid))]]));
}

/** A column's select-all box: ticked when every row holds that right. */
export function columnState(grid: GrantGrid, inherited: ReadonlyMap<number, number>, perm: string): AllState {
  const b = bit(grid.perms.indexOf(perm));
  let on = 0;
  let canGive = false;
  let canTake = false;
  for (const r of grid.rows) {
    const own = ((grid.own.get(r.id) ?? 0) & b) !== 0;
    const held = own || ((inherited.get(r.id) ?? 0) & b) !== 0;
    const editable = ((grid.editable.get(r.id) ?? 0) & b) !== 0;
    if (held) on += 1;
    if (editable && !held) canGive = true;
    if (editable && own) canTake = true;
  }
  return allState(on, grid.rows.length, canGive, canTake);
}

/**
 * Gives a right on every row lacking it, or takes it from every row (see `allState`). Giving goes top-down and
 * grants only where the right is not already inherited, so in a tree it lands on the highest rows
 * the acting user may grant on, and their subtrees inherit it.
 */
export function toggleColumn(grid: GrantGrid, inherited: ReadonlyMap<number, number>, perm: string): GrantGrid {
  const { action } = columnState(grid, inherited, perm);
  if (!action) return grid;
  const b = bit(grid.perms.indexOf(perm));
  const editable = (id: number) => ((grid.editable.get(id) ?? 0) & b) !== 0;
  const changes = new Map<number, number>();
  if (action === 'take') {
    for (const r of grid.rows) if (editable(r.id)) changes.set(r.id, (grid.own.get(r.id) ?? 0) & ~b);
    return withOwn(grid, changes);
  }
  // Rows given the right here cover their subtrees: track them while walking parents first.
  const covered = new Set<number>();
  for (const r of grid.rows) {
    const own = grid.own.get(r.id) ?? 0;
    const fromAbove = r.parent !== null && covered.has(r.parent);
    const held = fromAbove || ((own | (inherited.get(r.id) ?? 0)) & b) !== 0;
    if (!held && editable(r.id)) changes.set(r.id, own | b);
    if (fromAbove || (own & b) !== 0 || changes.has(r.id)) covered.add(r.id);
  }
  return withOwn(grid, changes);
}

/** Rows whose own grants changed since loading, as the POST body's `perms` entries want them. */
export function changedRows(grid: GrantGrid): { id: number; perms: Record<string, { granted: boolean }> }[] {
  return grid.rows
    .filter((r) => (grid.own.get(r.id) ?? 0) !== (grid.initial.get(r.id) ?? 0))
    .map((r) => ({ id: r.id, perms: Object.fromEntries(grid.perms.map((p, i) => [p, { granted: ((grid.own.get(r.id) ?? 0) & bit(i)) !== 0 }])) }));
}

export const isDirty = (grid: GrantGrid | null | undefined): boolean => !!grid && changedRows(grid).length > 0;

/** The rows a reader sees: those whose every row above is expanded. */
export function visibleRows(grid: GrantGrid, collapsed: ReadonlySet<number>): GridRow[] {
  const hidden = new Set<number>();
  return grid.rows.filter((r) => {
    if (r.parent !== null && (hidden.has(r.parent) || collapsed.has(r.parent))) {
      hidden.add(r.id);
      return false;
    }
    return true;
  });
}
