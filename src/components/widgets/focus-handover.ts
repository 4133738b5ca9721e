import { useLayoutEffect } from 'react';

/** Ids of inputs that had the focus as they left the page, for what is drawn in their place. */
const leftFocused = new Set<string>();

/**
 * The focus across a stand-in's swaps (StandInFirst: the stand-in drawn again as Suspense's
 * fallback once the page hydrates, then the widget in its place): the element of `id` that leaves
 * with the focus hands it to the next one of the same id, in the commit that swaps them, before
 * the browser handles another key (which would otherwise go to the page's body and be lost).
 */
export function useFocusHandover(id: string | undefined): void {
  useLayoutEffect(() => {
    if (!id) return;
    const el = document.getElementById(id);
    if (leftFocused.delete(id) && el && document.activeElement !== el) {
      el.focus();
      if (el instanceof HTMLInputElement) el.setSelectionRange(el.value.length, el.value.length);
    }
    return () => {
      if (!el || document.activeElement !== el) return;
      leftFocused.add(id);
      // Only for what the same commit draws in its place: a field that left for good (its dialog
      // closed) must not take the focus from a field of its id drawn much later.
      queueMicrotask(() => leftFocused.delete(id));
    };
  }, [id]);
}
