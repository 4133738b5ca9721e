import { useStore } from '@nanostores/react';
import type { ReadableAtom } from 'nanostores';

/**
 * useStore that hydrates with the store's initial value, i.e. what the prerender saw, and then
 * moves to the live value: a store filled before an island hydrates (user info, stored choices)
 * cannot cause a hydration mismatch.
 */
export function useHydratedStore<T>(store: ReadableAtom<T>): T {
  return useStore(store, { ssr: 'initial' } as never) as T;
}
