import type { Plugin } from 'vite';

/**
 * Groups the console's client modules into a few chunks per area (issue 12). On a slow link every
 * file costs a round trip and Chrome opens six connections to a host, so rolldown's default (one
 * chunk per distinct set of entries that reach a module) gave Home some forty small files: each
 * island of the shell is an entry of its own, and a module shared by two of them got a chunk of
 * its own.
 *
 * Here an area is a set of entries a page loads together: the sign-in page's scripts, the shell's
 * (its layout scripts and islands, on every signed-in page) and a few named screens. A module's
 * chunk follows from the areas that reach it by static imports:
 * - sign-in and shell: 'base' (the sign-in page and every signed-in page load it);
 * - the shell, not sign-in: 'shell' (whatever screens also use it);
 * - otherwise the set of named screens (the sign-in page among them) reaching it ('sign-in',
 *   'list', 'list-content', …), with '-shared' when another island uses it too, so a page loads
 *   only what one of its areas uses; modules that only other islands use keep the default split.
 * A widget loaded when it is drawn (options.widgets: a dynamic import's target, e.g. the date picker)
 * stays in its own chunk, but those of its dependencies that the shell or a named screen imports
 * statically join the chunks of every area that draws the widget: its chunk would otherwise import a chunk of those
 * other areas, which this area's pages never load (the calendar's icons took the whole list chunk,
 * with its table, into the content editor). Only for the widgets named: the shell's lazy dialogs
 * would pull everything they share with screens into the shell.
 * Groups include their modules' dependencies (rolldown's `includeDependenciesRecursively`, which
 * Astro's entry signatures require), so a dependency must always belong to a group of higher
 * priority or the same one. A module's dependencies are reached by every area that reaches it,
 * hence the order: base, shell, then screen groups by how many areas they name.
 */

type Matcher = RegExp;

export interface AreaOptions {
  /** Entries of the sign-in page. */
  signIn: Matcher[];
  /** Entries every signed-in page loads (layout scripts, the shell's islands, the renderer). */
  shell: Matcher[];
  /** Named screens, each an area of its own, in the order their names join (sign-in comes first). */
  screens: Record<string, Matcher[]>;
  /** Vendor groups placed above every area (e.g. React, cached across releases). */
  vendor?: { name: string; test: RegExp }[];
  /**
   * Modules that import one matching this (directly or not) get screen chunks of their own
   * (suffix '-forms'): a page that shares only other modules with a screen does not load it.
   */
  apart?: Matcher;
  /** Widgets loaded when drawn (targets of dynamic imports): see above. */
  widgets?: Matcher[];
  /** Screen chunks with less source than this (bytes) join a bigger chunk their pages load anyway (see mergeSmallChunks). */
  mergeBelow?: number;
  /**
   * Code that pages reach only through dynamic imports (a widget and the library behind it), one
   * chunk per group: rolldown's split would make three or four files of it when other islands
   * import the library statically. Below every area, so what an area imports statically stays
   * with the area; in the order given, so an earlier group keeps a dependency two groups share.
   */
  lazy?: { name: string; test: RegExp }[];
}

interface Group {
  name: string;
  test: (id: string) => boolean;
  priority: number;
}

const SIGN_IN = 'sign-in';
const SHELL = 'shell';
const OTHER = 'shared';
const APART = '-forms';

/** Every module reachable from `entries` through static imports, entries included. */
export function staticReach(imports: Map<string, string[]>, entries: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...entries];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const dep of imports.get(id) ?? []) stack.push(dep);
  }
  return seen;
}

/**
 * The chunk name of each non-entry module, from the areas that reach it (see above).
 * `imports` holds each module's static imports; `entries` every entry of the build.
 */
export function assignAreas(imports: Map<string, string[]>, entries: string[], options: AreaOptions, sizes?: Map<string, number>, dynamicImports?: Map<string, string[]>): Map<string, string> {
  const matches = (id: string, ms: Matcher[]) => ms.some((m) => m.test(id.replaceAll('\\', '/')));
  const screens = screensOf(options);
  const screenNames = Object.keys(screens);
  const areas = new Map<string, string[]>([
    [SHELL, entries.filter((e) => matches(e, options.shell))],
    ...screenNames.map((name) => [name, entries.filter((e) => matches(e, screens[name]!))] as [string, string[]]),
    [OTHER, entries.filter((e) => !matches(e, options.shell) && !screenNames.some((n) => matches(e, screens[n]!)))],
  ]);
  const reachedBy = new Map<string, Set<string>>();
  const reach = new Map<string, Set<string>>();
  for (const [area, areaEntries] of areas) {
    const own = staticReach(imports, areaEntries);
    reach.set(area, own);
    for (const id of own) {
      if (!reachedBy.has(id)) reachedBy.set(id, new Set());
      reachedBy.get(id)!.add(area);
    }
  }
  if (dynamicImports && options.widgets) {
    const widget = (id: string) => matches(id, options.widgets!);
    for (const [area, own] of reach) {
      for (const id of widgetReach(imports, dynamicImports, own, widget)) {
        const by = reachedBy.get(id);
        // Only what the shell or a named screen loads anyway: a module only other islands import
        // (the dropdown, behind SelectInput on the named screens) stays with the widget.
        if (by && [...by].some((a) => a !== OTHER)) by.add(area);
      }
    }
  }
  const entrySet = new Set(entries);
  const apart = options.apart ? reaching(imports, (id) => matches(id, [options.apart!])) : new Set<string>();
  const out = new Map<string, string>();
  const chunks = new Map<string, Chunk>();
  // Vendor groups come first whatever the areas (see the plugin).
  const vendor = (id: string) => (options.vendor ?? []).some((v) => v.test.test(id));
  for (const [id, by] of reachedBy) {
    if (entrySet.has(id) || vendor(id)) continue;
    const plain = chunkName(by, screenNames);
    if (!plain) continue;
    const isApart = plain !== 'base' && plain !== SHELL && apart.has(id);
    const name = isApart ? `${plain}${APART}` : plain;
    out.set(id, name);
    if (!chunks.has(name)) chunks.set(name, { name, areas: plain === 'base' || plain === SHELL ? new Set([plain]) : by, apart: isApart, size: 0 });
    chunks.get(name)!.size += sizes?.get(id) ?? 0;
  }
  if (options.mergeBelow && sizes) mergeSmallChunks(out, chunks, imports, options.mergeBelow);
  return out;
}

interface Chunk {
  name: string;
  /** the areas reaching its modules ('base' and 'shell' stand for themselves) */
  areas: Set<string>;
  apart: boolean;
  /** bytes of source */
  size: number;
}

/** A chunk's priority (see the order above). */
function priorityOf(chunk: Pick<Chunk, 'name' | 'areas' | 'apart'>): number {
  if (chunk.name === 'base') return BASE_PRIORITY;
  if (chunk.name === SHELL) return SHELL_PRIORITY;
  return screenPriority(chunk.areas.size, chunk.apart);
}

/**
 * A screen chunk smaller than `below` bytes of source joins a bigger one that every page loading
 * it loads too: the smallest chunk whose areas include all of its own, of the same kind (validators
 * or not); failing that, for a chunk that needs no validators, the shell, or base when the sign-in
 * page loads the chunk (it has no shell). A page then loads a few kilobytes it may not use instead of one more file. Only where
 * each of the chunk's dependencies keeps a group of the same or a higher priority than the one it
 * joins (groups take their dependencies along: a lower one would be pulled in too).
 */
function mergeSmallChunks(names: Map<string, string>, chunks: Map<string, Chunk>, imports: Map<string, string[]>, below: number) {
  const members = (name: string) => [...names].filter(([, n]) => n === name).map(([id]) => id);
  const small = [...chunks.values()].filter((c) => c.name !== 'base' && c.name !== SHELL && c.size < below).sort((a, b) => a.size - b.size);
  for (const chunk of small) {
    const ids = members(chunk.name);
    const covers = (c: Chunk) => c !== chunk && c.name !== 'base' && c.name !== SHELL && c.apart === chunk.apart && [...chunk.areas].every((a) => c.areas.has(a));
    const targets = [...chunks.values()].filter(covers).sort((a, b) => a.areas.size - b.areas.size || b.size - a.size);
    // Failing a screen chunk: the shell, or for a chunk the sign-in page loads, base (every page loads it).
    if (!chunk.apart) targets.push(chunk.areas.has(SIGN_IN) ? chunks.get('base') ?? { name: 'base', areas: new Set(['base']), apart: false, size: 0 } : chunks.get(SHELL) ?? { name: SHELL, areas: new Set([SHELL]), apart: false, size: 0 });
    // The chunk's dependencies come along wherever it goes: each must keep a group of the same or a
    // higher priority, and be loaded by every page that loads the target already (a small Home chunk
    // that uses the shell must not join a chunk the sign-in page loads: that page has no shell).
    const keepsOrder = (target: Chunk) => ids.every((id) => (imports.get(id) ?? []).every((dep) => {
      const depName = names.get(dep);
      if (depName === undefined || depName === chunk.name) return true;
      const depChunk = chunks.get(depName);
      return depChunk !== undefined && priorityOf(depChunk) >= priorityOf(target) && [...target.areas].every((area) => loads(area, depChunk));
    }));
    const target = targets.find(keepsOrder);
    if (!target) continue;
    for (const id of ids) names.set(id, target.name);
    if (chunks.has(target.name)) chunks.get(target.name)!.size += chunk.size;
    chunks.delete(chunk.name);
  }
}

/** Whether the pages of `area` ('shell': every signed-in page) load `chunk`. */
function loads(area: string, chunk: Chunk): boolean {
  if (chunk.name === 'base') return true;
  if (chunk.name === SHELL) return area !== SIGN_IN;
  return chunk.areas.has(area);
}

/** What `own` (an area's static reach) loads when it draws a widget: the widgets it imports dynamically and their static imports. */
export function widgetReach(imports: Map<string, string[]>, dynamicImports: Map<string, string[]>, own: Set<string>, isWidget: (id: string) => boolean): Set<string> {
  const lazy = [...own].flatMap((id) => dynamicImports.get(id) ?? []).filter(isWidget);
  return new Set([...staticReach(imports, lazy)].filter((id) => !own.has(id)));
}

/** Every module that imports, directly or not, a module for which `target` holds (those included). */
function reaching(imports: Map<string, string[]>, target: (id: string) => boolean): Set<string> {
  const importers = new Map<string, string[]>();
  for (const [id, deps] of imports) for (const d of deps) importers.set(d, [...(importers.get(d) ?? []), id]);
  return staticReach(importers, [...imports.keys()].filter(target));
}

/** The sign-in page is the first screen. */
const screensOf = (options: AreaOptions): Record<string, Matcher[]> => ({ [SIGN_IN]: options.signIn, ...options.screens });

function chunkName(by: Set<string>, screenNames: string[]): string | null {
  if (by.has(SHELL)) return by.has(SIGN_IN) ? 'base' : SHELL;
  const screens = screenNames.filter((n) => by.has(n));
  if (!screens.length) return null;
  return [...screens, ...(by.has(OTHER) ? [OTHER] : [])].join('-');
}

/**
 * Base and the shell first, then screen groups naming more areas (their dependencies' groups);
 * among groups naming the same areas, a '-forms' one after the other (its modules import the
 * other's, never the reverse).
 */
const BASE_PRIORITY = 1000;
const SHELL_PRIORITY = 900;
const screenPriority = (areaCount: number, apart = false) => 100 + 10 * areaCount + (apart ? 0 : 5);
/** Lazy groups, the first highest, all below the screens' (see AreaOptions.lazy). */
const lazyPriority = (index: number, count: number) => 50 + count - index;

/**
 * The Vite plugin: records the client build's module graph, assigns areas once it is complete
 * (buildEnd; rolldown calls the group tests later, while it generates chunks) and installs the
 * groups for the client environment only (the prerender build renders HTML; its chunks do not
 * reach a browser).
 */
export function areaChunks(options: AreaOptions): Plugin {
  const imports = new Map<string, string[]>();
  const dynamicImports = new Map<string, string[]>();
  const entries: string[] = [];
  const sizes = new Map<string, number>();
  let assigned: Map<string, string> | null = null;
  const nameOf = (id: string) => {
    if (!assigned) throw new Error('area-chunks: chunk groups asked for before the module graph was complete');
    return assigned.get(id);
  };
  const priorities = new Map<string, number>([['base', BASE_PRIORITY], [SHELL, SHELL_PRIORITY]]);
  const screenNames = Object.keys(screensOf(options));
  // Every combination of named screens, with and without other islands.
  for (let mask = 1; mask < 1 << screenNames.length; mask++) {
    const picked = screenNames.filter((_, i) => mask & (1 << i));
    for (const [name, count] of [[picked.join('-'), picked.length], [[...picked, OTHER].join('-'), picked.length + 1]] as const) {
      priorities.set(name, screenPriority(count));
      priorities.set(`${name}${APART}`, screenPriority(count, true));
    }
  }
  const groups: Group[] = [
    // Above every area; an earlier vendor group above a later one (React above PrimeReact's core, which imports it).
    ...(options.vendor ?? []).map((v, i) => ({ name: v.name, test: (id: string) => v.test.test(id), priority: 2 * BASE_PRIORITY - i })),
    ...[...priorities].map(([name, priority]) => ({ name, test: (id: string) => nameOf(id) === name, priority })),
    ...(options.lazy ?? []).map((l, i, all) => ({ name: l.name, test: (id: string) => l.test.test(id), priority: lazyPriority(i, all.length) })),
  ];
  return {
    name: 'castanea:area-chunks',
    applyToEnvironment: (env) => env.name === 'client',
    configEnvironment(name) {
      if (name !== 'client') return;
      return { build: { rolldownOptions: { output: { codeSplitting: { groups } } } } };
    },
    buildStart() {
      imports.clear();
      dynamicImports.clear();
      entries.length = 0;
      sizes.clear();
      assigned = null;
    },
    moduleParsed(info) {
      imports.set(info.id, [...info.importedIds]);
      dynamicImports.set(info.id, [...(info.dynamicallyImportedIds ?? [])]);
      sizes.set(info.id, info.code?.length ?? 0);
      if (info.isEntry) entries.push(info.id);
    },
    buildEnd() {
      assigned = assignAreas(imports, entries, options, sizes, dynamicImports);
      const counts = new Map<string, number>();
      for (const n of assigned.values()) counts.set(n, (counts.get(n) ?? 0) + 1);
      this.info(`area chunks: ${[...counts].map(([n, c]) => `${n} ${c}`).join(', ')}`);
    },
  };
}
