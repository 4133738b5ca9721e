import { useEffect, useState } from 'react';

/** How long a part waits, hidden, for its data before it shows anyway (a slow or failed call). */
export const SHELL_SETTLE_MAX_MS = 4000;

/**
 * Whether a part may be shown: once what decides its size has arrived (`ready`, and from then on,
 * whatever `ready` says later), or after `maxMs` whatever happened. A part drawn while its data
 * arrives piece by piece moves what sits beside it at each piece (a layout shift); laid out hidden
 * (`visibility: hidden` through a `data-settling` attribute) it moves nothing, and is shown once,
 * complete.
 */
export function useSettled(ready: boolean, maxMs: number): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (ready) setSettled(true);
  }, [ready]);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(true), maxMs);
    return () => clearTimeout(timer);
  }, [maxMs]);
  return ready || settled;
}

/** The attribute a settling part carries while hidden (the CSS hides `[data-settling]`). */
export const settlingAttribute = (settled: boolean) => ({ 'data-settling': settled ? undefined : '' });
