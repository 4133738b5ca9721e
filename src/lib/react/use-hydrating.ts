import { useSyncExternalStore } from 'react';

const noChanges = () => () => undefined;

/**
 * True while React hydrates prerendered markup, false in a render on the client (and in the
 * render right after hydration): a first render may draw what the browser already holds (an early
 * answer, known preferences) only when it is not hydrating, for the prerender drew without them.
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(noChanges, () => false, () => true);
}
