import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import type { AstroIntegration } from 'astro';
import { builtStylesheets, markInlinedStylesheets } from './inlined-css.ts';
import { afterBuild } from './base.ts';
import { pageScreens, screenFiles } from './screen-chunks.ts';
import { pageCatalogues } from './catalogue-chunks.ts';

/**
 * Flattens each page's chain of module imports. A page names a few entry modules (its scripts,
 * and the component and renderer of each island hydrated on load); the browser learns of their
 * imports only once each file has arrived and been parsed, so on a slow link the shell's ~60
 * modules come in five or six waves of round trips. This adds to each built page a
 * `<link rel="modulepreload">` for every module its entries import statically, transitively (what
 * a dynamic `import()` names stays on demand, but for a resource page's screen, which its island
 * loads as it mounts: screen-chunks.ts, and a page in another language's texts, which its islands
 * wait for: catalogue-chunks.ts), and a preload of the web font its stylesheets declare for icons,
 * so everything is asked for as soon as the HTML is read.
 */

/** The attribute marking a preload of a page's texts in its language (a zh-CN page has none). */
export const CATALOGUE_PRELOAD = 'data-catalogue';

const MODULE_IMPORT = /(?:^|[;}\s])(?:import|export)\s*(?:[\w*${}\s,]+?\s*from\s*)?["']([^"']+\.js)["']/g;

/** Every module `entries` import statically (entries included), as URLs under `base`. */
export function staticClosure(distDir: string, base: string, entries: string[]): string[] {
  const seen = new Set<string>();
  const visit = (url: string) => {
    if (seen.has(url) || !url.startsWith(base)) return;
    const file = join(distDir, url.slice(base.length));
    if (!existsSync(file)) return;
    seen.add(url);
    for (const m of readFileSync(file, 'utf8').matchAll(MODULE_IMPORT)) visit(posix.join(posix.dirname(url), m[1]!));
  };
  for (const e of entries) visit(e);
  return [...seen];
}

/**
 * The entries of a page: the islands hydrated on load and the module scripts, the page's own
 * islands (its screen) first, the shell's after (the islands the client router keeps across pages,
 * `transition:persist`). Preloaded in that order: on HTTP/1.1 the browser's six connections to the
 * host take the preloads in turn, so the screen's own files arrive first, and Astro hydrates each
 * island as its files are in: the screen before the navbar and the sidebar, whose markup is already
 * on screen.
 */
export function pageEntries(html: string): { screen: string[]; rest: string[] } {
  const screen = new Set<string>();
  const shell = new Set<string>();
  for (const m of html.matchAll(/<astro-island\b[^>]*>/g)) {
    if (!/\bclient="load"/.test(m[0])) continue;
    const into = /\bdata-astro-transition-persist=/.test(m[0]) ? shell : screen;
    for (const attr of ['component-url', 'renderer-url', 'before-hydration-url']) {
      const url = new RegExp(`\\b${attr}="([^"]+)"`).exec(m[0])?.[1];
      if (url) into.add(url);
    }
  }
  const scripts = [...html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!);
  return { screen: [...screen], rest: [...new Set([...scripts, ...shell])].filter((url) => !screen.has(url)) };
}

/** The woff2 of the icon font (primeicons) a page's stylesheets declare, if any. */
function iconFont(distDir: string, base: string, html: string): string | null {
  for (const m of html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*\bhref="([^"]+)"/g)) {
    const file = join(distDir, m[1]!.slice(base.length));
    if (!m[1]!.startsWith(base) || !existsSync(file)) continue;
    const woff2 = /url\(([^)]*primeicons[^)]*\.woff2)\)/.exec(readFileSync(file, 'utf8'))?.[1];
    if (woff2) return woff2.replace(/["']/g, '');
  }
  return null;
}

export function addPreloads(distDir: string, base: string, html: string): string {
  if (html.includes('rel="modulepreload"')) return html;
  const { screen, rest } = pageEntries(html);
  // A resource page's screen (its definition and texts, which its island loads as it mounts) with the island.
  const entries = [...screen, ...pageScreens(html).flatMap((name) => screenFiles(name).map((f) => posix.join(base, f))), ...rest];
  const modules = staticClosure(distDir, base, entries);
  const font = iconFont(distDir, base, html);
  const catalogues = pageCatalogues(html, modules.map((url) => url.slice(base.length)));
  const links = [
    // First of the modules (the islands wait for these before they hydrate), behind the first paint's needs like them.
    ...catalogues.map((file) => `<link rel="modulepreload" href="${posix.join(base, file)}" fetchpriority="low" ${CATALOGUE_PRELOAD}>`),
    ...modules.map((url) => `<link rel="modulepreload" href="${url}" fetchpriority="low">`),
    ...(font ? [`<link rel="preload" href="${font}" as="font" type="font/woff2" crossorigin fetchpriority="low">`] : []),
  ];
  if (!links.length) return html;
  // After the stylesheets (they block rendering; the modules do not).
  const at = html.lastIndexOf('<link rel="stylesheet"');
  const insertAt = at >= 0 ? html.indexOf('>', at) + 1 : html.indexOf('</head>');
  return html.slice(0, insertAt) + links.join('') + html.slice(insertAt);
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => join(e.parentPath, e.name));
}

export function modulePreload(): AstroIntegration {
  return afterBuild('castanea-module-preload', ({ distDir, base, logger }) => {
    let pages = 0;
    const sheets = builtStylesheets(distDir, base);
    for (const file of htmlFiles(distDir)) {
      const html = readFileSync(file, 'utf8');
      const next = markInlinedStylesheets(addPreloads(distDir, base, html), sheets);
      if (next !== html) {
        writeFileSync(file, next);
        pages++;
      }
    }
    logger.info(`modulepreload links added to ${pages} pages`);
  });
}
