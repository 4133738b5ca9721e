import { z } from 'zod';
import type { Locale } from '../../../../shared/i18n/locales.ts';
import { PAGE_TYPES } from '../../../../shared/cms/template-registry-types.ts';
import { docIn, FIELD_SETS, FILTERS, OMITTED_FUNCTIONS, TAGS, VARIABLES } from '../../../../shared/cms/template-registry.ts';

// The registry in one language: what the reference screen and a console without the registry read.

export const tagDocs = (locale: Locale) =>
  TAGS.map((t) => ({
    name: t.name, block: t.block, yields: t.yields, doc: docIn(t.doc, locale), example: t.example,
    fields: t.item ? FIELD_SETS[t.item] : [],
    attrs: t.attrs.map((a) => ({ name: a.name, type: a.type, options: a.options ?? [], default: a.default ?? null, required: !!a.required, min: a.min ?? null, max: a.max ?? null, doc: docIn(a.doc, locale) })),
  }));

export const filterDocs = (locale: Locale) => ({
  filters: FILTERS.map((f) => ({
    name: f.name, aliases: f.aliases ?? [], input: docIn(f.input, locale), doc: docIn(f.doc, locale), example: f.example,
    args: f.args.map((a) => ({ name: a.name, type: a.type, required: !!a.required, default: a.default ?? null, doc: docIn(a.doc, locale) })),
  })),
  omitted: OMITTED_FUNCTIONS.map((o) => ({ name: o.name, doc: docIn(o.doc, locale) })),
});

export const variableDocs = (locale: Locale) =>
  VARIABLES.map((v) => ({ name: v.name, pageTypes: v.pageTypes, type: v.type, fields: v.fields ? FIELD_SETS[v.fields] : [], doc: docIn(v.doc, locale) }));

/**
 * The replies of the reference routes (RouteSpec `reply`): docs in the reader's language, a default
 * or a bound null where the registry has none.
 */
const scalar = z.union([z.string(), z.number(), z.boolean()]);
export const tagDocsReply = z.array(z.object({
  name: z.string(), block: z.boolean(), yields: z.array(z.string()), doc: z.string(), example: z.string(), fields: z.array(z.string()),
  attrs: z.array(z.object({
    name: z.string(), type: z.enum(['string', 'int', 'bool', 'enum', 'enumList']), options: z.array(z.string()), default: scalar.nullable(),
    required: z.boolean(), min: z.number().nullable(), max: z.number().nullable(), doc: z.string(),
  })),
}));
export const filterDocsReply = z.object({
  filters: z.array(z.object({
    name: z.string(), aliases: z.array(z.string()), input: z.string(), doc: z.string(), example: z.string(),
    args: z.array(z.object({ name: z.string(), type: z.enum(['string', 'int', 'bool', 'any']), required: z.boolean(), default: scalar.nullable(), doc: z.string() })),
  })),
  omitted: z.array(z.object({ name: z.string(), doc: z.string() })),
});
export const variableDocsReply = z.array(z.object({
  name: z.string(), pageTypes: z.array(z.enum(PAGE_TYPES)), type: z.enum(['object', 'string', 'number', 'bool', 'list']), fields: z.array(z.string()), doc: z.string(),
}));
