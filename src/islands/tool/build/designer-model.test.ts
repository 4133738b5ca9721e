import { describe, expect, it } from 'vitest';
import { designerReducer, designFields, duplicateCodes, HISTORY_LIMIT, initialDesigner, uniqueCode, type DesignerAction, type DesignerState } from './designer-model.ts';

const run = (s: DesignerState, ...actions: DesignerAction[]) => actions.reduce(designerReducer, s);
const codes = (s: DesignerState) => s.present.fields.map((f) => f.code);
const keyAt = (s: DesignerState, i: number) => s.present.fields[i]!.key;

describe('the form designer', () => {
  it('adds fields with unique codes, after the selected one, and selects the new one', () => {
    let s = run(initialDesigner(), { type: 'add', kind: 'text', label: 'Text' }, { type: 'add', kind: 'text', label: 'Text' }, { type: 'add', kind: 'number', label: 'Number' });
    expect(codes(s)).toEqual(['text', 'text_2', 'number']);
    expect(s.present.selected).toBe(keyAt(s, 2));
    s = run(s, { type: 'select', key: keyAt(s, 0) }, { type: 'add', kind: 'select', label: 'Select' });
    expect(codes(s)).toEqual(['text', 'select', 'text_2', 'number']);
    expect(s.present.fields[1]).toMatchObject({ fieldType: 'select', dictType: 'YesOrNo', required: 'N', searchable: 'N', label: 'Select' });
    s = run(s, { type: 'add', kind: 'date', label: 'Date', at: 0 });
    expect(codes(s)[0]).toBe('date');
  });

  it('moves a field (clamped at the ends) and removes one, the selection staying in the list', () => {
    let s = run(initialDesigner(), ...(['text', 'number', 'date'] as const).map((kind) => ({ type: 'add', kind, label: kind }) as DesignerAction));
    s = run(s, { type: 'move', key: keyAt(s, 2), to: 0 });
    expect(codes(s)).toEqual(['date', 'text', 'number']);
    s = run(s, { type: 'move', key: keyAt(s, 0), to: 99 });
    expect(codes(s)).toEqual(['text', 'number', 'date']);
    const same = run(s, { type: 'move', key: keyAt(s, 0), to: -5 });
    expect(same).toBe(s); // already first: nothing to undo
    s = run(s, { type: 'select', key: keyAt(s, 1) }, { type: 'remove', key: keyAt(s, 1) });
    expect(codes(s)).toEqual(['text', 'date']);
    expect(s.present.selected).toBe(keyAt(s, 1));
    s = run(s, { type: 'remove', key: keyAt(s, 1) });
    expect(s.present.selected).toBe(keyAt(s, 0));
  });

  it('updates properties; a new kind clears the rules it has not and a choice gets a dictionary', () => {
    let s = run(initialDesigner(), { type: 'add', kind: 'text', label: 'Name' });
    const key = keyAt(s, 0);
    s = run(s, { type: 'update', key, patch: { maxLength: 20, pattern: '[a-z]+', required: 'Y' } });
    expect(s.present.fields[0]).toMatchObject({ maxLength: 20, pattern: '[a-z]+', required: 'Y' });
    s = run(s, { type: 'update', key, patch: { fieldType: 'radio' } });
    expect(s.present.fields[0]).toMatchObject({ fieldType: 'radio', maxLength: null, pattern: null, required: 'Y', dictType: 'YesOrNo' });
    s = run(s, { type: 'update', key, patch: { dictType: 'sys_user_sex' } }, { type: 'update', key, patch: { fieldType: 'number' } });
    expect(s.present.fields[0]).toMatchObject({ fieldType: 'number', dictType: null });
  });

  it('undoes and redoes every change; typing one property is one step; a new change drops the redo', () => {
    let s = run(initialDesigner(), { type: 'add', kind: 'text', label: 'Text' });
    const key = keyAt(s, 0);
    s = run(s, ...['A', 'Au', 'Aut', 'Author'].map((label) => ({ type: 'update', key, patch: { label } }) as DesignerAction));
    s = run(s, { type: 'update', key, patch: { code: 'author' } }, { type: 'add', kind: 'number', label: 'Pages' });
    expect(codes(s)).toEqual(['author', 'number']);
    s = run(s, { type: 'undo' });
    expect(codes(s)).toEqual(['author']);
    s = run(s, { type: 'undo' });
    expect(s.present.fields[0]).toMatchObject({ code: 'text', label: 'Author' });
    s = run(s, { type: 'undo' });
    expect(s.present.fields[0]!.label).toBe('Text');
    s = run(s, { type: 'redo' }, { type: 'redo' });
    expect(s.present.fields[0]).toMatchObject({ code: 'author', label: 'Author' });
    expect(s.future).toHaveLength(1);
    s = run(s, { type: 'remove', key });
    expect(s.future).toHaveLength(0);
    expect(run(s, { type: 'redo' })).toBe(s);
    // Selecting is no change: nothing to undo.
    const selected = run(initialDesigner(), { type: 'select', key: 'x' });
    expect(selected.past).toHaveLength(0);
  });

  it('keeps at most HISTORY_LIMIT steps and 50 fields', () => {
    let s = initialDesigner();
    for (let i = 0; i < 60; i++) s = run(s, { type: 'add', kind: 'text', label: `T${i}` });
    expect(s.present.fields).toHaveLength(50);
    for (let i = 0; i < 120; i++) s = run(s, { type: 'move', key: keyAt(s, 0), to: 49 });
    expect(s.past).toHaveLength(HISTORY_LIMIT);
  });

  it('loads a document with a fresh history and gives back its fields without canvas keys', () => {
    const s = run(initialDesigner(), { type: 'add', kind: 'text', label: 'Old' }, { type: 'load', fields: [{ fieldId: 7, label: 'Kept', code: 'kept', fieldType: 'switch', required: 'N', searchable: 'Y', defaultValue: 'Y' }] });
    expect(s.past).toHaveLength(0);
    expect(designFields(s.present)).toEqual([{ fieldId: 7, label: 'Kept', code: 'kept', fieldType: 'switch', required: 'N', searchable: 'Y', defaultValue: 'Y' }]);
    expect(s.present.selected).toBe(keyAt(s, 0));
    const two = run(s, { type: 'load', fields: [...designFields(s.present), ...designFields(s.present)], at: 1 });
    expect(two.present.selected).toBe(keyAt(two, 1));
  });

  it('finds duplicate codes and makes codes unique', () => {
    let s = run(initialDesigner(), { type: 'add', kind: 'text', label: 'A' }, { type: 'add', kind: 'text', label: 'B' });
    expect(duplicateCodes(s.present.fields).size).toBe(0);
    s = run(s, { type: 'update', key: keyAt(s, 1), patch: { code: 'text' } });
    expect([...duplicateCodes(s.present.fields)].sort()).toEqual([keyAt(s, 0), keyAt(s, 1)].sort());
    expect(uniqueCode('text', [{ code: 'text' }, { code: 'text_2' }])).toBe('text_3');
  });
});
