import type { KeyboardEvent } from 'react';

/**
 * The grant grid's keyboard (issue 28, the WAI-ARIA grid pattern): the grid is one Tab stop; the
 * arrow keys go from cell to cell (the header's select-all boxes, the row names with their
 * expanders, every box, greyed ones included so they can say why), Home and End to the first and
 * last cell of the row, Ctrl+Home and Ctrl+End to the first and last cell of the grid, Page Up and
 * Page Down ten rows; Space ticks a box, Enter or Space opens or closes a catalog's row.
 * A cell's stop is its box or button, or the cell itself when it holds neither.
 */

export interface GridMove {
  rows?: number;
  cols?: number;
  row?: 'first' | 'last';
  col?: 'first' | 'last';
}
export interface GridStop {
  /** the row's `data-grid-row`: 'head' or the object's id */
  row: string;
  col: number;
}

const PAGE = 10;

/** Which way a key moves in the grid, or null for a key the grid leaves alone. */
export function gridMove(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): GridMove | null {
  if (e.altKey || e.shiftKey || e.metaKey) return null;
  const ctrl = e.ctrlKey;
  switch (e.key) {
    case 'ArrowRight':
      return ctrl ? null : { cols: 1 };
    case 'ArrowLeft':
      return ctrl ? null : { cols: -1 };
    case 'ArrowDown':
      return ctrl ? null : { rows: 1 };
    case 'ArrowUp':
      return ctrl ? null : { rows: -1 };
    case 'Home':
      return ctrl ? { row: 'first', col: 'first' } : { col: 'first' };
    case 'End':
      return ctrl ? { row: 'last', col: 'last' } : { col: 'last' };
    case 'PageDown':
      return ctrl ? null : { rows: PAGE };
    case 'PageUp':
      return ctrl ? null : { rows: -PAGE };
    default:
      return null;
  }
}

const cellOf = (el: Element | null) => el?.closest<HTMLTableCellElement>('th, td') ?? null;
const stopIn = (cell: HTMLTableCellElement): HTMLElement => cell.querySelector<HTMLElement>('input, button') ?? cell;
const clamp = (n: number, max: number) => Math.max(0, Math.min(max, n));
const where = (cell: HTMLTableCellElement): GridStop => ({ row: (cell.parentElement as HTMLTableRowElement).dataset.gridRow ?? '', col: cell.cellIndex });

/** Moves the focus from `from`'s cell as `to` says; returns the new stop. */
export function moveStop(table: HTMLTableElement, from: Element, to: GridMove): GridStop | null {
  const cell = cellOf(from);
  if (!cell || !table.contains(cell)) return null;
  const rows = [...table.rows];
  const at = rows.indexOf(cell.parentElement as HTMLTableRowElement);
  const r = to.row === 'first' ? 0 : to.row === 'last' ? rows.length - 1 : clamp(at + (to.rows ?? 0), rows.length - 1);
  const cells = rows[r]!.cells;
  const c = to.col === 'first' ? 0 : to.col === 'last' ? cells.length - 1 : clamp(cell.cellIndex + (to.cols ?? 0), cells.length - 1);
  const target = cells[c]!;
  stopIn(target).focus();
  return where(target);
}

/**
 * Makes one cell's stop the grid's Tab stop and every other -1: the focused cell's if `focused`
 * is in the grid, else `want`'s (when its row is still drawn), else the first box of the first row.
 * Returns the stop chosen.
 */
export function syncStops(table: HTMLTableElement, want: GridStop | null, focused?: EventTarget | null): GridStop | null {
  const rows = [...table.rows];
  const focusedCell = focused instanceof Element ? cellOf(focused) : null;
  let cell = focusedCell && table.contains(focusedCell) ? focusedCell : null;
  if (!cell && want) cell = rows.find((r) => r.dataset.gridRow === want.row)?.cells[want.col] ?? null;
  cell ??= rows[1]?.cells[2] ?? rows[0]?.cells[0] ?? null;
  if (!cell) return null;
  const stop = stopIn(cell);
  for (const row of rows) for (const c of row.cells) stopIn(c).tabIndex = -1;
  stop.tabIndex = 0;
  return where(cell);
}
