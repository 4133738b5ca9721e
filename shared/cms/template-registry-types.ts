import type { Locale } from '../i18n/locales.ts';
import type { FieldSetName } from './template-fields.ts';

// The shapes of the template language's registry (template-registry.ts): tags, filters, variables.

export type Doc = Record<Locale, string>;
/** A doc in the three languages: English, simplified Chinese, Taiwan's traditional Chinese. */
export const d = (en: string, zhCN: string, zhTW: string): Doc => ({ en, 'zh-CN': zhCN, 'zh-TW': zhTW });

/**
 * Kinds of page a template renders; `include` is a fragment rendered by cms_include, `dynamic` a
 * custom dynamic page rendered on request.
 */
export const PAGE_TYPES = ['index', 'catalog', 'content', 'include', 'dynamic'] as const;
export type PageType = (typeof PAGE_TYPES)[number];

/** string, whole number, true/false, one of `options`, or a comma list of `options`. */
export type AttrType = 'string' | 'int' | 'bool' | 'enum' | 'enumList';

export interface TagAttr {
  /** matched without regard to case (`catalogId` = `catalogid`) */
  name: string;
  type: AttrType;
  options?: readonly string[];
  default?: string | number | boolean;
  required?: true;
  min?: number;
  max?: number;
  doc: Doc;
}

export interface TagDef {
  name: string;
  /** a block tag has a body and an end tag (`{% endcms_content %}`) */
  block: boolean;
  attrs: readonly TagAttr[];
  /** variables set inside the body */
  yields: readonly string[];
  /** the field set (FIELD_SETS) of the items it yields */
  item?: FieldSetName;
  doc: Doc;
  example: string;
}

export interface FilterArg {
  name: string;
  type: 'string' | 'int' | 'bool' | 'any';
  required?: true;
  default?: string | number | boolean;
  doc: Doc;
}

export interface FilterDef {
  name: string;
  /** other names it answers to (ChestnutCMS function names), for converted themes */
  aliases?: readonly string[];
  /** arguments after the piped value */
  args: readonly FilterArg[];
  /** what it is applied to */
  input: Doc;
  doc: Doc;
  example: string;
}

export interface VariableDef {
  name: string;
  pageTypes: readonly PageType[];
  type: 'object' | 'string' | 'number' | 'bool' | 'list';
  fields?: FieldSetName;
  doc: Doc;
}
