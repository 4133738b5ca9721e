import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { cruise, type ICruiseResult, type IViolation } from 'dependency-cruiser';
import extractDepcruiseConfig from 'dependency-cruiser/config-utl/extract-depcruise-config';

// The layout's dependency rules live in .dependency-cruiser.cjs (read it for what each rule says);
// this test runs them on the repository and fails on any violation. Module-level cycles (module A
// imports B somewhere and B imports A somewhere, not necessarily the same files) are checked here on
// the cruise's graph: dependency-cruiser sees cycles between files only.

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const FOLDERS = ['server', 'src', 'scripts', 'shared'];

/**
 * Violations still in the code, each to be fixed and then removed from here: a new violation fails,
 * and so does an entry here that no longer occurs (the list only shrinks).
 */
const KNOWN: readonly string[] = [];

const describeViolation = (v: IViolation) =>
  v.cycle?.length ? `${v.rule.name}: ${[v.from, ...v.cycle.map((c) => c.name)].join(' → ')}` : `${v.rule.name}: ${v.from} → ${v.to}`;

/** The module (folder under server/modules) a path belongs to, or null. */
const moduleOf = (path: string) => /^server\/modules\/([^/]+)\//.exec(path)?.[1] ?? null;
const isTest = (path: string) => /\.test\.tsx?$|(^|\/)test-[^/]+\.ts$|test-fixtures\.ts$/.test(path);

/** Module → the modules its code (tests aside) imports, type-only imports included. */
export function moduleGraph(result: ICruiseResult): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const m of result.modules) {
    const from = moduleOf(m.source);
    if (!from || isTest(m.source)) continue;
    for (const d of m.dependencies) {
      const to = moduleOf(d.resolved);
      if (to && to !== from) (graph.get(from) ?? graph.set(from, new Set()).get(from)!).add(to);
    }
  }
  return graph;
}

/** Every cycle of the graph, each once, as `a → b → a`. */
export function cyclesOf(graph: Map<string, Set<string>>): string[] {
  const found = new Set<string>();
  const walk = (start: string, at: string, path: string[]) => {
    for (const next of graph.get(at) ?? []) {
      if (next === start) {
        // A cycle is found from each of its nodes; keep the rotation starting at its least name.
        const least = path.indexOf([...path].sort()[0]!);
        const turned = [...path.slice(least), ...path.slice(0, least)];
        found.add([...turned, turned[0]].join(' → '));
      } else if (!path.includes(next) && next > start) walk(start, next, [...path, next]);
    }
  };
  for (const node of graph.keys()) walk(node, node, [node]);
  return [...found].sort();
}

/** Every .astro file under `dir`. */
const astroFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? astroFiles(join(dir, e.name)) : e.name.endsWith('.astro') ? [join(dir, e.name)] : []));

/**
 * The modules a console page starts in the browser, relative to `root`: the components its .astro
 * files hydrate (a `client:` directive) and what their bundled `<script>` blocks import.
 */
export function pageEntries(root: string): string[] {
  const entries = new Set<string>();
  for (const file of astroFiles(join(root, 'src'))) {
    const text = readFileSync(file, 'utf8');
    const at = (spec: string) => relative(root, resolve(dirname(file), spec));
    for (const [, name, spec] of text.matchAll(/^import\s+(\w+)\s+from\s+'(\.[^']+\.tsx)'/gm)) {
      if (new RegExp(`<${name}\\b[^>]*\\bclient:`).test(text)) entries.add(at(spec!));
    }
    for (const [, body] of text.matchAll(/<script>([\s\S]*?)<\/script>/g)) {
      for (const [, spec] of body!.matchAll(/\bimport\s+(?:[^'";]*?\s+from\s+)?'(\.[^']+)'/g)) entries.add(at(spec!));
    }
  }
  return [...entries].sort();
}

/** The modules `entry` loads, following the dependencies `follow` accepts. */
function reachable(result: ICruiseResult, entry: string, follow: (d: ICruiseResult['modules'][number]['dependencies'][number]) => boolean): Set<string> {
  const deps = new Map(result.modules.map((m) => [m.source, m.dependencies]));
  const seen = new Set<string>();
  const stack = [entry];
  while (stack.length) {
    const at = stack.pop()!;
    if (seen.has(at)) continue;
    seen.add(at);
    for (const d of deps.get(at) ?? []) if (follow(d)) stack.push(d.resolved);
  }
  return seen;
}

describe('the layout’s dependency rules', () => {
  let result: ICruiseResult;
  beforeAll(async () => {
    const previous = process.cwd();
    process.chdir(ROOT);
    try {
      const config = await extractDepcruiseConfig('./.dependency-cruiser.cjs');
      // shared/ exists once the shared code has moved there.
      const cruised = await cruise(FOLDERS.filter((f) => existsSync(f)), { ...config.options, validate: true, ruleSet: config });
      result = cruised.output as ICruiseResult;
    } finally {
      process.chdir(previous);
    }
  }, 180_000);

  it('cruises the console, the server and the scripts', () => {
    const sources = result.modules.map((m) => m.source);
    expect(sources).toContain('server/app.ts');
    expect(sources).toContain('shared/format.ts');
    expect(sources.some((s) => s.startsWith('server/modules/cms/'))).toBe(true);
  });

  it('no file breaks a rule of .dependency-cruiser.cjs beyond the known ones, and every known one still occurs', () => {
    const found = [...new Set(result.summary.violations.map(describeViolation))].sort();
    expect(found.filter((v) => !KNOWN.includes(v))).toEqual([]);
    expect(KNOWN.filter((v) => !found.includes(v))).toEqual([]);
  });

  // The request core imports no store: the stores hand it the language, the current site and the
  // notices (stores/request-context.ts). A page entry that can make calls (now or in a module it
  // loads later) must load that module with its own static imports: islands hydrate in no set
  // order, and one that called first would send neither the language nor the site.
  it('every page entry that can make calls hands the request core the stores before its first call', () => {
    const entries = pageEntries(ROOT);
    expect(entries).toEqual(expect.arrayContaining(['src/islands/shell/ShellTop.tsx', 'src/islands/auth/login-form.ts', 'src/islands/router/client-router.ts']));
    const runtime = (d: { dependencyTypes: string[] }) => !d.dependencyTypes.includes('type-only');
    const callers = entries.filter((e) => reachable(result, e, runtime).has('src/lib/request.ts'));
    expect(callers.length).toBeGreaterThan(20);
    const unwired = callers.filter((e) => !reachable(result, e, (d) => runtime(d) && !d.dynamic).has('src/stores/request-context.ts'));
    expect(unwired).toEqual([]);
  });

  // PrimeReact's markup is mended for accessibility by a global pass-through
  // (components/widgets/accessible-pt.ts) that prime-provider.ts sets when it is loaded: islands
  // take PrimeReactProvider from it, never from primereact/api, so no island renders before it is
  // set (the browser test tests/browser/accessible-prime.test.ts checks the mended markup).
  it('every PrimeReact provider comes from the module that sets the accessible pass-through', () => {
    const direct = result.modules
      .filter((m) => m.source.startsWith('src/') && m.source !== 'src/components/widgets/prime-provider.ts')
      .filter((m) => /PrimeReactProvider[^;]*from ['"]primereact\/api['"]|import\(['"]primereact\/api['"]\)/.test(readFileSync(join(ROOT, m.source), 'utf8')));
    expect(direct.map((m) => m.source)).toEqual([]);
  });

  it('no two server modules import each other, directly or round a longer cycle', () => {
    expect(cyclesOf(moduleGraph(result))).toEqual([]);
  });

  it('finds a module cycle of any length (self-check)', () => {
    const graph = new Map([['a', new Set(['b'])], ['b', new Set(['c'])], ['c', new Set(['a'])], ['d', new Set(['a'])]]);
    expect(cyclesOf(graph)).toEqual(['a → b → c → a']);
    expect(cyclesOf(new Map([['a', new Set(['b'])], ['b', new Set<string>()]]))).toEqual([]);
  });
});
