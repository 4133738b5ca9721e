import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { declaredScreens } from './definition-screens.ts';

/**
 * The chunks of a resource page's screen, named in the page's preloads (module-preload.ts). A
 * resource page's island loads its screen's parts (extensions, texts) through the registry's
 * dynamic imports as it mounts (islands/resource/registry.ts): on a slow link that was a round trip
 * of its own after every module had arrived and the page had hydrated (~185 ms on Slow 4G). The
 * definition is not among them: the list draws from the page's view of it, and a form loads it.
 */

/**
 * The modules each screen of the registry loads as its list mounts: its extensions' `import()`s
 * and the text namespaces it names (`[system]`, …), as absolute paths; not its definition (the
 * first `import()` of the entry). Read from the registry's source, whose entries all have the shape
 * `  name: screen(() => import(definition)…, [texts], extensions?)`; screen-chunks.test.ts checks
 * that every screen is found, and tests/budget.test.ts that a built list page names its screen's chunk.
 */
export function screenModules(registryFile: string, source = readFileSync(registryFile, 'utf8'), declared: readonly string[] = []): Map<string, string[]> {
  const dir = dirname(registryFile);
  const helpers = new Map([...source.matchAll(/^const (\w+) = \(\) => import\('([^']+)'\);$/gm)].map((m) => [m[1]!, m[2]!] as const));
  const body = source.slice(source.indexOf('const screens = {'));
  const heads = [...body.matchAll(/^ {2}(\w+): screen\(/gm)];
  const out = new Map<string, string[]>();
  heads.forEach((head, i) => {
    const block = body.slice(head.index, heads[i + 1]?.index ?? body.length);
    const [, ...extensions] = [...block.matchAll(/import\('([^']+)'\)/g)].map((m) => m[1]!);
    const texts = (/\), \[([\w, ]*)\]/.exec(block)?.[1] ?? '').split(',').map((n) => helpers.get(n.trim())).filter((p): p is string => !!p);
    out.set(head[1]!, [...texts, ...extensions].map((p) => resolve(dir, p)));
  });
  // A screen its definition declares draws with the generic parts of declared screens (its texts travel with its view).
  for (const name of declared) out.set(name, [resolve(dir, './extensions/declared.tsx')]);
  return out;
}

/** Screen name → the client build's files holding its modules (under the build's output folder). */
const built = new Map<string, string[]>();

/** The files of `screen` in the last client build, if known. */
export const screenFiles = (screen: string): readonly string[] => built.get(screen) ?? [];

/** The Vite plugin: after the client build's chunks are made, records which hold each screen's modules. */
export function screenChunks(registryFile: string): Plugin {
  return {
    name: 'castanea:screen-chunks',
    applyToEnvironment: (env) => env.name === 'client',
    async generateBundle(_options, bundle) {
      const declared = (await declaredScreens()).map((s) => s.resource);
      const fileOf = new Map<string, string>();
      for (const out of Object.values(bundle)) if (out.type === 'chunk') for (const id of out.moduleIds) fileOf.set(id, out.fileName);
      built.clear();
      for (const [screen, modules] of screenModules(registryFile, undefined, declared)) {
        built.set(screen, [...new Set(modules.map((m) => fileOf.get(m)).filter((f): f is string => f !== undefined))]);
      }
    },
  };
}

/** The screens of a built page's resource islands (`<ResourceIsland screen="…">`, hydrated on load). */
export function pageScreens(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<astro-island\b[^>]*>/g)) {
    if (!/\bcomponent-url="[^"]*\/ResourceIsland\.[^"]*"/.test(m[0]) || !/\bclient="load"/.test(m[0])) continue;
    const props = /\bprops="([^"]*)"/.exec(m[0])?.[1];
    if (!props) continue;
    try {
      // Astro's serialised props: { name: [type, value] }, HTML-escaped.
      const screen = (JSON.parse(props.replaceAll('&quot;', '"').replaceAll('&amp;', '&')) as { screen?: [number, unknown] }).screen?.[1];
      if (typeof screen === 'string') out.push(screen);
    } catch {
      // not a resource island's props
    }
  }
  return out;
}
