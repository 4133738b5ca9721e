import { describe, expect, it } from 'vitest';
import { cellState, changedRows, columnState, grantGrid, inheritedBits, isDirty, rowState, toggleCell, toggleColumn, toggleRow, visibleRows, type GrantCellIn, type GrantGrid, type GrantRowIn } from './grant-grid.ts';

const PERMS = ['View', 'Edit', 'Delete'] as const;
type P = (typeof PERMS)[number];

/** A row of the reply: `granted` / `editable` / `external` rights by name (everything editable unless listed). */
function row(id: number, name: string, o: { parentId?: number; granted?: P[]; editable?: P[]; external?: P[] } = {}): GrantRowIn {
  const perms: Record<string, GrantCellIn> = {};
  for (const p of PERMS) {
    perms[p] = { granted: !!o.granted?.includes(p), inherited: false, editable: o.editable ? o.editable.includes(p) : true, ...(o.external?.includes(p) ? { external: true } : {}) };
  }
  return { id, name, parentId: o.parentId, perms };
}

/** News (1) > World (2) > Asia (3); Sports (4). */
const tree = (o: Partial<Record<number, Parameters<typeof row>[2]>> = {}) =>
  grantGrid(PERMS, [
    row(1, 'News', { ...o[1] }),
    row(4, 'Sports', { ...o[4] }),
    row(2, 'World', { parentId: 1, ...o[2] }),
    row(3, 'Asia', { parentId: 2, ...o[3] }),
  ]);

/** Each row as `name: V E D` with `x` own, `~` inherited, `.` off (and `!` for a box the actor cannot click). */
function picture(grid: GrantGrid): string[] {
  const inh = inheritedBits(grid);
  return grid.rows.map((r) => `${'  '.repeat(r.depth)}${r.name}: ${grid.perms.map((p) => {
    const c = cellState(grid, inh, r.id, p);
    return (c.status === 'own' ? 'x' : c.status === 'inherited' ? '~' : '.') + (c.editable || c.status === 'inherited' ? '' : '!');
  }).join(' ')}`);
}

describe('grant grid', () => {
  it('orders a tree parents first and lets a parent\'s grant show as inherited below it', () => {
    const g = tree({ 1: { granted: ['View'] }, 2: { granted: ['Edit'] } });
    expect(picture(g)).toEqual([
      'News: x . .',
      '  World: ~ x .',
      '    Asia: ~ ~ .',
      'Sports: . . .',
    ]);
    const inh = inheritedBits(g);
    expect(cellState(g, inh, 3, 'View').from?.name).toBe('News');
    expect(cellState(g, inh, 3, 'Edit').from?.name).toBe('World');
  });

  it('redraws inheritance when a parent\'s grant is given or taken', () => {
    let g = tree();
    g = toggleCell(g, 1, 'Delete', true);
    expect(picture(g)).toEqual(['News: . . x', '  World: . . ~', '    Asia: . . ~', 'Sports: . . .']);
    g = toggleCell(g, 1, 'Delete', false);
    expect(picture(g)).toEqual(['News: . . .', '  World: . . .', '    Asia: . . .', 'Sports: . . .']);
    expect(isDirty(g)).toBe(false);
  });

  it('shows rights from outside the grid as inherited, with no row to name', () => {
    const g = tree({ 2: { external: ['View'] }, 3: { external: ['View'] } });
    const inh = inheritedBits(g);
    expect(picture(g)).toEqual(['News: . . .', '  World: ~ . .', '    Asia: ~ . .', 'Sports: . . .']);
    expect(cellState(g, inh, 2, 'View')).toEqual({ status: 'inherited', editable: false, from: null });
  });

  it('keeps bits the actor does not hold as they are: no click, no select-all changes them', () => {
    let g = tree({ 1: { granted: ['Delete'], editable: ['View', 'Edit'] }, 4: { editable: ['View'] } });
    expect(picture(g)[0]).toBe('News: . . x!');
    expect(picture(g)[3]).toBe('Sports: . .! .!');
    g = toggleCell(g, 1, 'Delete', false);
    g = toggleCell(g, 4, 'Edit', true);
    expect(isDirty(g)).toBe(false);
    // Row select-all on News gives View and Edit (Delete is already there); a second click takes only those.
    const inh = () => inheritedBits(g);
    g = toggleRow(g, inh(), 1);
    expect(picture(g)[0]).toBe('News: x x x!');
    expect(rowState(g, inh(), 1)).toEqual({ checked: true, indeterminate: false, disabled: false, action: 'take' });
    g = toggleRow(g, inh(), 1);
    expect(picture(g)[0]).toBe('News: . . x!');
    // Delete: nobody lacking it may give it in the column, nor take it from News; the column box is off limits.
    expect(columnState(g, inh(), 'Delete')).toEqual({ checked: false, indeterminate: true, disabled: true, action: null });
    expect(toggleColumn(g, inh(), 'Delete')).toBe(g);
  });

  it('row select-all: indeterminate when partly held, disabled when all is inherited', () => {
    const g = tree({ 1: { granted: ['View', 'Edit', 'Delete'] }, 4: { granted: ['View'] } });
    const inh = inheritedBits(g);
    expect(rowState(g, inh, 4)).toEqual({ checked: false, indeterminate: true, disabled: false, action: 'give' });
    expect(rowState(g, inh, 2)).toEqual({ checked: true, indeterminate: false, disabled: true, action: null });
    expect(toggleRow(g, inh, 2)).toBe(g);
  });

  it('row select-all takes back when nothing missing is the actor\'s to give', () => {
    let g = tree({ 4: { granted: ['View'], editable: ['View'] } });
    expect(rowState(g, inheritedBits(g), 4)).toEqual({ checked: false, indeterminate: true, disabled: false, action: 'take' });
    g = toggleRow(g, inheritedBits(g), 4);
    expect(picture(g)[3]).toBe('Sports: . .! .!');
  });

  it('column select-all grants on the highest rows only, and takes from every row', () => {
    let g = tree({ 2: { granted: ['View'] }, 1: { editable: ['Edit'] } });
    g = toggleColumn(g, inheritedBits(g), 'View');
    // News may not be given View by this actor: its children get it instead (World already has it), and Sports.
    expect(picture(g)).toEqual(['News: .! . .!', '  World: x . .', '    Asia: ~ . .', 'Sports: x . .']);
    expect(columnState(g, inheritedBits(g), 'View')).toEqual({ checked: false, indeterminate: true, disabled: false, action: 'take' });
    g = toggleColumn(g, inheritedBits(g), 'Edit');
    expect(picture(g).map((l) => l.split(' ').at(-2))).toEqual(['x', '~', '~', 'x']);
    expect(columnState(g, inheritedBits(g), 'Edit')).toEqual({ checked: true, indeterminate: false, disabled: false, action: 'take' });
    g = toggleColumn(g, inheritedBits(g), 'Edit');
    expect(picture(g).map((l) => l.split(' ').at(-2))).toEqual(['.', '.', '.', '.']);
  });

  it('sends only changed rows, each with all its rights', () => {
    let g = tree({ 2: { granted: ['View'] } });
    g = toggleCell(g, 2, 'Edit', true);
    g = toggleCell(g, 4, 'View', true);
    g = toggleCell(g, 4, 'View', false);
    expect(changedRows(g)).toEqual([{ id: 2, perms: { View: { granted: true }, Edit: { granted: true }, Delete: { granted: false } } }]);
  });

  it('makes rows whose parent is not listed top rows, and hides the subtree of a collapsed row', () => {
    const g = grantGrid(PERMS, [row(2, 'World', { parentId: 1 }), row(3, 'Asia', { parentId: 2 }), row(5, 'Tech', { parentId: 9 })]);
    expect(g.rows.map((r) => [r.name, r.depth, r.parent, r.hasChildren])).toEqual([['World', 0, null, true], ['Asia', 1, 2, false], ['Tech', 0, null, false]]);
    expect(visibleRows(g, new Set([2])).map((r) => r.name)).toEqual(['World', 'Tech']);
  });
});
