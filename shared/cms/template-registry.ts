import type { Locale } from '../i18n/locales.ts';
import { TAGS } from './template-tags.ts';
import type { Doc, PageType } from './template-registry-types.ts';
import { VARIABLES } from './template-variables.ts';

/**
 * The template language in one place: every CMS tag with its attributes (type, options, default,
 * bounds), every filter with its arguments, and the variables of each page type, each with its
 * documentation in the console's three languages. The server's engine validates templates against
 * it, `GET /cms/template/tags|filters|variables` serve it, and the console's editor (completion,
 * hover) and its "template tags and functions" screen read it. Pure data: no server code.
 */

// The parts, each in a file of its own; importers read them all from here.
export { PAGE_TYPES, type AttrType, type Doc, type FilterArg, type FilterDef, type PageType, type TagAttr, type TagDef, type VariableDef } from './template-registry-types.ts';
export { FIELD_SETS, type FieldSetName } from './template-fields.ts';
export { TAGS } from './template-tags.ts';
export { FILTERS, FUNCTION_ALIASES, OMITTED_FUNCTIONS } from './template-filters.ts';
export { VARIABLES } from './template-variables.ts';

/** The tag definition of a name, if it is one of ours. */
export const tagDef = (name: string) => TAGS.find((t) => t.name === name);
/** Variables a template of this page type sees. */
export const variablesOf = (type: PageType) => VARIABLES.filter((v) => v.pageTypes.includes(type));
/** A doc in the locale (English when missing). */
export const docIn = (doc: Doc, locale: Locale) => doc[locale] || doc.en;
