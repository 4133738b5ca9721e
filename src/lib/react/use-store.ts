import { useStore } from '@nanostores/react';
import type { ReadableAtom, WritableAtom } from 'nanostores';

/**
 * useStore that hydrates with what the prerender saw, then moves to the live value: a store filled
 * before an island hydrates (user info, stored choices, cached menus) cannot cause a hydration
 * mismatch. An atom's prerender value is its initial one; a computed store has none of its own
 * (nanostores leaves it undefined, which a render then reads as a value), nor has an atom whose
 * initial value comes from the browser's storage: those pass what the prerender drew from.
 */
export function useHydratedStore<T>(store: WritableAtom<T>, prerendered?: T): T;
export function useHydratedStore<T>(store: ReadableAtom<T>, prerendered: T): T;
export function useHydratedStore<T>(store: ReadableAtom<T>, ...given: [T?]): T {
  const prerendered = given.length > 0 ? (given[0] as T) : (store.init as T);
  return useStore(store, { ssr: () => prerendered } as never) as T;
}
