import type { Locale } from '../../../../shared/i18n/locales.ts';
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
