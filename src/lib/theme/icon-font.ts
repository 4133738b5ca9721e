import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/**
 * PrimeIcons, cut to what the console draws (issue 12). The full woff2 is 35 KiB for some 300
 * icons; the console's own screens, its menu map and the seeded menus use about a hundred. The
 * stylesheet gets two faces of the one family: the subset (preloaded by every console page,
 * src/lib/build/module-preload.ts) and the full font limited by `unicode-range` to the other icons,
 * which a browser fetches only when a page draws one of them (a menu icon an administrator picked
 * from the full list in the menu editor). Both with `font-display: swap`: the page never waits for
 * the icons, which take their place when the font arrives.
 */

const SPACE = 0x20;
const ICON_CLASS = /(?<![\w-])pi-([a-z0-9]+(?:-[a-z0-9]+)*)/g;
const SOURCE_FILE = /\.(tsx?|astro|css|mjs)$/;

/** Every `pi-…` class named in the source files under `dirs` (tests left out). */
export function iconClassesIn(dirs: string[]): Set<string> {
  const out = new Set<string>();
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.name === 'node_modules' || e.name.startsWith('.')) continue;
      const path = join(dir, e.name);
      if (e.isDirectory()) walk(path);
      else if (SOURCE_FILE.test(e.name) && !/\.test\.tsx?$/.test(e.name)) {
        for (const m of readFileSync(path, 'utf8').matchAll(ICON_CLASS)) out.add(`pi-${m[1]}`);
      }
    }
  };
  for (const dir of dirs) walk(dir);
  return out;
}

/** The code point each icon class draws, from PrimeIcons' rules `.<class>:before { content: "\e9xx"; }`. */
export function iconCodepoints(css: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const m of css.matchAll(/\.(pi-[a-z0-9-]+):before\s*\{\s*content:\s*["']\\([0-9a-f]+)["']/gi)) out.set(m[1]!, parseInt(m[2]!, 16));
  return out;
}

/** A CSS `unicode-range` value for the code points: consecutive runs become ranges. */
export function unicodeRange(codepoints: Iterable<number>): string {
  const sorted = [...new Set(codepoints)].sort((a, b) => a - b);
  const hex = (n: number) => n.toString(16).toUpperCase();
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    parts.push(i === j ? `U+${hex(sorted[i]!)}` : `U+${hex(sorted[i]!)}-${hex(sorted[j]!)}`);
    i = j + 1;
  }
  return parts.join(',');
}

/**
 * PrimeIcons' stylesheet with its @font-face replaced by the two faces described above.
 * `subsetUrl` is the subset's woff2; `fullUrl` the untouched woff2 (relative to the stylesheet).
 */
export function subsetStylesheet(css: string, used: Set<number>, subsetUrl: string, fullUrl: string): string {
  const others = [...new Set(iconCodepoints(css).values())].filter((c) => !used.has(c));
  const face = (url: string, range: string) =>
    `@font-face{font-family:'primeicons';font-display:swap;font-weight:normal;font-style:normal;src:url('${url}') format('woff2');unicode-range:${range}}`;
  // The subset's range includes the space: a browser takes the line metrics of an element (its
  // baseline, hence where an icon sits) from the first face whose range has the space; without it
  // they came from a fallback font and icons sat 2 px higher than with the full font.
  const faces = [face(subsetUrl, unicodeRange([SPACE, ...used])), ...(others.length ? [face(fullUrl, unicodeRange(others))] : [])].join('\n');
  return css.replace(/@font-face\s*\{[^}]*\}/, faces);
}

export interface IconFontOptions {
  /** Folders whose sources name the icons to keep (the console, and the server's menu seeds). */
  sources: string[];
  /** Where the subset font is written (a cache folder, so Vite emits it like any asset). */
  cacheDir: string;
}

const PRIMEICONS_CSS = /[\\/]primeicons[\\/]primeicons\.css(?:\?.*)?$/;

/** Vite plugin: rewrites primeicons.css at build (and dev) time; the subset is made once per run. */
export function primeIconsSubset(options: IconFontOptions) {
  let made: Promise<{ css: string; file: string }> | null = null;
  const make = async (css: string, cssFile: string) => {
    const { default: subsetFont } = await import('subset-font');
    const points = iconCodepoints(css);
    const used = new Set([...iconClassesIn(options.sources)].map((c) => points.get(c)).filter((c): c is number => c !== undefined));
    const full = readFileSync(join(dirname(cssFile), 'fonts/primeicons.woff2'));
    const subset = await subsetFont(full, String.fromCodePoint(SPACE, ...used), { targetFormat: 'woff2' });
    mkdirSync(options.cacheDir, { recursive: true });
    const file = join(options.cacheDir, 'primeicons-console.woff2');
    writeFileSync(file, subset);
    const rel = relative(dirname(cssFile), file).replaceAll('\\', '/');
    return { css: subsetStylesheet(css, used, rel.startsWith('.') ? rel : `./${rel}`, './fonts/primeicons.woff2'), file };
  };
  return {
    name: 'castanea:primeicons-subset',
    enforce: 'pre' as const,
    async transform(code: string, id: string) {
      if (!PRIMEICONS_CSS.test(id)) return null;
      made ??= make(code, id.replace(/\?.*$/, ''));
      return { code: (await made).css, map: null };
    },
  };
}
