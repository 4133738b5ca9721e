import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { recolorLara, withSystemFonts } from './palette.ts';
import { primeModules, pruneCss, unusedModules, usedModules } from './prune.ts';

const THEME_FILE = /primereact\/resources\/themes\/lara-light-blue\/theme\.css(?:\?.*)?$/;

/**
 * Build-time pass over PrimeReact's lara-light-blue theme: primary colour → the console's theme
 * colour, web font → system fonts, and without the rules of components the console never renders
 * (prune.ts: `sources` are the folders whose imports say which). Runs before Vite's CSS plugin so
 * the font urls are never resolved or emitted.
 */
export function primeTheme(options: { primary: string; sources: string[] }): Plugin {
  let root = process.cwd();
  let drop: Set<string> | null = null;
  const unused = () => {
    if (!drop) {
      const primeDir = dirname(createRequire(import.meta.url).resolve('primereact/package.json'));
      const { used, corpus } = usedModules(primeDir, options.sources.map((s) => resolve(root, s)));
      drop = unusedModules(primeModules(primeDir), used, corpus);
    }
    return drop;
  };
  return {
    name: 'castanea:prime-theme',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    transform(code, id) {
      if (!THEME_FILE.test(id.replaceAll('\\', '/'))) return null;
      return { code: pruneCss(recolorLara(withSystemFonts(code), options.primary), unused()), map: null };
    },
  };
}
