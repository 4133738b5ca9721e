import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '../../../shared/i18n/locales.ts';
import { LANGUAGE_PAGES_DIR } from '../../../shared/constants.ts';

/** The languages whose pages are built beside the default language's, in `_lang/<language>/`. */
export const OTHER_LOCALES = LOCALES.filter((l) => l !== DEFAULT_LOCALE);

/**
 * The route of a page file (relative to src/pages, with '/'): 'system/[...screen].astro' →
 * '/system/[...screen]', 'index.astro' → '/', 'index/index.astro' → '/index'.
 */
export function routeOfPage(file: string): string {
  const route = file.replace(/\.astro$/, '').replace(/(^|\/)index$/, '');
  return `/${route}`.replace(/\/$/, '') || '/';
}

/** Where a language's copy of a route is built: '/_lang/en/system/[...screen]'. */
export const languageRoute = (lng: Locale, route: string) => `/${LANGUAGE_PAGES_DIR}/${lng}${route === '/' ? '' : route}`;

/** Build folders of pages ('login') with their copies in the other languages ('_lang/en/login'…). */
export const withLanguageCopies = (pages: readonly string[]): string[] => [...pages, ...OTHER_LOCALES.flatMap((lng) => pages.map((p) => `${LANGUAGE_PAGES_DIR}/${lng}/${p}`))];

/** The language a page is rendered in, from its built URL path (base included or not). */
export function languageOfPath(pathname: string): Locale {
  const m = new RegExp(`(?:^|/)${LANGUAGE_PAGES_DIR}/([^/]+)(?:/|$)`).exec(pathname);
  return m && isLocale(m[1]) ? m[1] : DEFAULT_LOCALE;
}

/**
 * Not the docs, English whatever the language (their zh-CN pages switch their few labels), nor
 * /admin/ itself, which only sends the browser on to Home.
 */
export const inEachLanguage = (file: string) => !/^docs(\/|\.astro$)/.test(file) && file !== 'index.astro';

function pageFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.astro'))
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/'));
}

/**
 * Every page is built once per language: zh-CN at its own path, the others in
 * `_lang/<language>/` (src/middleware.ts renders each in its language). The server sends the
 * copy of the language the reader chose (its cookie, console-static.ts), so the first paint is
 * already in that language and the islands hydrate in it; a host that cannot choose sends the
 * zh-CN page, which switches after hydration as before (docs/architecture.md).
 */
export function languagePages(): AstroIntegration {
  return {
    name: 'castanea:language-pages',
    hooks: {
      'astro:config:setup': ({ config, injectRoute }) => {
        const pages = fileURLToPath(new URL('./src/pages/', config.root));
        for (const file of pageFiles(pages).filter(inEachLanguage)) {
          for (const lng of OTHER_LOCALES) {
            injectRoute({ pattern: languageRoute(lng, routeOfPage(file)), entrypoint: `./src/pages/${file}` });
          }
        }
      },
    },
  };
}
