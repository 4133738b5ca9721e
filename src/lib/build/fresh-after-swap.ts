import { patchModule } from './patch-module.ts';

/** The attribute a page's islands carry when they arrived by a client-side swap (islands/shell/boot.ts). */
export const FRESH_ISLAND_ATTRIBUTE = 'data-fresh';

/**
 * Astro's React renderer hydrates every island that has prerendered markup. After a client-side
 * swap that markup is the page's skeleton, drawn without the answers the browser already holds:
 * hydrating it, then drawing the rows, is two renders and a layout. An island marked fresh is
 * rendered afresh instead (`createRoot`, as `client:only`), so its first render draws the rows.
 */
export const freshAfterSwap = () =>
  patchModule('fresh-after-swap', /[\\/]@astrojs[\\/]react[\\/]dist[\\/]client\.js$/, [
    { find: 'if (client === "only") {', replace: `if (client === "only" || element.hasAttribute(${JSON.stringify(FRESH_ISLAND_ATTRIBUTE)})) {` },
  ]);
