import type { z } from 'zod';
import type { FieldIssue } from '../validators/issues.ts';
import type { DrillDown, MenuEntry, PageEntry, ResourcePerms, ResourceTexts } from './declare.ts';

// The permission keys are declared beside crud(), which builds them (declare.ts); still named from here.
export type { ResourcePerms } from './declare.ts';

/**
 * One declarative definition per resource. The server derives its list / detail / create /
 * update / delete / export routes from it, and the console its search form, table, toolbar and
 * add/edit dialog. Nothing here may import UI or database code: both sides load it. Nor Zod at
 * run time: a console list draws from this module without the validators, which only its forms
 * load (the schemas built from a definition are in schemas.ts).
 */

/** `image`: a path in the site's resource library, typed or picked from it. */
export type FieldKind = 'id' | 'text' | 'textarea' | 'number' | 'dict' | 'datetime' | 'password' | 'json' | 'image';

/**
 * A JSON field whose shape depends on another field's value (a discriminated union), e.g. the
 * settings of a messaging platform by the platform chosen. Each shape is a set of sub-fields
 * declared like fields; sub-fields of kind 'password' are secrets: never replied (a `has<Name>`
 * flag says one is stored) and kept when an edit leaves them empty (null removes them).
 */
export interface FieldVariants {
  /** the field whose value picks the shape */
  by: string;
  /** the sub-fields of each shape, by that field's value */
  shapes: Readonly<Record<string, Readonly<Record<string, FieldDef>>>>;
}

export interface FieldDef {
  kind: FieldKind;
  /** i18n key of the label; default `fields:<resource>.<name>` when that text exists, else `fields:<name>` */
  label?: string;
  /** set by defineResource: the resource whose labels (`fields:<resource>.<name>`) come first */
  labelScope?: string;
  /** Write validation. Only fields with an input schema are accepted from a form. */
  input?: z.ZodType;
  /** Dictionary type whose labels display the value (kind 'dict'). */
  dict?: string;
  /**
   * Shown as a list column; `ellipsis` keeps a long text on one line of at most `width` (default
   * 16rem), cut with "…" and whole in its tooltip; `link`: the value is a web address, shown as a
   * link opening it in a new tab (only an http(s) one: anything else stays text). A field of kind
   * 'image' shows as a small thumbnail (nothing when empty).
   */
  column?: boolean | { sortable?: boolean; width?: string; ellipsis?: boolean; link?: boolean };
  /** Not stored: the server works it out for replies (a site's address). */
  computed?: true;
  /** Offered in the search form: exact match, substring, or a begin/end time range. */
  filter?: 'eq' | 'like' | 'range';
  /**
   * 'extension': the screen's extension sets this filter (e.g. a department tree beside the
   * list), so the search form leaves it out; the list still sends and the server still applies it.
   */
  filterControl?: 'extension';
  /** The query parameter of the filter when it is not the field's name (the site list's `siteName`). */
  filterParam?: string;
  /** Shown in the add/edit form; 'create' = only when adding (e.g. a login name). */
  form?: boolean | 'create';
  /** In exported spreadsheets; defaults to whether it is a column. */
  export?: boolean;
  /** Form default for a new record. */
  initial?: unknown;
  /**
   * Fixed choices when no dictionary exists for them (e.g. operation types): labels are console
   * i18n keys. The server ignores them; the console shows a dropdown and the label.
   */
  options?: readonly { value: string; label: string }[];
  /** The value is an array of several dictionary (or option) values: a multi-select in the form. */
  multiple?: boolean;
  /** A number of seconds: forms and cells add its human reading (e.g. "= 30 days"). */
  unit?: 'seconds';
  /** i18n key of a short help text under the form input (e.g. "one per line"). */
  hint?: string;
  /** Lines of a textarea in the form (default 3). */
  rows?: number;
  /** Console i18n key of the form input's placeholder (e.g. what a robot URL looks like). */
  placeholder?: string;
  /** kind 'json': its shapes (validation, form and secrets derive from them) */
  variants?: FieldVariants;
  /**
   * Secret parts of a value that is not itself a secret, hidden in the operation log:
   * 'headerValues' keeps each `Name: value` line's name and hides its value (extra HTTP headers
   * carry API keys). Fields of kind 'password' are hidden whole anyway.
   */
  masked?: 'headerValues';
}

export interface ResourceDef {
  /** stable identifier, also the export file name */
  name: string;
  /**
   * Server message key naming the resource in the operation log (e.g. oplog.post); with `texts`,
   * `oplog.<name>`, its text the title's.
   */
  title: string;
  /** Console 'ns:key' of the screen title (the page heading and tab); with `texts`, `screens:<name>.title`. */
  titleKey?: string;
  /** Its texts in every language (title, field labels): the server and the console register them. */
  texts?: ResourceTexts;
  /** Its menu page and button rows, seeded (and added to existing databases) from here. */
  menu?: MenuEntry;
  /** Or a page of its own without a menu row. */
  page?: PageEntry;
  /** A row action opening another screen on the row (a group's links). */
  drill?: DrillDown;
  /**
   * Console: headers every call of the screen sends, set on a copy of the definition for one
   * context (`onSite`, src/lib/cms/site-scope.ts: a site's Property tab works on that site, whichever is current).
   */
  headers?: Readonly<Record<string, string>>;
  /** API base path, ChestnutCMS style: GET {api}/list, GET {api}/{id}, POST/PUT/DELETE {api} */
  api: string;
  /** name of the id field */
  id: string;
  perms: ResourcePerms;
  fields: Record<string, FieldDef>;
  /** default order of the list */
  sort?: { field: string; order: 'asc' | 'desc' };
  /**
   * Rows per list page when the request names none; the console's screen starts at it too
   * (the site list: 10, issue #9). Without it, the general default (20, ChestnutCMS's).
   */
  pageSize?: number;
  /** fields whose values must be unique among rows; the server answers with a message naming the field */
  unique?: string[];
  /**
   * Checks across fields (e.g. a minimum not above its maximum), on the whole record: the console
   * runs them on the form, the server on the stored row merged with what was sent. An issue whose
   * params name `otherField` gets that field's label as {{other}}.
   */
  check?(values: Record<string, unknown>): FieldIssue[];
}

type Declared<F> = Omit<ResourceDef, 'title' | 'texts'> & { fields: F; id: keyof F & string; sort?: { field: keyof F & string; order: 'asc' | 'desc' }; unique?: (keyof F & string)[] }
  & ({ title: string; texts?: undefined } | { title?: undefined; texts: ResourceTexts & { fields?: Partial<Record<keyof F & string, unknown>> } });

/**
 * Checks that id, sort and unique name declared fields, and keeps the literal field types. A
 * definition with `texts` gets its operation-log title and screen title keys from its name.
 */
export const defineResource = <F extends Record<string, FieldDef>>(declared: Declared<F>) => {
  // Declared's either-or of title and texts would make the result's `texts` never: the result has both.
  const def = { ...declared, title: declared.title ?? `oplog.${declared.name}` } as ResourceDef & Omit<Declared<F>, 'title' | 'texts'> & { title: string };
  if (declared.texts && !def.titleKey) def.titleKey = `screens:${declared.name}.title`;
  // Each field learns its resource, so its label can be the resource's own (a content's `title`
  // is a title, an operation log's `title` a module) before the shared one. On a copy: definitions
  // share field declarations (page widgets and ad spaces), and the last to set its name on a shared
  // one took the other's labels (the page widget list showed raw keys).
  def.fields = Object.fromEntries(Object.entries(def.fields).map(([name, f]) => [name, f.label ? f : { ...f, labelScope: def.name }])) as typeof def.fields;
  return def;
};

/** The i18n keys of a field's label, most specific first (i18next takes the first that exists). */
export const fieldLabelKeys = (name: string, f: FieldDef): string[] =>
  f.label ? [f.label] : f.labelScope ? [`screens:${f.labelScope}.fields.${name}`, `fields:${f.labelScope}.${name}`, `fields:${name}`] : [`fields:${name}`];
export const isColumn = (f: FieldDef) => !!f.column;
/** Offered in the search form (a filter not set by the screen's extension). */
export const isSearchField = (f: FieldDef) => !!f.filter && f.filterControl !== 'extension';
/** The query parameter a filter travels in. */
export const filterParamOf = (name: string, f: FieldDef) => f.filterParam ?? name;
export const isFormField = (f: FieldDef, mode: 'create' | 'update') =>
  (!!f.input || !!f.variants) && (f.form === true || (f.form === 'create' && mode === 'create'));

/** The most ids one batch call (a delete of the selected rows) takes: more is refused before any query. */
export const MAX_BATCH_IDS = 1000;
