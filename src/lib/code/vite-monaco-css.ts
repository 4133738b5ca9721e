import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Monaco's own stylesheets, injected when Monaco loads. Monaco's modules import about a hundred
 * .css files; Astro hoists the CSS of islands into the pages' stylesheets and has no place for CSS
 * met only behind a dynamic import (the code editor's), so a plain build dropped it and the editor
 * drew unstyled. Here each of those imports becomes a small module that adds the stylesheet to the
 * document when it runs — that is, only on pages that open the editor. The fonts they name
 * (codicons) are emitted as assets of the build. The console's CSP allows inline styles
 * (PrimeReact injects its own), and no script.
 */

const MONACO_ESM = /[\\/]monaco-editor[\\/]esm[\\/]/;
const PREFIX = '\0monaco-style:';
const SUFFIX = '.js';

export function monacoCss(): Plugin {
  return {
    name: 'castanea:monaco-css',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!importer || !source.endsWith('.css') || !MONACO_ESM.test(importer)) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      return resolved && MONACO_ESM.test(resolved.id) ? `${PREFIX}${resolved.id}${SUFFIX}` : null;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const file = id.slice(PREFIX.length, -SUFFIX.length);
      const assets: string[] = [];
      const css = readFileSync(file, 'utf8').replace(/url\((['"]?)([^'")]+)\1\)/g, (whole, _q: string, url: string) => {
        if (/^(?:data:|[a-z]+:\/\/|#)/i.test(url)) return whole;
        assets.push(resolve(dirname(file), url.split(/[?#]/)[0]!));
        return `url("__MONACO_ASSET_${assets.length - 1}__")`;
      });
      return [
        ...assets.map((a, i) => `import asset${i} from ${JSON.stringify(`${a}?url`)};`),
        `let css = ${JSON.stringify(css)};`,
        ...assets.map((_, i) => `css = css.split("__MONACO_ASSET_${i}__").join(asset${i});`),
        `if (typeof document !== 'undefined') { const style = document.createElement('style'); style.dataset.monaco = ${JSON.stringify(file.split(/[\\/]/).pop())}; style.textContent = css; document.head.appendChild(style); }`,
        'export default css;',
      ].join('\n');
    },
  };
}
