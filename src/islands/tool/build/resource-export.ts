import type { DesignField } from '../../../../shared/cms/form-design.ts';
import { XMODEL_LIMITS } from '../../../../shared/cms/xmodel.ts';

/**
 * A design as a resource form definition: the `fields` (and their `texts`) of a `defineResource`
 * (docs/add-a-screen.md), written as TypeScript to paste into `shared/resources/<area>/<name>.ts`.
 * Every name and label goes in as a JSON string literal, so a label holding quotes, a comment's end
 * or a script stays text in the file.
 */

const str = (s: string) => JSON.stringify(s);
const keyOf = (code: string) => (/^[A-Za-z_$][\w$]*$/.test(code) ? code : str(code));
const set = (n: number | null | undefined): n is number => typeof n === 'number' && Number.isFinite(n);

/** The zod chain of a text value: trimmed, its lengths and pattern, required or optional. */
function textInput(f: DesignField, cap: number): string {
  const required = f.required === 'Y';
  let z = 'z.string().trim()';
  const min = set(f.minLength) ? f.minLength : required ? 1 : 0;
  if (min > 0) z += `.min(${min}, v('${required && min === 1 ? 'required' : 'tooShort'}'))`;
  z += `.max(${Math.min(set(f.maxLength) ? f.maxLength : cap, cap)}, v('tooLong'))`;
  if (f.pattern) z += `.regex(new RegExp(${str(`^(?:${f.pattern})$`)}, 'u'), v('xPattern'))`;
  return required ? z : `${z}.optional()`;
}

/** One field's definition: kind, input, form presence, initial value, list column and filter. */
function fieldDef(f: DesignField): string {
  const required = f.required === 'Y';
  const opt = (z: string) => (required ? z : `${z}.optional()`);
  const parts: string[] = [];
  switch (f.fieldType) {
    case 'number': {
      let z = 'z.coerce.number().finite(v(\'xNumber\'))';
      if (set(f.minValue)) z += `.min(${f.minValue}, v('range', { min: ${f.minValue}, max: ${set(f.maxValue) ? f.maxValue : 'Number.MAX_SAFE_INTEGER'} }))`;
      if (set(f.maxValue)) z += `.max(${f.maxValue}, v('range', { min: ${set(f.minValue) ? f.minValue : '-Number.MAX_SAFE_INTEGER'}, max: ${f.maxValue} }))`;
      parts.push("kind: 'number'", `input: ${opt(z)}`);
      break;
    }
    case 'date':
      parts.push("kind: 'datetime'", `input: ${opt("z.string().regex(/^\\d{4}-\\d{2}-\\d{2}$/, v('xDate'))")}`);
      break;
    case 'select':
    case 'radio':
      parts.push("kind: 'dict'", `dict: ${str(f.dictType ?? '')}`, `input: ${opt('z.string()')}`);
      break;
    case 'checkbox':
      parts.push("kind: 'dict'", `dict: ${str(f.dictType ?? '')}`, 'multiple: true', `input: z.array(z.string()).max(${XMODEL_LIMITS.checkboxMax})${required ? ".min(1, v('required'))" : '.default([])'}`);
      break;
    case 'switch':
      parts.push("kind: 'dict'", "dict: 'YesOrNo'", `input: z.enum(['Y', 'N']).default(${str(f.defaultValue === 'Y' ? 'Y' : 'N')})`);
      break;
    case 'image':
      parts.push("kind: 'image'", `input: ${textInput(f, 500)}`);
      break;
    case 'richtext':
      // A resource form has no rich-text input: a textarea holding the HTML.
      parts.push("kind: 'textarea'", `input: ${textInput(f, XMODEL_LIMITS.richTextMax)}`);
      break;
    case 'textarea':
      parts.push("kind: 'textarea'", `input: ${textInput(f, XMODEL_LIMITS.textMax)}`);
      break;
    default:
      // text, and file (its address)
      parts.push("kind: 'text'", `input: ${textInput(f, f.fieldType === 'file' ? 500 : XMODEL_LIMITS.textMax)}`);
  }
  const long = f.fieldType === 'richtext' || f.fieldType === 'textarea';
  if (!long) parts.push('column: true');
  if (f.searchable === 'Y') parts.push(f.fieldType === 'text' || long ? "filter: 'like'" : "filter: 'eq'");
  parts.push('form: true');
  if (f.defaultValue && f.fieldType !== 'switch') parts.push(`initial: ${f.fieldType === 'number' && set(Number(f.defaultValue)) ? Number(f.defaultValue) : str(f.defaultValue)}`);
  return `    ${keyOf(f.code)}: { ${parts.join(', ')} },`;
}

/** The TypeScript text: imports, `fields` and `texts.fields` (the label in the three languages, to translate). */
export function resourceDefinitionText(name: string, fields: readonly DesignField[]): string {
  const labels = fields.map((f) => `      ${keyOf(f.code)}: { 'zh-CN': ${str(f.label)}, 'zh-TW': ${str(f.label)}, en: ${str(f.label)} },`);
  return [
    '// Written by the Form Builder (Tools → Form Builder) from the design:',
    `// ${str(name).replace(/\*\//g, '*\\/')}`,
    "// Paste into a defineResource({ name, api, id, perms, fields, texts, … }) (docs/add-a-screen.md).",
    "import { z } from 'zod';",
    "import { v } from '../../validators/issues.ts';",
    '',
    'export const designedFields = {',
    ...fields.map(fieldDef),
    '} as const;',
    '',
    'export const designedTexts = {',
    '  fields: {',
    ...labels,
    '  },',
    '} as const;',
    '',
  ].join('\n');
}
