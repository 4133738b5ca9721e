/**
 * Whether the Escape key being handled right now is closing an open overlay (a dropdown's,
 * multi-select's, tree select's or date field's panel) rather than asking to close the dialog
 * around it.
 *
 * PrimeReact's dropdowns close their panel on Escape in their own keydown handler but let the
 * event go on to the document, where the dialog's Escape handler closes the dialog as well: one
 * key took the panel and the whole form away. So the key is looked at before anyone handles it
 * (capture phase on window): was a panel open then? The dialog asks this while that same key is
 * being dispatched; the answer is forgotten once the dispatch is over.
 */

/**
 * PrimeReact's connected overlays carry these classes from the moment they open until they start
 * to close (CSSTransition `p-connected-overlay`); they are unmounted once closed.
 */
const OPEN_OVERLAY = '.p-connected-overlay-enter, .p-connected-overlay-enter-active, .p-connected-overlay-enter-done';

let closingOverlay = false;
let watching = false;

function onKeyDown(event: KeyboardEvent) {
  if (event.key !== 'Escape' || !document.querySelector(OPEN_OVERLAY)) return;
  closingOverlay = true;
  // Every handler of this key runs before the task queue does: then it is over.
  setTimeout(() => {
    closingOverlay = false;
  });
}

/** Starts watching Escape keys (once per page; a dialog calls it when it mounts). */
export function watchOverlayEscapes(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  window.addEventListener('keydown', onKeyDown, true);
}

/** True while the Escape key being dispatched closes an overlay: a dialog then stays open. */
export const escapeClosesOverlay = (): boolean => closingOverlay;
