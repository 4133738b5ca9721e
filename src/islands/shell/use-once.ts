import { useEffect, useState } from 'react';

/**
 * True from the first render where `condition` held, for good: a part loaded on first need stays
 * mounted (so a dialog can animate closing, a toast finish its life).
 */
export function useOnce(condition: boolean): boolean {
  const [held, setHeld] = useState(condition);
  if (condition && !held) setHeld(true);
  return held || condition;
}


/**
 * False until the browser is first idle after mounting (at the latest `timeoutMs`): what a page
 * needs only later (the notice host) loads after its first content is drawn, not before it.
 */
export function useIdle(timeoutMs = 2000): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(() => setIdle(true), { timeout: timeoutMs });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(() => setIdle(true), 200);
    return () => clearTimeout(id);
  }, [timeoutMs]);
  return idle;
}
