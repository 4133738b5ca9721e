import type { Locale } from '../i18n/locales.ts';

/**
 * What a definition declares besides its fields: its permission keys, its menu entry or page, and
 * its texts in every console language. Server and console derive from these (menu rows and their
 * seed, operation-log titles, field labels, the generated page, its title and breadcrumbs).
 */

/** A definition's permission keys by action: `view` always; an action left out has no button and no route. */
export interface ResourcePerms {
  view: string;
  add?: string;
  edit?: string;
  remove?: string;
  export?: string;
}

/** One text in every console language: a language left out is a type error. */
export type Texts = Readonly<Record<Locale, string>>;

/** A screen's texts: its title (page, tab, menu, operation log) and its fields' labels. */
export interface ResourceTexts {
  title: Texts;
  /** labels by field name, `fields:<resource>.<field>` in the console and on the server */
  fields?: Readonly<Record<string, Texts>>;
  /** further texts the screen names (e.g. a row action), `screens:<resource>.<key>` */
  more?: Readonly<Record<string, Texts>>;
}

/** A directory of the console's menu tree a definition's menu entry sits in (its id and route path). */
export interface MenuDir {
  id: number;
  path: string;
}

/** The seeded directories definitions hang their entries under (ids as seeded, never changed). */
export const MENU_DIRS = {
  cms: { id: 2025, path: '/configs' },
  interactive: { id: 2035, path: '/operations' },
  member: { id: 2060, path: '/member' },
  system: { id: 1, path: '/system' },
  monitor: { id: 2, path: '/monitor' },
  workflow: { id: 3500, path: '/workflow' },
} as const satisfies Record<string, MenuDir>;

/**
 * The resource's sys_menu page row and its button rows. Ids are fixed forever (grants and existing
 * databases name them); each button's permission key is the definition's key of that action.
 */
export interface MenuEntry {
  id: number;
  parent: MenuDir;
  order: number;
  /** the row's path under its directory; the console route is `<parent.path>/<path>` */
  path: string;
  /** the menu component the server's menus name the screen by (getRouters) */
  component: string;
  icon: string;
  /** button rows by action of `perms` (add, edit, remove, export): their menu ids */
  buttons?: Partial<Record<Exclude<keyof ResourcePerms, 'view'>, number>>;
}

/**
 * A screen without a menu row of its own (the links of one group): its route, the menu entry the
 * shell highlights for it, and the list filters it takes from the URL's query (fixed for the list,
 * given to new rows).
 */
export interface PageEntry {
  path: string;
  activeMenu: string;
  queryFilters?: readonly string[];
  /** the heading naming the row the page is opened on (a drill-down's: the group whose links it lists) */
  caption?: PageCaption;
}

/**
 * The row a drill-down page is opened on, named above its list with a way back to `activeMenu`:
 * its id is the query parameter `param`, `GET {api}/{id}` reads it, its `field` names it, and the
 * heading is the text `screens:<resource>.<label>` with the name as {{name}} (one of `texts.more`).
 */
export interface PageCaption {
  param: string;
  api: string;
  field: string;
  label: string;
}

/** A row action opening another screen on this row: `to` with `?<param>=<row id>`, labelled `screens:<resource>.<label>`. */
export interface DrillDown {
  to: string;
  param: string;
  label: string;
  /** its icon's classes (a list's: `pi pi-list`) */
  icon?: string;
}

/**
 * The five permission keys of a plain CRUD resource, `<prefix>:view|add|edit|remove|export`;
 * `overrides` replaces some (a key shared with another screen) or drops one (`undefined`: no button,
 * no route).
 */
export function crud(prefix: string, overrides: Partial<Record<keyof ResourcePerms, string | undefined>> = {}): ResourcePerms {
  const perms: ResourcePerms = {
    view: `${prefix}:view`, add: `${prefix}:add`, edit: `${prefix}:edit`, remove: `${prefix}:remove`, export: `${prefix}:export`,
  };
  for (const [action, key] of Object.entries(overrides) as [keyof ResourcePerms, string | undefined][]) {
    if (key === undefined) delete perms[action];
    else perms[action] = key;
  }
  return perms;
}

/** The console route of a definition's screen, if it has one. */
export const screenPathOf = (def: { menu?: MenuEntry; page?: PageEntry }): string | undefined =>
  def.menu ? `${def.menu.parent.path}/${def.menu.path}` : def.page?.path;
