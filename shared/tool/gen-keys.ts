/**
 * The code generator's vocabulary (Tools → Code Generation, ChestnutCMS menu 116), shared by the
 * server and the console without Zod: permission keys, API paths, the choices a column or a table
 * takes, and the rules names must meet before they reach a generated file.
 */

export const GEN_API = '/tool/gen';

/** ChestnutCMS's keys (menu 116 and its buttons 1056–1060). */
export const GEN_PERMS = {
  view: 'tool:gen:view',
  import: 'tool:gen:import',
  edit: 'tool:gen:edit',
  preview: 'tool:gen:preview',
  code: 'tool:gen:code',
  remove: 'tool:gen:remove',
} as const;

/** The console route of a table's settings (spec §2 "permission-gated dynamic routes"). */
export const genEditPath = (tableId: number | string) => `/tool/gen-edit/index/${tableId}`;

/** How a column is searched: the resource field's `filter`. */
export const QUERY_TYPES = ['eq', 'like', 'range'] as const;
export type QueryType = (typeof QUERY_TYPES)[number];

/** The form widget of a column: the resource field's `kind`. */
export const FORM_WIDGETS = ['text', 'textarea', 'number', 'dict', 'datetime', 'image'] as const;
export type FormWidget = (typeof FORM_WIDGETS)[number];

/** Directories of the console's menu a generated screen may hang under (shared/resources/declare.ts MENU_DIRS). */
export const MENU_PARENTS = ['cms', 'interactive', 'member', 'system', 'monitor', 'workflow'] as const;
export type MenuParent = (typeof MENU_PARENTS)[number];

/**
 * Modules a generated resource may live in: those that mount every `<domain>/crud.ts` they hold
 * (server/core/crud-files.ts), so the generated files need no edit elsewhere.
 */
export const GEN_MODULES = ['cms'] as const;
export type GenModule = (typeof GEN_MODULES)[number];

/**
 * Names that end up as SQL identifiers, TypeScript identifiers or file names are held to these
 * before anything is generated: lower-case snake case for tables and columns (PostgreSQL's own
 * folding, so quoting never changes their meaning), camel case for a resource, colon-separated
 * segments for a permission prefix.
 */
export const SQL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
export const RESOURCE_NAME = /^[a-z][A-Za-z0-9]{1,47}$/;
export const PERM_PREFIX = /^[a-z][A-Za-z0-9]*(:[a-z][A-Za-z0-9]*){1,2}$/;
/** A dictionary type as system dictionaries name them (`EnableOrDisable`). */
export const DICT_TYPE = /^[A-Za-z][A-Za-z0-9_]{0,99}$/;

/**
 * The menu ids the generator proposes: from above every id ChestnutCMS and Castanea seed, up to
 * where sys_menu's identity starts (menus added on the Menu screen take ids from 100000).
 */
export const GEN_MENU_ID_FROM = 90000;
export const GEN_MENU_ID_BELOW = 100000;

/** `product_note` → `productNote`. */
export const camelOf = (snake: string) => snake.replace(/_+([a-z0-9])/g, (_, c: string) => c.toUpperCase()).replace(/_/g, '');
/** `productNote` → `product-note`, the files' names. */
export const kebabOf = (camel: string) => camel.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
