import type { Plugin } from 'vite';
import { BUILT_LANGUAGE_ATTRIBUTE, PAGE_TEXTS_ATTRIBUTE } from '../../../shared/constants.ts';
import { DEFAULT_LOCALE } from '../../../shared/i18n/locales.ts';

/**
 * The texts a page built in another language fetches before its islands hydrate, named in its
 * preloads (module-preload.ts). A zh-CN page's texts come with its code; an en or zh-TW page's
 * islands wait for their language's catalogues (i18n.ts `beforeHydrate`), which the page asked
 * for only once its modules had all arrived and run: a round trip after the last of them on a
 * slow link. Named in the HTML, they come alongside the modules.
 *
 * Which catalogues: those of the namespaces the prerender drew (`data-texts` on <html>) and those
 * the page's modules declare (a chunk holding `src/lib/i18n/ns/<name>.ts`), read off the client
 * build's chunks.
 */

const NAMESPACE_MODULE = /\/src\/lib\/i18n\/ns\/(\w+)\.ts$/;
const CATALOGUE_MODULE = /\/shared\/i18n\/locales\/([\w-]+)\/(\w+)\.ts$/;

/** Built file → the namespaces its modules declare. */
const declaredIn = new Map<string, string[]>();
/** `<language>/<namespace>` → the built file of that catalogue. */
const catalogueFile = new Map<string, string>();

/** The namespaces declared by the modules of `files` (names under the build's output folder). */
export function declaredNamespaces(files: Iterable<string>): string[] {
  return [...new Set([...files].flatMap((f) => declaredIn.get(f) ?? []))];
}

/** The built file of `lng`'s catalogue of `ns`, if the build has one. */
export const catalogueOf = (lng: string, ns: string): string | undefined => catalogueFile.get(`${lng}/${ns}`);

/** The language a built page was prerendered in, and the namespaces it drew. */
export function pageLanguage(html: string): { lng: string | null; drawn: string[] } {
  const tag = /<html\b[^>]*>/.exec(html)?.[0] ?? '';
  const attr = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];
  return { lng: attr(BUILT_LANGUAGE_ATTRIBUTE) ?? null, drawn: (attr(PAGE_TEXTS_ATTRIBUTE) ?? '').split(',').filter(Boolean) };
}

/**
 * The catalogue files a page built in `lng` needs before it hydrates, given the files its
 * modules are in (under the build's output folder); none for zh-CN, whose texts are in the code.
 */
export function pageCatalogues(html: string, moduleFiles: Iterable<string>): string[] {
  const { lng, drawn } = pageLanguage(html);
  if (!lng || lng === DEFAULT_LOCALE) return [];
  const names = [...new Set([...drawn, ...declaredNamespaces(moduleFiles)])].sort();
  // (several namespaces may share a file: astro.config.mjs groups those every page draws)
  return [...new Set(names.map((ns) => catalogueOf(lng, ns)).filter((f): f is string => f !== undefined))];
}

/** Records, from one client build's chunks, what `declaredNamespaces` and `catalogueOf` answer. */
export function recordChunks(chunks: Iterable<{ fileName: string; moduleIds: readonly string[] }>): void {
  declaredIn.clear();
  catalogueFile.clear();
  for (const chunk of chunks) {
    const declared: string[] = [];
    for (const id of chunk.moduleIds) {
      const ns = NAMESPACE_MODULE.exec(id)?.[1];
      if (ns) declared.push(ns);
      const catalogue = CATALOGUE_MODULE.exec(id);
      if (catalogue && catalogue[1] !== DEFAULT_LOCALE) catalogueFile.set(`${catalogue[1]}/${catalogue[2]}`, chunk.fileName);
    }
    if (declared.length) declaredIn.set(chunk.fileName, declared);
  }
}

/** The Vite plugin: after the client build's chunks are made, records where the texts are. */
export function catalogueChunks(): Plugin {
  return {
    name: 'castanea:catalogue-chunks',
    applyToEnvironment: (env) => env.name === 'client',
    generateBundle(_options, bundle) {
      recordChunks(Object.values(bundle).flatMap((out) => (out.type === 'chunk' ? [out] : [])));
    },
  };
}
