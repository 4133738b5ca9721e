import type { Plugin } from 'vite';

/** The attribute a page's islands carry when they arrived by a client-side swap (islands/shell/boot.ts). */
export const FRESH_ISLAND_ATTRIBUTE = 'data-fresh';

const CLIENT = /[\\/]@astrojs[\\/]react[\\/]dist[\\/]client\.js$/;
const BRANCH = 'if (client === "only") {';

/**
 * Astro's React renderer hydrates every island that has prerendered markup. After a client-side
 * swap that markup is the page's skeleton, drawn without the answers the browser already holds:
 * hydrating it, then drawing the rows, is two renders and a layout. An island marked fresh is
 * rendered afresh instead (`createRoot`, as `client:only`), so its first render draws the rows.
 */
export function freshAfterSwap(): Plugin {
  return {
    name: 'castanea:fresh-after-swap',
    enforce: 'pre',
    transform(code, id) {
      if (!CLIENT.test(id)) return undefined;
      if (!code.includes(BRANCH)) this.error(`@astrojs/react's client changed: "${BRANCH}" not found (src/lib/build/fresh-after-swap.ts)`);
      return code.replace(BRANCH, `if (client === "only" || element.hasAttribute(${JSON.stringify(FRESH_ISLAND_ATTRIBUTE)})) {`);
    },
  };
}
