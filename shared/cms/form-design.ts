import { z } from 'zod';
import { id } from '../validators/common.ts';
export { FORM_BUILDER_PERM } from './form-builder-key.ts';
import { XFIELD_CHOICE_TYPES, XFIELD_TYPES, XMODEL_LIMITS, type XField, type XFieldType } from './xmodel.ts';

/**
 * The Form Builder's designs (Tools → Form Builder): a list of extension-model fields in order,
 * exactly the properties a stored cms_xmodel_field row has, so a design is saved as a model's
 * fields (or a custom form's model) and read back unchanged. Shared by the console (designer,
 * JSON import/export, the resource-definition export) and the server (the design routes' bodies).
 */

/** Every property of a field a design holds, in the order the property panel and the JSON list them. */
export const DESIGN_PROPS = ['label', 'code', 'fieldType', 'required', 'dictType', 'minLength', 'maxLength', 'pattern', 'minValue', 'maxValue', 'defaultValue', 'searchable'] as const;
export type DesignProp = (typeof DESIGN_PROPS)[number];

/** A field of a design: a stored field keeps its id (saved as an update, not a new field). */
export interface DesignField extends XField {
  fieldId?: number;
  searchable: string;
}

/** Which rules apply to a kind: lengths and pattern to texts, a range to numbers, a dictionary to choices. */
export const propsOf = (kind: XFieldType): readonly DesignProp[] => DESIGN_PROPS.filter((p) => {
  if (p === 'dictType') return XFIELD_CHOICE_TYPES.includes(kind);
  if (p === 'minLength' || p === 'maxLength') return kind === 'text' || kind === 'textarea' || kind === 'richtext';
  if (p === 'pattern') return kind === 'text' || kind === 'textarea';
  if (p === 'minValue' || p === 'maxValue') return kind === 'number';
  return true;
});

/** A new field of a kind, its code and label given (the designer makes the code unique). */
export function blankField(kind: XFieldType, code: string, label: string): DesignField {
  return {
    label, code, fieldType: kind, required: 'N', dictType: XFIELD_CHOICE_TYPES.includes(kind) ? 'YesOrNo' : null,
    minLength: null, maxLength: null, pattern: null, minValue: null, maxValue: null, defaultValue: null, searchable: 'N',
  };
}

/** A field as the field routes store it: its design properties, nothing else (the order is its place). */
export function storedShape(f: DesignField): Record<DesignProp, unknown> {
  return Object.fromEntries(DESIGN_PROPS.map((p) => [p, f[p] ?? (p === 'required' || p === 'searchable' ? 'N' : null)])) as Record<DesignProp, unknown>;
}

/** A row of the field routes (GET /xmodel/field/list) as a design field: its id and properties. */
export function fromStored(row: Record<string, unknown>): DesignField {
  const num = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));
  const text = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));
  return {
    fieldId: Number(row.fieldId),
    label: String(row.label ?? ''), code: String(row.code ?? ''), fieldType: String(row.fieldType) as XFieldType,
    required: row.required === 'Y' ? 'Y' : 'N', searchable: row.searchable === 'Y' ? 'Y' : 'N',
    dictType: text(row.dictType), minLength: num(row.minLength), maxLength: num(row.maxLength), pattern: text(row.pattern),
    minValue: num(row.minValue), maxValue: num(row.maxValue), defaultValue: text(row.defaultValue),
  };
}

/** The JSON a design is exported as (and imported from): its fields' properties, no ids. */
export const DESIGN_JSON_FORMAT = 'castanea.form-design';
export function designJson(name: string, fields: readonly DesignField[]): string {
  return `${JSON.stringify({ format: DESIGN_JSON_FORMAT, version: 1, name, fields: fields.map(storedShape) }, null, 2)}\n`;
}

const nullableNumber = z.union([z.number().finite(), z.null()]).optional();
const nullableText = (max: number) => z.union([z.string().max(max), z.null()]).optional();
/** The shape an imported file must have; each field is then checked by the field routes' own rules. */
const importedDesign = z.object({
  format: z.literal(DESIGN_JSON_FORMAT),
  version: z.literal(1),
  name: z.string().max(100).optional(),
  fields: z.array(z.object({
    label: z.string().max(50), code: z.string().max(50), fieldType: z.enum(XFIELD_TYPES),
    required: z.enum(['Y', 'N']).default('N'), searchable: z.enum(['Y', 'N']).default('N'),
    dictType: nullableText(100), minLength: nullableNumber, maxLength: nullableNumber, pattern: nullableText(XMODEL_LIMITS.patternMax),
    minValue: nullableNumber, maxValue: nullableNumber, defaultValue: nullableText(500),
  })).max(XMODEL_LIMITS.fieldsPerModel),
});

/** A design read from an exported JSON text; null when it is not one (wrong format, kind or size). */
export function parseDesignJson(text: string): { name: string; fields: DesignField[] } | null {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  const r = importedDesign.safeParse(raw);
  if (!r.success) return null;
  return { name: r.data.name ?? '', fields: r.data.fields.map((f) => ({ ...blankField(f.fieldType, f.code, f.label), ...f }) as DesignField) };
}

/** The design routes' bodies: fields are checked one by one by the field definition's schema (errors name their place). */
const designFields = z.array(z.record(z.string(), z.unknown())).max(XMODEL_LIMITS.fieldsPerModel, 'v:tooMany|{"max":50}');
/** PUT /cms/exmodel/design: a stored model's fields replaced by the design's, in its order. */
export const saveDesignBody = z.object({ modelId: id(), fields: designFields });
/** POST /cms/exmodel/design (a new model) and /cms/customform/design (a new form and its model). */
export const newDesignBody = z.object({ model: z.record(z.string(), z.unknown()), fields: designFields });

/** Where a refusal of a design's field points: `fields.<index>.<property>` (the reply's `data.field`). */
export const designFieldPath = (index: number, prop: string) => `fields.${index}.${prop}`;
export function parseDesignFieldPath(path: unknown): { index: number; prop: string } | null {
  const m = typeof path === 'string' ? /^fields\.(\d+)\.(\w*)$/.exec(path) : null;
  return m ? { index: Number(m[1]), prop: m[2]! } : null;
}
