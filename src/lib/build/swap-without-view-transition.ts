import { patchModule } from './patch-module.ts';

/**
 * Astro's client router swaps pages inside a native view transition when the browser has them.
 * The console animates nothing between pages (its `animation: none` rules for the transition are
 * gone with it), but the transition still paused the page's rendering from the swap until the
 * browser had captured the new page: ~150 ms of a warm switch here with the main thread idle, the
 * new rows drawn but not shown. The router's own fallback (`fallback="swap"`, ConsoleLayout.astro)
 * swaps the same DOM, in the same events, without one.
 */
export const swapWithoutViewTransition = () =>
  patchModule('swap-without-view-transition', /[\\/]astro[\\/]dist[\\/]transitions[\\/]router\.js$/, [
    { find: 'const supportsViewTransitions = inBrowser && !!document.startViewTransition;', replace: 'const supportsViewTransitions = false;' },
  ]);
