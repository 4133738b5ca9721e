import { z } from 'zod';
import type { FieldIssue } from '../validators/issues.ts';

/**
 * Extension models (ChestnutCMS /xmodel, /cms/exmodel): a site's own fields added to its site,
 * catalogs, contents or custom forms. The rules of a field's value live here, so the console's
 * Extend tab and the server (editor saves, a custom form's public submit) refuse the same values
 * with the same messages.
 */

/** The kinds of field a model offers (ChestnutCMS's control types). */
export const XFIELD_TYPES = ['text', 'textarea', 'richtext', 'number', 'date', 'select', 'radio', 'checkbox', 'image', 'file', 'switch'] as const;
export type XFieldType = (typeof XFIELD_TYPES)[number];
/** Kinds whose value is one (or, checkbox, several) of a dictionary's values. */
export const XFIELD_CHOICE_TYPES: readonly XFieldType[] = ['select', 'radio', 'checkbox'];
/** What a model is for: the site, its catalogs, its contents, or a custom form's entries. */
export const XMODEL_TARGETS = ['site', 'catalog', 'content', 'form'] as const;
export type XModelTarget = (typeof XMODEL_TARGETS)[number];
/** The content types a content model may be limited to. */
export const XMODEL_CONTENT_TYPES = ['article', 'image', 'audio', 'video', 'book'] as const;

/** Bounds of a model and of one value, whatever a field declares (a value is stored in a JSON row). */
export const XMODEL_LIMITS = { fieldsPerModel: 50, textMax: 2000, richTextMax: 100_000, patternMax: 200, checkboxMax: 50 } as const;

/** A field as both sides know it (the stored cms_xmodel_field row, without its bookkeeping). */
export interface XField {
  code: string;
  label: string;
  fieldType: XFieldType;
  /** 'Y': a value is needed */
  required: string;
  minLength?: number | null;
  maxLength?: number | null;
  /** a regular expression a text value must match (whole value) */
  pattern?: string | null;
  minValue?: number | null;
  maxValue?: number | null;
  /** the dictionary whose values a choice field offers */
  dictType?: string | null;
  /** 'Y': the content list searches by it */
  searchable?: string;
  defaultValue?: string | null;
}

export type XValues = Record<string, unknown>;
/** The values each choice field's dictionary offers, by dictionary type. */
export type XOptions = Readonly<Record<string, readonly string[]>>;
/** Turns a submitted rich text into the HTML stored (the server sanitizes; the console keeps it). */
export type RichTextCleaner = (html: string) => string;

const DATE = /^\d{4}-\d{2}-\d{2}(?: \d{2}:\d{2}(?::\d{2})?)?$/;
/** A calendar date that exists (Date would roll 2023-02-30 over into March) and a real time of day. */
function realDate(s: string): boolean {
  const [y, m, d, hh = 0, mm = 0, ss = 0] = s.split(/[- :]/).map(Number) as [number, number, number, number?, number?, number?];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d && hh < 24 && mm < 60 && ss < 60;
}

/** A pattern an admin typed: a bad one matches nothing rather than throwing on every submit. */
function patternOf(source: string): RegExp | null {
  try {
    return new RegExp(`^(?:${source})$`, 'u');
  } catch {
    return null;
  }
}

/** Validates a pattern when a field is saved (the field form's refusal). */
export const isValidPattern = (source: string) => source.length <= XMODEL_LIMITS.patternMax && patternOf(source) !== null;

const isBlank = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * One field's value checked and normalised: its issue (field = the field's label, so a message
 * names it as the admin called it) or the value to store. Blank values are stored as null.
 */
function checkOne(f: XField, raw: unknown, options: XOptions, clean?: RichTextCleaner): { issue?: FieldIssue; value?: unknown } {
  const at = (key: string, params: Record<string, unknown> = {}) => ({ issue: { field: f.label, key, params } });
  if (isBlank(raw)) return f.required === 'Y' && f.fieldType !== 'switch' ? at('required') : { value: f.fieldType === 'switch' ? 'N' : null };
  switch (f.fieldType) {
    case 'number': {
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^-?\d+(\.\d+)?$/.test(raw.trim()) ? Number(raw) : NaN;
      if (!Number.isFinite(n)) return at('xNumber');
      const min = f.minValue ?? -Number.MAX_SAFE_INTEGER;
      const max = f.maxValue ?? Number.MAX_SAFE_INTEGER;
      if (n < min || n > max) return at('range', { min, max });
      return { value: n };
    }
    case 'date':
      if (typeof raw !== 'string' || !DATE.test(raw) || !realDate(raw)) return at('xDate');
      return { value: raw };
    case 'switch':
      if (raw !== 'Y' && raw !== 'N' && raw !== true && raw !== false) return at('invalid');
      return { value: raw === true || raw === 'Y' ? 'Y' : 'N' };
    case 'select':
    case 'radio':
    case 'checkbox': {
      const list = f.fieldType === 'checkbox' ? (Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : [raw]) : [raw];
      if (list.length > XMODEL_LIMITS.checkboxMax) return at('tooMany', { max: XMODEL_LIMITS.checkboxMax });
      const allowed = options[f.dictType ?? ''] ?? [];
      const bad = list.find((v) => typeof v !== 'string' || !allowed.includes(v));
      if (bad !== undefined) return at('xOption', { value: String(bad).slice(0, 50) });
      return { value: f.fieldType === 'checkbox' ? [...new Set(list as string[])] : list[0] };
    }
    default: {
      if (typeof raw !== 'string') return at('invalid');
      const rich = f.fieldType === 'richtext';
      const value = rich ? (clean ? clean(raw) : raw) : raw.trim();
      const cap = rich ? XMODEL_LIMITS.richTextMax : XMODEL_LIMITS.textMax;
      const max = Math.min(f.maxLength ?? cap, cap);
      const min = f.minLength ?? 0;
      if (value.length > max) return at('tooLong', { max });
      if (value.length < min) return at('tooShort', { min });
      if (!rich && f.pattern && !patternOf(f.pattern)?.test(value)) return at('xPattern');
      if (rich && f.required === 'Y' && !value.replace(/<[^>]*>/g, '').trim() && !/<img\b/i.test(value)) return at('required');
      return { value };
    }
  }
}

/**
 * Every field of a model checked against `input`: the issues (first field first, in the model's
 * order) and the values to store, keyed by field code. Keys that are no field's are dropped.
 */
export function checkXValues(fields: readonly XField[], input: XValues, options: XOptions, clean?: RichTextCleaner): { issues: FieldIssue[]; values: XValues } {
  const issues: FieldIssue[] = [];
  const values: XValues = {};
  for (const f of fields) {
    const r = checkOne(f, input[f.code], options, clean);
    if (r.issue) issues.push(r.issue);
    else values[f.code] = r.value;
  }
  return { issues, values };
}

/** The body of an Extend tab's save: values by field code (each checked by checkXValues). */
export const xValuesBody = z.record(z.string().max(50), z.unknown()).refine((o) => Object.keys(o).length <= XMODEL_LIMITS.fieldsPerModel, { message: 'v:tooMany|{"max":50}' });

/** The dictionary types a model's choice fields use (to load their values once). */
export const dictTypesOf = (fields: readonly XField[]) => [...new Set(fields.filter((f) => XFIELD_CHOICE_TYPES.includes(f.fieldType) && f.dictType).map((f) => f.dictType!))];
