import { fileURLToPath } from 'node:url';
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import { primeTheme } from './src/lib/theme/vite-plugin.ts';
import { primeIconsSubset } from './src/lib/theme/icon-font.ts';
import { monacoCss } from './src/lib/code/vite-monaco-css.ts';
import { precompress } from './src/lib/build/precompress.ts';
import { modulePreload } from './src/lib/build/module-preload.ts';
import { criticalCss } from './src/lib/build/critical-css.ts';
import { areaChunks } from './src/lib/build/area-chunks.ts';
import { screenChunks } from './src/lib/build/screen-chunks.ts';
import { catalogueChunks } from './src/lib/build/catalogue-chunks.ts';
import { definitionScreens } from './src/lib/build/definition-screens.ts';
import { swapWithoutViewTransition } from './src/lib/build/swap-without-view-transition.ts';
import { hydrateWithoutTransition } from './src/lib/build/hydrate-without-transition.ts';
import { accessiblePrimeDefault } from './src/lib/build/accessible-prime-default.ts';
import { languagePages, OTHER_LOCALES, withLanguageCopies } from './src/lib/build/language-pages.ts';

const nm = (pattern) => new RegExp(`[\\\\/]node_modules[\\\\/]${pattern}[\\\\/]`);
const script = (file) => new RegExp(`/${file}\\.astro\\?astro&type=script`);
/** A language's catalogues of the given namespaces (shared/i18n/locales/<lng>/<ns>.ts). */
const catalogues = (lng, names) => new RegExp(`[\\\\/]shared[\\\\/]i18n[\\\\/]locales[\\\\/]${lng}[\\\\/](${names.join('|')})\\.ts$`);
/** The namespaces the sign-in page draws, and those every signed-in page adds (the shell's, a list's). */
const SIGN_IN_TEXTS = ['auth', 'common', 'fields', 'request', 'validation'];
const SHELL_TEXTS = ['home', 'shell', 'resource', 'widgets'];

/**
 * Client chunks per area (src/lib/build/area-chunks.ts): the sign-in page's scripts, the shell that
 * every signed-in page loads, and the screens the issue 12 budgets name (lists, the content list,
 * the content editor). React and Zod are chunks of their own.
 */
const AREAS = {
  vendor: [
    // With React: an icon's base (src/components/widgets/icon-base.ts, in place of PrimeReact's), clsx
    // and the icon PrimeReact's button shares with the lists' table. Above PrimeReact's core, or a
    // list drawing icons would load the core for them; in a chunk every signed-in page loads, or the
    // pages drawing icons would load one file more.
    { name: 'react', test: new RegExp(`${nm('(react|react-dom|scheduler|@nanostores[\\\\/]react|clsx|primereact[\\\\/]icons[\\\\/]spinner)').source}|[\\\\/]components[\\\\/]widgets[\\\\/]icon-base\\.ts$`) },
    { name: 'zod', test: nm('zod') },
    // PrimeReact's core (settings, utilities, base component, hooks, portals, transitions) and the
    // button, text field and tooltip most of its components draw: every screen's components import
    // it; the shell draws none until an overlay opens, so Home's first load goes without it, and a
    // list's first render neither (light-prime.tsx): its date picker or dropdown, loaded when
    // touched, brings it then (in a chunk of the list's own, it would be loaded with the list).
    // With them the console's bound tooltip (BoundTooltip.tsx), which lists load lazily and the
    // content list statically: in a content chunk, a list's tooltips would load that chunk.
    { name: 'prime', test: new RegExp(`${nm('(primereact[\\\\/](api|utils|componentbase|hooks|ripple|csstransition|portal|overlayservice|button|inputtext|tooltip|keyfilter|badge)|react-transition-group|dom-helpers|@babel[\\\\/]runtime)').source}|[\\\\/]components[\\\\/]widgets[\\\\/]BoundTooltip\\.tsx$`) },
  ],
  // Zod and the modules that use it apart: the forms validate; a page sharing other modules with them need not.
  apart: nm('zod'),
  // Loaded when drawn, in a chunk of its own: the calendar (~16 KiB compressed), the popup menus' Menu (~5 KiB),
  // the dropdown (~15 KiB) and the number field (~7 KiB) behind their stand-ins.
  // The sign-in forms' checks (zod) likewise, once the user starts on a form (islands/auth/form-kit.ts lazyChecks).
  widgets: [/\/components\/widgets\/(DateTimePicker|SelectDropdown|MultiSelectDropdown|NumberSpinner)\.tsx$/, nm('primereact[\\\\/](menu|multiselect)'), /\/islands\/auth\/checks\.ts$/],
  // Each widget with its library in one file (other islands import the libraries statically, so
  // rolldown's split made three or four); the icon the calendar and the dropdown share apart.
  lazy: [
    { name: 'chevron-up', test: nm('primereact[\\\\/]icons[\\\\/]chevronup') },
    { name: 'select', test: /\/components\/widgets\/SelectDropdown\.tsx$|[\\/]node_modules[\\/]primereact[\\/](dropdown|virtualscroller)[\\/]/ },
    { name: 'multiselect', test: /\/components\/widgets\/MultiSelectDropdown\.tsx$|[\\/]node_modules[\\/]primereact[\\/]multiselect[\\/]/ },
    { name: 'number', test: /\/components\/widgets\/NumberSpinner\.tsx$|[\\/]node_modules[\\/]primereact[\\/]inputnumber[\\/]/ },
    // A page in another language fetches its texts before it hydrates (src/lib/build/catalogue-chunks.ts):
    // those of the sign-in page and those of every signed-in page in a file each, not a file per namespace.
    ...OTHER_LOCALES.flatMap((lng) => [
      { name: `texts-${lng}`, test: catalogues(lng, SIGN_IN_TEXTS) },
      { name: `texts-${lng}-shell`, test: catalogues(lng, SHELL_TEXTS) },
    ]),
  ],
  // A screen chunk under 16 KB of source joins a bigger one its pages load anyway: one file fewer.
  mergeBelow: 16 * 1024,
  signIn: [script('pages/login'), script('components/LanguageBoot')],
  shell: [
    script('layouts/ConsoleLayout'),
    script('ClientRouter'),
    /\/islands\/shell\/Shell(Top|Sidebar|Services)\.tsx$/,
    /@astrojs\/react\/dist\/client\.js$/,
  ],
  screens: {
    home: [/\/islands\/home\/HomeWelcome\.tsx$/],
    list: [/\/islands\/resource\/ResourceIsland\.tsx$/],
    content: [/\/ContentIsland\.tsx$/],
    editor: [/\/ContentEditorIsland\.tsx$/],
  },
};

// The console is a static site under /admin/; the API base is fixed at build time
// (PUBLIC_API_BASE, default /prod-api) so the same build can front another backend.
export default defineConfig({
  base: '/admin/',
  trailingSlash: 'ignore',
  output: 'static',
  build: { format: 'directory', assets: '_assets' },
  // languagePages: every page once more in each other language, under _lang/ (the server sends the
  // reader's); modulePreload: each page names at once every module its shell and islands import (no waves of
  // round trips); criticalCss: the sign-in pages draw from their own rules inline, the theme
  // loading after; precompress, last: Brotli and gzip twins of the output, served as they are.
  integrations: [languagePages(), react(), modulePreload(), criticalCss(withLanguageCopies(['login', 'register'])), precompress()],
  // The README page (/admin/docs) sits on a light card.
  markdown: { shikiConfig: { theme: 'github-light' } },
  vite: {
    // Theme colour #409EFF (spec §9) and system fonts instead of the theme's Inter.
    // Monaco's stylesheets are injected when the code editor loads (src/lib/code/vite-monaco-css.ts).
    plugins: [
      primeTheme({ primary: '#409EFF', sources: ['src'] }),
      // The icon font cut to the icons the console and its seeded menus name (src/lib/theme/icon-font.ts).
      primeIconsSubset({ sources: ['src', 'server'], cacheDir: 'node_modules/.cache/castanea-icons' }),
      monacoCss(),
      // The screens resource definitions declare (virtual:declared-screens).
      definitionScreens(),
      // Fixes to dependencies, at build time (src/lib/build/patch-module.ts).
      swapWithoutViewTransition(),
      hydrateWithoutTransition(),
      accessiblePrimeDefault(),
      areaChunks(AREAS),
      // Which chunks hold each resource screen, for the pages' preloads (module-preload.ts).
      screenChunks(fileURLToPath(new URL('./src/islands/resource/registry.ts', import.meta.url))),
      // Which chunks hold each language's texts and declare each namespace, for the preloads of pages in other languages.
      catalogueChunks(),
    ],
    // An icon's base without PrimeReact's utilities (src/components/widgets/icon-base.ts).
    resolve: { alias: [{ find: /^primereact\/iconbase$/, replacement: fileURLToPath(new URL('./src/components/widgets/icon-base.ts', import.meta.url)) }] },
    // PrimeReact 10 ships ESM that Node cannot import bare during prerender.
    environments: { prerender: { resolve: { noExternal: ['primereact'] } } },
    // Monaco's web workers (components/code/monaco-setup.ts) are ES modules with imports of their own.
    worker: { format: 'es' },
  },
});
