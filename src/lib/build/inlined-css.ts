import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Astro inlines a page's small stylesheets as `<style>`; Vite's preload helper, asked for a lazily
 * imported module, loads the stylesheets of that module's chunks unless a
 * `<link rel="stylesheet">` with the same URL is on the page, and an inlined one is not. On a list
 * page that cost a late request for rules the page already held (issue 12). This names each
 * stylesheet the page holds inline with a disabled link: a browser neither fetches nor applies a
 * disabled stylesheet, and the helper, finding the link, skips it.
 */

/** The rules of a stylesheet, as they appear in minified output (each up to its closing brace). */
const rulesOf = (css: string) => css.split('}').filter((r) => r.trim()).map((r) => `${r}}`);

/** The stylesheets (built URL and text) whose every rule is inline in `html`, and not linked already. */
export function inlinedStylesheets(html: string, sheets: { url: string; css: string }[]): string[] {
  const inline = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]!).join('\n');
  if (!inline) return [];
  return sheets.filter(({ url, css }) => {
    if (html.includes(`href="${url}"`)) return false;
    const rules = rulesOf(css.trim());
    return rules.length > 0 && rules.every((r) => inline.includes(r));
  }).map((s) => s.url);
}

/** Adds a disabled link for each stylesheet the page holds inline (see above), before `</head>`. */
export function markInlinedStylesheets(html: string, sheets: { url: string; css: string }[]): string {
  const urls = inlinedStylesheets(html, sheets);
  if (!urls.length) return html;
  const links = urls.map((url) => `<link rel="stylesheet" href="${url}" disabled>`).join('');
  const at = html.indexOf('</head>');
  return at < 0 ? html : html.slice(0, at) + links + html.slice(at);
}

/** The built stylesheets of `distDir`/`assetsDir`, with their URLs under `base`. */
export function builtStylesheets(distDir: string, base: string, assetsDir = '_assets'): { url: string; css: string }[] {
  return readdirSync(join(distDir, assetsDir))
    .filter((f) => f.endsWith('.css'))
    .map((f) => ({ url: `${base}${assetsDir}/${f}`, css: readFileSync(join(distDir, assetsDir, f), 'utf8') }));
}
