import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import { primeTheme } from './src/lib/theme/vite-plugin.ts';
import { monacoCss } from './src/lib/code/vite-monaco-css.ts';
import { precompress } from './src/lib/build/precompress.ts';

// The console is a static site under /admin/; the API base is fixed at build time
// (PUBLIC_API_BASE, default /prod-api) so the same build can front another backend.
export default defineConfig({
  base: '/admin/',
  trailingSlash: 'ignore',
  output: 'static',
  build: { format: 'directory', assets: '_assets' },
  // precompress: Brotli and gzip twins of the output, served as they are (server/core/console-static.ts).
  integrations: [react(), precompress()],
  // The README page (/admin/docs) sits on a light card.
  markdown: { shikiConfig: { theme: 'github-light' } },
  vite: {
    // Theme colour #409EFF (spec §9) and system fonts instead of the theme's Inter.
    // Monaco's stylesheets are injected when the code editor loads (src/lib/code/vite-monaco-css.ts).
    plugins: [primeTheme({ primary: '#409EFF' }), monacoCss()],
    // PrimeReact 10 ships ESM that Node cannot import bare during prerender.
    environments: { prerender: { resolve: { noExternal: ['primereact'] } } },
    // Monaco's web workers (components/code/monaco-setup.ts) are ES modules with imports of their own.
    worker: { format: 'es' },
  },
});
