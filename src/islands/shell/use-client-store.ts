import { useStore } from '@nanostores/react';
import type { ReadableAtom } from 'nanostores';

/**
 * useStore whose hydration pass sees `server` (what the prerender drew), then the live value.
 * Shell stores start from localStorage in the browser, so their first client value may differ
 * from the prerender's defaults; this keeps hydration quiet.
 */
export function useClientStore<T>(store: ReadableAtom<T>, server: T): T {
  return useStore(store, { ssr: () => server } as never) as T;
}
