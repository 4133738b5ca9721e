/**
 * What the list tables' header and checkboxes do (DataGrid.tsx), apart from React so it is tested
 * on its own: the sort a header click moves to, and the selection a checkbox makes.
 */

export interface GridSort {
  field: string;
  order: 'asc' | 'desc';
}

/**
 * A click on a sortable header: another column starts ascending; the sorted one turns descending,
 * then back to the list's own order (no sort), as PrimeReact's `removableSort` did.
 */
export function nextSort(current: GridSort | null | undefined, field: string): GridSort | null {
  if (!current || current.field !== field) return { field, order: 'asc' };
  return current.order === 'asc' ? { field, order: 'desc' } : null;
}

/** `aria-sort` of a header: what a screen reader announces for the column. */
export function ariaSort(current: GridSort | null | undefined, field: string): 'ascending' | 'descending' | 'none' {
  if (!current || current.field !== field) return 'none';
  return current.order === 'asc' ? 'ascending' : 'descending';
}

type Key = string | number;

/** The selection with `row` added or taken out (rows compare by key: a reloaded page holds new objects). */
export function toggleRow<R>(selection: readonly R[], row: R, keyOf: (row: R) => Key): R[] {
  const key = keyOf(row);
  return selection.some((r) => keyOf(r) === key) ? selection.filter((r) => keyOf(r) !== key) : [...selection, row];
}

/** Whether every row of the page is selected (the header checkbox is ticked); false on an empty page. */
export function allSelected<R>(rows: readonly R[], selection: readonly R[], keyOf: (row: R) => Key): boolean {
  if (!rows.length) return false;
  const keys = new Set(selection.map(keyOf));
  return rows.every((r) => keys.has(keyOf(r)));
}

/** The header checkbox: selects the page's rows, or clears the selection when they all were. */
export function toggleAll<R>(rows: readonly R[], selection: readonly R[], keyOf: (row: R) => Key): R[] {
  return allSelected(rows, selection, keyOf) ? [] : [...rows];
}
