/**
 * Focus goes back to the control that opened a dialog, a drawer or a popup menu when it closes
 * (WCAG 2.4.3), for every PrimeReact overlay of the console at once. PrimeReact restores focus
 * only for a Dialog whose `visible` turns false; most of the console's dialogs (FormDialog and the
 * CMS dialogs) are mounted with `visible` and unmounted to close, and the Sidebar drawer restores
 * nothing, so focus fell to <body> and the next Tab started again from the top of the page.
 *
 * When an overlay's root appears, the element focused before it is remembered (the overlay may
 * already have taken focus by the time it is seen); when the root goes and focus was lost with it
 * (on <body>, or on an element no longer in the page), that element gets it back, or, if it is gone
 * too (a menu item that opened a dialog), the control that opened the overlay it was in.
 * An overlay that put focus somewhere itself (PrimeReact's own restore) is left alone.
 */

/** Roots of PrimeReact's modal dialogs (ConfirmDialog's too), the drawer, popup menus, and the tab bar's menu. */
const OVERLAY = '.p-dialog-mask, .p-sidebar-mask, .p-menu-overlay, .p-tieredmenu-overlay, .p-contextmenu, .shell-tags-menu';

interface Opened {
  /** the element focused when the overlay opened */
  opener: Element | null;
  /** the overlay that element was in, if any */
  within: Opened | undefined;
}

const opened = new WeakMap<Element, Opened>();
let current: Element | null = null;
let previous: Element | null = null;
let started = false;

const inOverlay = (el: Element | null): Element | null => el?.closest(OVERLAY) ?? null;

/** An element focus can go back to: still in the page, drawn, and not inside an inert part. */
function canTakeFocus(el: Element | null): el is HTMLElement {
  return el instanceof HTMLElement && el.isConnected && el.getClientRects().length > 0 && !el.closest('[inert]');
}

const focusLost = () => {
  const active = document.activeElement;
  return !active || active === document.body || active === document.documentElement || !active.isConnected;
};

function onOpen(root: Element) {
  if (opened.has(root)) return;
  // The overlay may have focused its own content already: then the focus before that opened it.
  let opener = document.activeElement;
  if (opener && root.contains(opener)) opener = previous;
  if (opener === document.body) opener = null;
  const holder = inOverlay(opener);
  opened.set(root, { opener, within: holder ? opened.get(holder) : undefined });
}

function onClose(root: Element) {
  const record = opened.get(root);
  if (!record) return;
  opened.delete(root);
  // After the removal has settled: PrimeReact may still be restoring focus on its own.
  setTimeout(() => {
    if (!focusLost()) return;
    for (let r: Opened | undefined = record; r; r = r.within) {
      if (canTakeFocus(r.opener)) {
        r.opener.focus();
        return;
      }
    }
  });
}

function visit(nodes: NodeList, each: (root: Element) => void) {
  for (const node of nodes) {
    if (!(node instanceof Element)) continue;
    if (node.matches(OVERLAY)) each(node);
    for (const inner of node.querySelectorAll(OVERLAY)) each(inner);
  }
}

/**
 * A control disabled while it has the focus (a Save or Publish button while its request runs)
 * drops it to <body>, and the next Tab starts from the top of the page: it gets the focus back when
 * it is enabled again, if nothing else has taken it meanwhile.
 */
let disabledWhileFocused: HTMLElement | null = null;

function onDisabledChange(target: Element) {
  if (!(target instanceof HTMLElement)) return;
  // The browser lets go of the focus at its next rendering, after this is told; `current` is
  // still the control then, and stays so until something else takes the focus.
  if (target.hasAttribute('disabled')) {
    if (target === current) disabledWhileFocused = target;
    return;
  }
  if (target !== disabledWhileFocused) return;
  disabledWhileFocused = null;
  if (current === target && focusLost() && canTakeFocus(target)) target.focus();
}

/** Starts watching (once per browser tab; the shell's boot calls it). */
export function returnFocusFromOverlays(): void {
  if (started) return;
  started = true;
  document.addEventListener(
    'focusin',
    (event) => {
      if (event.target === current) return;
      previous = current;
      current = event.target as Element;
    },
    true,
  );
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'attributes') onDisabledChange(r.target as Element);
      visit(r.addedNodes, onOpen);
      visit(r.removedNodes, onClose);
    }
    // The root, not <body>: Astro's client router replaces <body> on every page swap.
  }).observe(document.documentElement, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled'] });
}
