import type { z } from 'zod';
import type { FieldDef, FieldVariants, ResourceDef } from './define.ts';

/**
 * Variant fields (FieldDef.variants): a JSON field whose sub-fields depend on another field's
 * value. Validation (schemas.ts), form defaults and the handling of secrets derive from the shapes,
 * on the server and in the console alike. No UI or database code here, nor Zod at run time.
 */

type Row = Record<string, unknown>;
type Shape = Readonly<Record<string, FieldDef>>;
export type VariantField = [name: string, field: FieldDef & { variants: FieldVariants }];

/** The values a shape's sub-fields hold once validated. */
export type ShapeValues<F extends Shape> = { [K in keyof F]: F[K]['input'] extends z.ZodType ? z.output<F[K]['input']> : never };

/** The sub-fields of the shape that `value` picks; none for an unknown value. */
export const shapeOf = (variants: FieldVariants, value: unknown): Shape =>
  typeof value === 'string' && Object.hasOwn(variants.shapes, value) ? variants.shapes[value]! : {};

/** `password` → `hasPassword`: what replies carry instead of a secret. */
export const secretFlag = (sub: string) => `has${sub.charAt(0).toUpperCase()}${sub.slice(1)}`;
const secretsOf = (shape: Shape) => Object.keys(shape).filter((k) => shape[k]!.kind === 'password');
const isObject = (x: unknown): x is Row => !!x && typeof x === 'object' && !Array.isArray(x);

/** Starting values of a shape's sub-fields (a new record, or a new discriminator in the form). */
export function shapeInitial(variants: FieldVariants, value: unknown): Row {
  return Object.fromEntries(Object.entries(shapeOf(variants, value)).map(([k, f]) => [k, f.initial ?? '']));
}

/** Form values after `name` changed: variant fields it picks the shape of start over from the new shape. */
export function changeValue(def: ResourceDef, values: Row, name: string, value: unknown): Row {
  const next: Row = { ...values, [name]: value };
  if (value === values[name]) return next;
  for (const [field, f] of Object.entries(def.fields)) {
    if (f.variants?.by === name) next[field] = shapeInitial(f.variants, value);
  }
  return next;
}

/** A row for replies: every secret of a variant field leaves, a `has<Name>` flag says whether one is stored. */
export function hideSecrets(def: ResourceDef, row: Row): Row {
  let out = row;
  for (const [name, f] of Object.entries(def.fields)) {
    const value = row[name];
    if (!f.variants || !isObject(value)) continue;
    const copy: Row = { ...value };
    // Every shape's secrets go, not only the current one's: nothing stale can slip out.
    for (const shape of Object.values(f.variants.shapes)) for (const sub of secretsOf(shape)) delete copy[sub];
    for (const sub of secretsOf(shapeOf(f.variants, row[f.variants.by]))) copy[secretFlag(sub)] = typeof value[sub] === 'string' && value[sub] !== '';
    out = { ...out, [name]: copy };
  }
  return out;
}

/**
 * Secrets of validated values about to be written: empty or unsent keeps the stored one (when the
 * shape stays the same), null removes it, anything else replaces it. Changes `values` in place.
 */
export function mergeSecrets(def: ResourceDef, values: Row, existing?: Row): void {
  for (const [name, f] of Object.entries(def.fields)) {
    const value = values[name];
    if (!f.variants || !isObject(value)) continue;
    const by = values[f.variants.by] ?? existing?.[f.variants.by];
    const before = existing && existing[f.variants.by] === by && isObject(existing[name]) ? (existing[name] as Row) : {};
    const next: Row = { ...value };
    for (const sub of secretsOf(shapeOf(f.variants, by))) {
      const given = next[sub];
      if (typeof given === 'string' && given !== '') continue;
      if (given !== null && typeof before[sub] === 'string' && before[sub] !== '') next[sub] = before[sub];
      else delete next[sub];
    }
    values[name] = next;
  }
}

/** What the operation log shows instead of a secret. */
export const LOG_MASK = '******';

const maskHeaderValues = (text: string) => text.replace(/^([^:\r\n]*:)[^\r\n]*$/gm, `$1 ${LOG_MASK}`);

/** One field's value for the log, by its definition. */
function maskValue(f: FieldDef | undefined, value: unknown): unknown {
  if (!f || value === undefined || value === null || value === '') return value;
  if (f.kind === 'password') return LOG_MASK;
  if (f.masked === 'headerValues' && typeof value === 'string') return maskHeaderValues(value);
  if (f.variants && isObject(value)) {
    // Every shape's sub-fields, not only the chosen one's: a body may carry another shape's secrets.
    const subFields: Record<string, FieldDef> = Object.assign({}, ...Object.values(f.variants.shapes));
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskValue(subFields[k], v)]));
  }
  return value;
}

/**
 * A request body as the operation log may keep it: the definition's secrets (password fields,
 * variant sub-fields of kind 'password', header values) masked; a non-object body as it is.
 */
export function maskSecrets(def: ResourceDef, body: unknown): unknown {
  if (!isObject(body)) return body;
  return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, maskValue(def.fields[k], v)]));
}
