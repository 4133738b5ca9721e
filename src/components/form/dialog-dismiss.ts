/**
 * Which Esc keys and clicks on the mask are meant for a form dialog, and which for an overlay
 * open inside it (a dropdown's, multi-select's, tree select's or date field's panel).
 *
 * PrimeReact's dropdowns close their panel on Esc in their own keydown handler but let the event
 * go on to the document, where the dialog's Esc handler closed the dialog as well: one key took
 * the panel and the whole form away. A click outside an open panel closes the panel — and, landing
 * on the mask, would close the dialog too. So keys and presses are looked at before anyone handles
 * them (capture phase on window): was a panel open then? The dialog asks while that same key is
 * being dispatched, or when the press that began on its mask ends there.
 */

/**
 * PrimeReact's connected overlays carry these classes from the moment they open until they start
 * to close (CSSTransition `p-connected-overlay`); they are unmounted once closed.
 */
const OPEN_OVERLAY = '.p-connected-overlay-enter, .p-connected-overlay-enter-active, .p-connected-overlay-enter-done';
const overlayOpen = () => !!document.querySelector(OPEN_OVERLAY);

let escapingOverlay = false;
/** Where the last press began, and whether an overlay was open then. */
let press: { target: EventTarget | null; overlay: boolean } = { target: null, overlay: false };
let watching = false;

function onKeyDown(event: KeyboardEvent) {
  if (event.key !== 'Escape' || !overlayOpen()) return;
  escapingOverlay = true;
  // Every handler of this key runs before the task queue does: then it is over.
  setTimeout(() => {
    escapingOverlay = false;
  });
}

function onPointerDown(event: PointerEvent) {
  press = { target: event.target, overlay: overlayOpen() };
}

/** Starts watching keys and presses (once per page; a dialog calls it when it mounts). */
export function watchDialogDismissals(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  window.addEventListener('keydown', onKeyDown, true);
  window.addEventListener('pointerdown', onPointerDown, true);
}

/** True while the Esc key being dispatched closes an overlay: the dialog stays open. */
export const escapeClosesOverlay = (): boolean => escapingOverlay;

/**
 * A press that began and ended on the mask itself, with no overlay open when it began: a click
 * meant to leave the dialog, not one closing a panel, nor a text selection dragged out of the form.
 */
export const isMaskClick = (mask: EventTarget | null, releasedOn: EventTarget | null): boolean =>
  !!mask && releasedOn === mask && press.target === mask && !press.overlay;
