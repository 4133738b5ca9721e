import { useState } from 'react';

/**
 * True from the first render where `condition` held, for good: a part loaded on first need stays
 * mounted (so a dialog can animate closing, a toast finish its life).
 */
export function useOnce(condition: boolean): boolean {
  const [held, setHeld] = useState(condition);
  if (condition && !held) setHeld(true);
  return held || condition;
}


