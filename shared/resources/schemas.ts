import { z } from 'zod';
import { id as idSchema, numberFilter } from '../validators/common.ts';
import { localDateTime } from '../validators/date.ts';
import { v } from '../validators/issues.ts';
import { filterParamOf, isFormField, MAX_BATCH_IDS, type FieldDef, type FieldVariants, type ResourceDef } from './define.ts';
import type { VariantField } from './variants.ts';

/**
 * The Zod schemas a resource definition gives: the bodies the server accepts and the console's
 * forms check before sending, the list's query, the ids of a batch delete. Apart from define.ts so
 * that what only lists (a console list screen) loads no validators.
 */

type Row = Record<string, unknown>;
const isObject = (x: unknown): x is Row => !!x && typeof x === 'object' && !Array.isArray(x);

/** The body accepted when adding (mode 'create') or editing (mode 'update', id required). */
export function inputSchema(def: ResourceDef, mode: 'create' | 'update') {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, f] of Object.entries(def.fields)) {
    // On edit a missing field stays as it is: z.undefined() first, so input defaults never overwrite.
    if (!isFormField(f, mode)) continue;
    // A variant field is checked against its discriminator by withVariants.
    const input = f.variants ? z.unknown() : f.input!;
    shape[name] = mode === 'update' ? z.undefined().or(input).optional() : input;
  }
  if (mode === 'update') shape[def.id] = idSchema();
  const variantFields = Object.entries(def.fields).filter(([, f]) => f.variants && isFormField(f, mode)) as [string, FieldDef & { variants: FieldVariants }][];
  return withVariants(variantFields, mode, z.object(shape));
}

/** Query string of the list: paging, ordering and the declared filters (all strings). */
export function listQuerySchema(def: ResourceDef) {
  const shape: Record<string, z.ZodType> = {
    pageNum: z.string().optional(),
    pageSize: z.string().optional(),
    orderByColumn: z.string().optional(),
    isAsc: z.enum(['asc', 'desc', 'ascending', 'descending']).optional(),
  };
  for (const [name, f] of Object.entries(def.fields)) {
    if (f.filter === 'range') {
      shape.beginTime = localDateTime();
      shape.endTime = localDateTime();
    } else if (f.filter) shape[filterParamOf(name, f)] = f.kind === 'id' || f.kind === 'number' ? numberFilter() : z.string().optional();
  }
  return z.object(shape);
}

const unions = new WeakMap<FieldVariants, z.ZodType>();

/** A real z.discriminatedUnion over `{[by]: value, [name]: {sub-fields}}`, one option per shape. */
export function variantSchema(name: string, variants: FieldVariants): z.ZodType {
  let union = unions.get(variants);
  if (!union) {
    const options = Object.entries(variants.shapes).map(([value, shape]) => {
      const inputs = Object.fromEntries(Object.entries(shape).flatMap(([k, f]) => (f.input ? [[k, f.input]] : [])));
      return z.object({ [variants.by]: z.literal(value), [name]: z.object(inputs, { error: v('required') }) });
    });
    union = z.discriminatedUnion(variants.by, options as unknown as [z.ZodObject, ...z.ZodObject[]]);
    unions.set(variants, union);
  }
  return union;
}

/**
 * Checks variant fields against their discriminator. Issues name the sub-field (`config.port`), and
 * appear together with those of the other fields. On update the two travel together: a new
 * discriminator needs its settings, and settings need to say which shape they are.
 */
export function withVariants(fields: VariantField[], mode: 'create' | 'update', base: z.ZodObject): z.ZodType {
  if (fields.length === 0) return base;
  const check = (val: Row, name: string, variants: FieldVariants) => {
    const sent = val[name] !== undefined;
    const bySent = val[variants.by] !== undefined;
    if (!sent && !bySent && mode === 'update') return { issues: [] };
    // A missing or unknown discriminator is reported by its own field (on update, when settings came alone).
    if (!bySent) return { issues: mode === 'update' ? [{ code: 'custom' as const, message: v('required'), path: [variants.by] }] : [] };
    if (typeof val[variants.by] !== 'string' || !Object.hasOwn(variants.shapes, val[variants.by] as string)) return { issues: [] };
    const r = variantSchema(name, variants).safeParse({ [variants.by]: val[variants.by], [name]: val[name] });
    return r.success ? { issues: [], value: (r.data as Row)[name] } : { issues: r.error.issues };
  };
  return base
    .superRefine((val, ctx) => {
      if (!isObject(val)) return;
      for (const [name, f] of fields) for (const issue of check(val, name, f.variants).issues) ctx.addIssue(issue as never);
    }, { when: () => true })
    .transform((val) => {
      const out: Row = { ...val };
      for (const [name, f] of fields) {
        const { value } = check(out, name, f.variants);
        if (value !== undefined) out[name] = value;
      }
      return out;
    });
}

/** Ids to delete: a JSON array, or `{ids: [...]}`, numbers or numeric strings, at most MAX_BATCH_IDS. */
export const idListSchema = z
  .union([z.array(z.unknown()), z.object({ ids: z.array(z.unknown()) }).transform((o) => o.ids)])
  .pipe(z.array(z.unknown()).min(1, v('selectFirst')).superRefine((ids, ctx) => {
    // Counted before any id is read, and reported by the list (`ids`), not by the body as a whole.
    if (ids.length > MAX_BATCH_IDS) ctx.addIssue({ code: 'custom', message: v('tooMany', { max: MAX_BATCH_IDS }), path: ['ids'] });
  }))
  .pipe(z.array(idSchema()));
