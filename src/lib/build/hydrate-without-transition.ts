import { patchModule } from './patch-module.ts';

/**
 * Astro's React renderer hydrates every island inside `startTransition`, then renders it again
 * with the same element. A transition's hydration is time-sliced: React yields every few
 * milliseconds, and between its slices the browser lays out and paints the whole page (the
 * console's pages are large: 20–45 ms a frame on a 2-core machine), several times over before the
 * island is live. Hydrated outside a transition, React takes its blocking hydration lane: one task,
 * nothing drawn in between, the page the same before and after. A root that already exists (an
 * island re-rendered with new props) still updates in a transition, as before.
 *
 * A page built in another language than zh-CN hydrates in it: the island waits for that
 * language's texts first (`__castaneaBeforeHydrate`, src/lib/i18n/i18n.ts `beforeHydrate`), or it
 * would draw zh-CN where its prerender has English (a hydration mismatch).
 */
export const hydrateWithoutTransition = () =>
  patchModule('hydrate-without-transition', /[\\/]@astrojs[\\/]react[\\/]dist[\\/]client\.js$/, [
    {
      find: `  startTransition(() => {
    const root = getOrCreateRoot(element, () => {
      const r = hydrateRoot(element, componentEl, renderOptions);
      element.addEventListener("astro:unmount", () => r.unmount(), { once: true });
      return r;
    });
    root.render(componentEl);
  });`,
      replace: `  const existing = rootMap.get(element);
  if (existing) {
    startTransition(() => existing.render(componentEl));
    return;
  }
  const hydrate = () => {
    if (rootMap.has(element)) return;
    const r = hydrateRoot(element, componentEl, renderOptions);
    element.addEventListener("astro:unmount", () => r.unmount(), { once: true });
    rootMap.set(element, r);
  };
  const texts = globalThis.__castaneaBeforeHydrate?.();
  if (texts) return texts.then(hydrate);
  hydrate();`,
    },
  ]);
