import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import { primeTheme } from './src/lib/theme/vite-plugin.ts';
import { monacoCss } from './src/lib/code/vite-monaco-css.ts';
import { precompress } from './src/lib/build/precompress.ts';
import { modulePreload } from './src/lib/build/module-preload.ts';

const nm = (pattern) => new RegExp(`[\\\\/]node_modules[\\\\/]${pattern}[\\\\/]`);
/** Chunk groups (rolldown `codeSplitting.groups`): React, PrimeReact's core, the shell's own modules. */
const SHELL_CHUNKS = [
  { name: 'react', test: nm('(react|react-dom|scheduler|@nanostores[\\\\/]react)'), priority: 30 },
  { name: 'prime-core', test: nm('primereact[\\\\/](api|utils|hooks|componentbase|csstransition|portal|ripple|button|dialog|skeleton|icons[\\\\/][a-z]+)'), priority: 20 },
];

// The console is a static site under /admin/; the API base is fixed at build time
// (PUBLIC_API_BASE, default /prod-api) so the same build can front another backend.
export default defineConfig({
  base: '/admin/',
  trailingSlash: 'ignore',
  output: 'static',
  build: { format: 'directory', assets: '_assets' },
  // modulePreload: each page names at once every module its shell and islands import (no waves of
  // round trips); precompress, last: Brotli and gzip twins of the output, served as they are.
  integrations: [react(), modulePreload(), precompress()],
  // The README page (/admin/docs) sits on a light card.
  markdown: { shikiConfig: { theme: 'github-light' } },
  vite: {
    // Theme colour #409EFF (spec §9) and system fonts instead of the theme's Inter.
    // Monaco's stylesheets are injected when the code editor loads (src/lib/code/vite-monaco-css.ts).
    plugins: [primeTheme({ primary: '#409EFF' }), monacoCss()],
    // PrimeReact 10 ships ESM that Node cannot import bare during prerender.
    environments: { prerender: { resolve: { noExternal: ['primereact'] } } },
    // Fewer, larger chunks for what every signed-in page loads (issue 12): on a slow link each
    // request costs a round trip, and the browser opens six connections to a host. Only code the
    // shell loads on every console page is grouped; the sign-in page uses none of it.
    build: { rolldownOptions: { output: { codeSplitting: { groups: SHELL_CHUNKS } } } },
    // Monaco's web workers (components/code/monaco-setup.ts) are ES modules with imports of their own.
    worker: { format: 'es' },
  },
});
