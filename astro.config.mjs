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
import { definitionScreens } from './src/lib/build/definition-screens.ts';
import { swapWithoutViewTransition } from './src/lib/build/swap-without-view-transition.ts';

const nm = (pattern) => new RegExp(`[\\\\/]node_modules[\\\\/]${pattern}[\\\\/]`);
const script = (file) => new RegExp(`/${file}\\.astro\\?astro&type=script`);
/**
 * Client chunks per area (src/lib/build/area-chunks.ts): the sign-in page's scripts, the shell that
 * every signed-in page loads, and the screens the issue 12 budgets name (lists, the content list,
 * the content editor). React and Zod are chunks of their own.
 */
const AREAS = {
  vendor: [
    { name: 'react', test: nm('(react|react-dom|scheduler|@nanostores[\\\\/]react)') },
    { name: 'zod', test: nm('zod') },
    // PrimeReact's core (settings, utilities, base component, hooks, portals, transitions): every
    // screen's components import it; the shell draws none until an overlay opens, so Home's first
    // load goes without it.
    { name: 'prime', test: nm('(primereact[\\\\/](api|utils|componentbase|hooks|ripple|csstransition|portal|overlayservice|iconbase)|react-transition-group|dom-helpers|@babel[\\\\/]runtime)') },
  ],
  // Zod and the modules that use it apart: the forms validate; a page sharing other modules with them need not.
  apart: nm('zod'),
  // Loaded when drawn, in a chunk of its own: the calendar (~16 KiB compressed), the popup menus' Menu (~5 KiB),
  // the dropdown (~15 KiB) and the number field (~7 KiB) behind their stand-ins.
  // The sign-in forms' checks (zod) likewise, once the user starts on a form (islands/auth/form-kit.ts lazyChecks).
  widgets: [/\/components\/widgets\/(DateTimePicker|SelectDropdown|NumberSpinner)\.tsx$/, nm('primereact[\\\\/](menu|multiselect)'), /\/islands\/auth\/checks\.ts$/],
  // Each widget with its library in one file (other islands import the libraries statically, so
  // rolldown's split made three or four); the icon the calendar and the dropdown share apart.
  lazy: [
    { name: 'chevron-up', test: nm('primereact[\\\\/]icons[\\\\/]chevronup') },
    { name: 'select', test: /\/components\/widgets\/SelectDropdown\.tsx$|[\\/]node_modules[\\/]primereact[\\/](dropdown|virtualscroller)[\\/]/ },
    { name: 'number', test: /\/components\/widgets\/NumberSpinner\.tsx$|[\\/]node_modules[\\/]primereact[\\/]inputnumber[\\/]/ },
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
  // modulePreload: each page names at once every module its shell and islands import (no waves of
  // round trips); criticalCss: the sign-in pages draw from their own rules inline, the theme
  // loading after; precompress, last: Brotli and gzip twins of the output, served as they are.
  integrations: [react(), modulePreload(), criticalCss(['login', 'register']), precompress()],
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
      areaChunks(AREAS),
      // Which chunks hold each resource screen, for the pages' preloads (module-preload.ts).
      screenChunks(fileURLToPath(new URL('./src/islands/resource/registry.ts', import.meta.url))),
    ],
    // PrimeReact 10 ships ESM that Node cannot import bare during prerender.
    environments: { prerender: { resolve: { noExternal: ['primereact'] } } },
    // Monaco's web workers (components/code/monaco-setup.ts) are ES modules with imports of their own.
    worker: { format: 'es' },
  },
});
