import type { Plugin } from 'vite';
import { recolorLara, withSystemFonts } from './palette.ts';

const THEME_FILE = /primereact\/resources\/themes\/lara-light-blue\/theme\.css(?:\?.*)?$/;

/**
 * Build-time pass over PrimeReact's lara-light-blue theme: primary colour → the console's theme
 * colour, web font → system fonts. Runs before Vite's CSS plugin so the font urls are never
 * resolved or emitted.
 */
export function primeTheme(options: { primary: string }): Plugin {
  return {
    name: 'castanea:prime-theme',
    enforce: 'pre',
    transform(code, id) {
      if (!THEME_FILE.test(id.replaceAll('\\', '/'))) return null;
      return { code: recolorLara(withSystemFonts(code), options.primary), map: null };
    },
  };
}
