import { useRef, useState } from 'react';
import { useHydrating } from './use-hydrating.ts';

/**
 * A screen's first answer, when the page's head script has already brought it (settledGet): drawn
 * in the first render instead of one render and commit later. `settled(take)` looks it up; a render
 * only looks (React may throw a render away and render again), and the first effect calls
 * `takeFirst()`, which takes it (so a reload asks the server) and says whether the screen started
 * from it, i.e. whether that effect has nothing to fetch. A screen hydrating from its prerender
 * starts without it, as the prerender did (its effect then takes the answer through the request).
 */
export function useFirstAnswer<T>(settled: (take: boolean) => T | null): { first: T | null; takeFirst(): boolean } {
  const hydrating = useHydrating();
  const [first] = useState(() => (hydrating ? null : settled(false)));
  const pending = useRef(first !== null);
  return {
    first,
    takeFirst() {
      if (!pending.current) return false;
      pending.current = false;
      settled(true);
      return true;
    },
  };
}
