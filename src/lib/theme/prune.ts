import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import postcss from 'postcss';

/**
 * The theme without the rules of PrimeReact components the console never renders. Lara's
 * theme.css styles all ~90 components (docks, galleries, mega menus, steppers…): 180 KB that every
 * page downloads and whose every rule the browser matches on each style pass. A selector goes when
 * it names a class of a component that is never imported, directly or through another component
 * (a dropdown's virtual scroller), and whose class no imported component or console source spells
 * (a class a component builds at run time from a prefix and a severity belongs to an imported one).
 */

const IMPORT = /from\s*['"]primereact\/([a-z]+)['"]|import\s*['"]primereact\/([a-z]+)['"]/g;

/** PrimeReact's component modules: its folders with an ESM build of the same name. */
export function primeModules(primeDir: string): string[] {
  return readdirSync(primeDir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(join(primeDir, e.name, `${e.name}.esm.js`)))
    .map((e) => e.name);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(tsx?|astro|css|mjs|js)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

/** The modules `sources` import and those they import in turn, with the text of each (for their class names). */
export function usedModules(primeDir: string, sources: string[]): { used: Set<string>; corpus: string } {
  const used = new Set<string>();
  const texts: string[] = [];
  const queue: string[] = [];
  const take = (text: string) => {
    for (const m of text.matchAll(IMPORT)) {
      const name = (m[1] ?? m[2])!;
      if (!used.has(name) && existsSync(join(primeDir, name, `${name}.esm.js`))) {
        used.add(name);
        queue.push(name);
      }
    }
  };
  for (const dir of sources) {
    for (const file of sourceFiles(dir)) {
      const text = readFileSync(file, 'utf8');
      texts.push(text);
      take(text);
    }
  }
  while (queue.length) {
    const name = queue.pop()!;
    const text = readFileSync(join(primeDir, name, `${name}.esm.js`), 'utf8');
    texts.push(text);
    take(text);
  }
  return { used, corpus: texts.join('\n') };
}

/** The component modules whose classes no page can carry. */
export function unusedModules(all: readonly string[], used: ReadonlySet<string>, corpus: string): Set<string> {
  return new Set(all.filter((name) => !used.has(name) && !new RegExp(`p-${name}(?![a-z])`).test(corpus)));
}

/** Whether a class token (`p-<name>` or `p-<name>-<part>`) belongs to one of `modules` (`<name>`). */
const classOf = (token: string, modules: ReadonlySet<string>) => {
  if (!token.startsWith('p-')) return false;
  const rest = token.slice(2);
  const dash = rest.indexOf('-');
  // Module names have no dash: the token's root up to its first dash, or the whole token.
  return modules.has(dash < 0 ? rest : rest.slice(0, dash));
};

/** `css` without the selectors naming a class of `drop`, and without the rules and blocks left empty. */
export function pruneCss(css: string, drop: ReadonlySet<string>): string {
  if (drop.size === 0) return css;
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    // Keyframe steps (from, 50%) are not selectors.
    if (rule.parent?.type === 'atrule' && /keyframes$/i.test((rule.parent as postcss.AtRule).name)) return;
    const kept = rule.selectors.filter((sel) => ![...sel.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].some((m) => classOf(m[1]!, drop)));
    if (kept.length === 0) rule.remove();
    else if (kept.length !== rule.selectors.length) rule.selectors = kept;
  });
  root.walkAtRules((at) => {
    if (at.nodes && at.nodes.length === 0) at.remove();
  });
  return root.toString();
}
