import { useCallback, useLayoutEffect, useState } from 'react';

/**
 * A widget kept as its stand-in until it is wanted (StandInFirst's `awake`): its code and its render
 * wait for the user's first touch of the field. Returns whether it is wanted, and what wants it.
 */
export function useWake(): [awake: boolean, wake: () => void] {
  const [awake, setAwake] = useState(false);
  return [awake, useCallback(() => setAwake(true), [])];
}

/**
 * In a waiting stand-in: the field focused before the page hydrated (its input, `id`) is wanted
 * already; `focused` tells the widget to take the focus when it comes.
 */
export function useWakeIfFocused(id: string | undefined, wake: (() => void) | undefined, focused?: () => void): void {
  useLayoutEffect(() => {
    if (!wake || !id || document.activeElement !== document.getElementById(id)) return;
    focused?.();
    wake();
  }, []);
}
