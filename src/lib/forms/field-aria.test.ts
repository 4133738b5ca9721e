import { describe, expect, it } from 'vitest';
import { fieldAria, joinIds, mergeAria } from './field-aria.ts';

describe("a field's ARIA attributes from its row", () => {
  it('says nothing for a plain, valid field', () => {
    expect(fieldAria({ id: 'f', invalid: false, required: false, hinted: false })).toEqual({});
  });

  it('points at the hint of a valid field, and says it is required', () => {
    expect(fieldAria({ id: 'field-ttl', invalid: false, required: true, hinted: true })).toEqual({ 'aria-required': true, 'aria-describedby': 'field-ttl-hint' });
  });

  it('marks an invalid field and describes it by its error, then its hint', () => {
    expect(fieldAria({ id: 'field-name', invalid: true, required: true, hinted: true })).toEqual({
      'aria-invalid': true,
      'aria-required': true,
      'aria-describedby': 'field-name-error field-name-hint',
    });
  });

  it('joins descriptions without repeats or blanks', () => {
    expect(joinIds('a b', undefined, 'b c', '')).toBe('a b c');
    expect(joinIds(undefined, '')).toBeUndefined();
  });

  it("lets a widget's own attributes win where given", () => {
    const row = fieldAria({ id: 'x', invalid: true, required: true, hinted: false });
    expect(mergeAria(row, {})).toEqual(row);
    expect(mergeAria(row, { 'aria-required': false, 'aria-describedby': 'own' })).toEqual({ 'aria-invalid': true, 'aria-describedby': 'x-error own' });
    expect(mergeAria({}, { 'aria-required': true, 'aria-invalid': false })).toEqual({ 'aria-required': true });
  });
});
