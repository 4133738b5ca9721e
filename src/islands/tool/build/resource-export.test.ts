import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { blankField, type DesignField } from '../../../../shared/cms/form-design.ts';
import { resourceDefinitionText } from './resource-export.ts';

const field = (f: Partial<DesignField> & Pick<DesignField, 'code' | 'fieldType'>): DesignField => ({ ...blankField(f.fieldType, f.code, f.code), ...f });
const DESIGN: DesignField[] = [
  field({ code: 'name', fieldType: 'text', label: 'Name "<script>alert(1)</script>" */', required: 'Y', maxLength: 10, pattern: '[A-Za-z]+', searchable: 'Y' }),
  field({ code: 'age', fieldType: 'number', minValue: 1, maxValue: 120, defaultValue: '18' }),
  field({ code: 'topics', fieldType: 'checkbox', dictType: 'YesOrNo' }),
  field({ code: 'subscribe', fieldType: 'switch', defaultValue: 'Y' }),
  field({ code: 'born', fieldType: 'date' }),
  field({ code: 'bio', fieldType: 'richtext' }),
];

/** The text written to a file beside nothing, its import pointed at the project's validators, and loaded. */
async function load(text: string) {
  const issues = pathToFileURL(fileURLToPath(new URL('../../../../shared/validators/issues.ts', import.meta.url))).href;
  const dir = mkdtempSync(join(tmpdir(), 'form-export-'));
  const file = join(dir, 'designed.ts');
  writeFileSync(file, text.replace("'../../validators/issues.ts'", JSON.stringify(issues)));
  return import(/* @vite-ignore */ pathToFileURL(file).href);
}

describe('the resource form definition export', () => {
  it('writes fields whose inputs apply the design\'s rules, with the labels as text', async () => {
    const text = resourceDefinitionText('Sign-up */ evil', DESIGN);
    const { designedFields: f, designedTexts: t } = await load(text);
    expect(f.name).toMatchObject({ kind: 'text', column: true, filter: 'like', form: true });
    expect(f.name.input.safeParse('Ann').success).toBe(true);
    expect(f.name.input.safeParse('').success).toBe(false);
    expect(f.name.input.safeParse('Ann1').success).toBe(false);
    expect(f.name.input.safeParse('A'.repeat(11)).success).toBe(false);
    expect(f.age.input.safeParse('0').success).toBe(false);
    expect(f.age.input.safeParse(undefined).success).toBe(true);
    expect(f.age.initial).toBe(18);
    expect(f.topics).toMatchObject({ kind: 'dict', dict: 'YesOrNo', multiple: true });
    expect(f.subscribe.input.parse(undefined)).toBe('Y');
    expect(f.born.input.safeParse('2024-02-03').success).toBe(true);
    expect(f.bio.kind).toBe('textarea');
    expect(t.fields.name).toEqual({ 'zh-CN': DESIGN[0]!.label, 'zh-TW': DESIGN[0]!.label, en: DESIGN[0]!.label });
  });
});
