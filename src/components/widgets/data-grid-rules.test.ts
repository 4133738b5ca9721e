import { describe, expect, it } from 'vitest';
import { allSelected, ariaSort, nextSort, toggleAll, toggleRow } from './data-grid-rules.ts';

describe('list table header and checkboxes', () => {
  it('a sortable header cycles ascending, descending, then the list order', () => {
    const asc = nextSort(null, 'postSort');
    expect(asc).toEqual({ field: 'postSort', order: 'asc' });
    const desc = nextSort(asc, 'postSort');
    expect(desc).toEqual({ field: 'postSort', order: 'desc' });
    expect(nextSort(desc, 'postSort')).toBeNull();
    // Another column starts over, ascending.
    expect(nextSort(desc, 'createTime')).toEqual({ field: 'createTime', order: 'asc' });
    expect([ariaSort(asc, 'postSort'), ariaSort(desc, 'postSort'), ariaSort(desc, 'createTime')]).toEqual(['ascending', 'descending', 'none']);
  });

  it('a row checkbox adds or removes that row, matched by key', () => {
    const key = (r: { id: number }) => r.id;
    const a = { id: 1 };
    const b = { id: 2 };
    expect(toggleRow([], a, key)).toEqual([a]);
    // The same row from a reloaded page (another object) is taken out.
    expect(toggleRow([a, b], { id: 1 }, key)).toEqual([b]);
  });

  it('the header checkbox selects the page, or clears it when all were selected', () => {
    const key = (r: { id: number }) => r.id;
    const rows = [{ id: 1 }, { id: 2 }];
    expect(allSelected(rows, [rows[0]!], key)).toBe(false);
    expect(toggleAll(rows, [rows[0]!], key)).toEqual(rows);
    expect(allSelected(rows, [{ id: 2 }, { id: 1 }], key)).toBe(true);
    expect(toggleAll(rows, rows, key)).toEqual([]);
    expect(allSelected([], [], key)).toBe(false);
  });
});
