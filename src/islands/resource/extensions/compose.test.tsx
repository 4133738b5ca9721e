import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import type { ScreenApi } from '../types.ts';
import { composeExtensions } from './compose.tsx';

const api = { selection: [], reload() {}, create() {} } as unknown as ScreenApi;

describe('composeExtensions', () => {
  it('puts toolbars side by side, merges renderers and leaves out what no part has', async () => {
    const x = composeExtensions(
      { toolbar: () => <b>clean</b>, columns: { a: () => 'A1' }, formVisible: (n) => n !== 'x' },
      { toolbar: () => <i>unlock</i>, columns: { b: () => 'B' }, selectable: true, formVisible: (n) => n !== 'y', formInit: async (_m, v) => ({ ...v, extra: 1 }) },
    );
    expect(renderToStaticMarkup(<>{x.toolbar!(api)}</>)).toBe('<b>clean</b><i>unlock</i>');
    expect(Object.keys(x.columns!)).toEqual(['a', 'b']);
    expect(x.selectable).toBe(true);
    expect(['x', 'y', 'z'].filter((n) => x.formVisible!(n, {}, 'create'))).toEqual(['z']);
    expect(await x.formInit!('create', { a: 1 })).toEqual({ a: 1, extra: 1 });
    expect('rowActions' in x || 'aside' in x || 'fields' in x || 'tree' in x).toBe(false);
  });

  it('takes the first edit page and delete question, and runs every after-delete step', () => {
    const done: string[] = [];
    const x = composeExtensions(
      { confirmRemove: (rows) => `delete ${rows.length}?`, afterRemove: () => done.push('picker') },
      { edit: (row) => done.push(`edit ${String(row.id)}`), confirmRemove: () => 'other', afterRemove: () => done.push('cache') },
    );
    expect(x.confirmRemove!([{ id: 1 }, { id: 2 }])).toBe('delete 2?');
    x.edit!({ id: 7 }, api);
    x.afterRemove!([{ id: 7 }], api);
    expect(done).toEqual(['edit 7', 'picker', 'cache']);
    expect('edit' in composeExtensions({}, {})).toBe(false);
  });
});
