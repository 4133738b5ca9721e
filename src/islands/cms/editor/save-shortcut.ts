import { useEffect, useRef } from 'react';

/**
 * Ctrl+S (Cmd+S on a Mac) saves what is being edited instead of saving the web page. Editors stack:
 * a chapter dialog open over the book takes the key while it is open. The handler runs without
 * touching the focus, so the cursor stays where it was.
 */
const stack: (() => void)[] = [];
let installed = false;

function onKey(e: KeyboardEvent) {
  if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey || e.key.toLowerCase() !== 's') return;
  const top = stack[stack.length - 1];
  if (!top) return;
  e.preventDefault();
  e.stopPropagation();
  top();
}

export function useSaveShortcut(handler: () => void, active = true): void {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    if (!active) return;
    const entry = () => ref.current();
    stack.push(entry);
    if (!installed) {
      installed = true;
      window.addEventListener('keydown', onKey, true);
    }
    return () => {
      const i = stack.lastIndexOf(entry);
      if (i >= 0) stack.splice(i, 1);
    };
  }, [active]);
}
