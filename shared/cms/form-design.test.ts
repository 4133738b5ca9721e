import { describe, expect, it } from 'vitest';
import { blankField, designJson, parseDesignFieldPath, parseDesignJson, propsOf, storedShape, type DesignField } from './form-design.ts';

describe('form designs as JSON', () => {
  it('exports every property and imports them back unchanged, without ids', () => {
    const fields: DesignField[] = [
      { ...blankField('text', 'name', 'Name'), fieldId: 9, required: 'Y', minLength: 2, maxLength: 40, pattern: '[a-z]+', searchable: 'Y', defaultValue: 'ann' },
      { ...blankField('number', 'age', 'Age'), minValue: 0.5, maxValue: 99 },
      { ...blankField('checkbox', 'topics', 'Topics'), dictType: 'sys_yes_no' },
    ];
    const back = parseDesignJson(designJson('Sign-up', fields));
    expect(back?.name).toBe('Sign-up');
    expect(back?.fields).toEqual(fields.map((f) => storedShape(f)));
    expect(back?.fields[0]).not.toHaveProperty('fieldId');
  });

  it('refuses what is not a design: another format, an unknown kind, too many fields, not JSON', () => {
    expect(parseDesignJson('{')).toBeNull();
    expect(parseDesignJson(JSON.stringify({ format: 'other', version: 1, fields: [] }))).toBeNull();
    expect(parseDesignJson(JSON.stringify({ format: 'castanea.form-design', version: 1, fields: [{ label: 'a', code: 'a', fieldType: 'script' }] }))).toBeNull();
    const many = Array.from({ length: 51 }, (_, i) => ({ label: `a${i}`, code: `a${i}`, fieldType: 'text' }));
    expect(parseDesignJson(JSON.stringify({ format: 'castanea.form-design', version: 1, fields: many }))).toBeNull();
  });

  it('offers each kind only its rules, and reads where a refusal points', () => {
    expect(propsOf('number')).toContain('minValue');
    expect(propsOf('number')).not.toContain('pattern');
    expect(propsOf('radio')).toContain('dictType');
    expect(propsOf('switch')).not.toContain('maxLength');
    expect(parseDesignFieldPath('fields.3.code')).toEqual({ index: 3, prop: 'code' });
    expect(parseDesignFieldPath('code')).toBeNull();
  });
});
