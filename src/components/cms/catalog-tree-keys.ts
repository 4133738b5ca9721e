import type { KeyboardEvent } from 'react';
import type { KeyMove } from '../../lib/cms/catalog-tree.ts';

/**
 * The catalog tree's keyboard (issue 28, WAI-ARIA tree pattern), beside what PrimeReact's Tree does
 * itself (Up and Down between the visible nodes, Right to open a branch, Left to close it or go to
 * its parent, Enter and Space to choose): Home and End to the first and last visible node, Right on
 * an open branch to its first child, one Tab stop for the whole tree (the chosen node, else the
 * first), and Ctrl+Shift+arrows to move the focused catalog (`KeyMove`).
 */

const ITEM = 'li[role=treeitem]';

/** The catalog id a tree item stands for (ROOT_ID for the site), or null (PrimeReact's empty message). */
export function itemId(li: Element): number | null {
  const id = li.querySelector(':scope > .p-treenode-content [data-catalog-id]')?.getAttribute('data-catalog-id');
  return id === undefined || id === null ? null : Number(id);
}

/** The tree's nodes as drawn, top to bottom (a closed branch draws no children). */
export const visibleItems = (root: Element): HTMLElement[] => [...root.querySelectorAll<HTMLElement>(ITEM)].filter((li) => itemId(li) !== null);

export const itemOf = (root: Element, id: number): HTMLElement | undefined => visibleItems(root).find((li) => itemId(li) === id);

/**
 * Exactly one node is a Tab stop: the focused one, else `preferred`, else the chosen one, else the
 * first. PrimeReact starts with the first node of every level as one and moves the stop only as
 * its own keys move the focus.
 */
export function syncTabStop(root: Element, preferred?: Element | null) {
  const items = visibleItems(root);
  const active = document.activeElement;
  const stop =
    items.find((li) => li === active) ??
    items.find((li) => li === preferred) ??
    items.find((li) => li.getAttribute('aria-selected') === 'true') ??
    items[0];
  for (const li of items) li.tabIndex = li === stop ? 0 : -1;
}

const MOVES: Record<string, KeyMove> = { ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'out', ArrowRight: 'in' };

/** Ctrl+Shift+arrow (Cmd+Shift on a Mac): which move, if any. */
export function keyMoveOf(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>): KeyMove | null {
  return (e.ctrlKey || e.metaKey) && e.shiftKey && !e.altKey ? (MOVES[e.key] ?? null) : null;
}

/**
 * The tree's own keys, handled before PrimeReact sees them (capture), on a focused node only.
 * `move` is given the node's catalog id; without it Ctrl+Shift+arrows are left to PrimeReact.
 */
export function onTreeKeyDown(e: KeyboardEvent<HTMLElement>, root: Element, move?: (id: number, how: KeyMove) => void) {
  const li = e.target instanceof HTMLElement && e.target.matches(ITEM) ? e.target : null;
  if (!li) return;
  const focus = (to: HTMLElement | undefined) => {
    e.preventDefault();
    e.stopPropagation();
    if (!to) return;
    to.focus();
    syncTabStop(root);
  };
  const how = keyMoveOf(e);
  if (how) {
    if (!move) return;
    const id = itemId(li);
    e.preventDefault();
    e.stopPropagation();
    if (id !== null) move(id, how);
    return;
  }
  if (e.ctrlKey || e.metaKey || e.altKey || e.shiftKey) return;
  const items = visibleItems(root);
  if (e.key === 'Home') focus(items[0]);
  else if (e.key === 'End') focus(items[items.length - 1]);
  else if (e.key === 'ArrowRight' && li.getAttribute('aria-expanded') === 'true') {
    const child = li.querySelector<HTMLElement>(`:scope > ul > ${ITEM}`);
    if (child) focus(child);
  }
}

/**
 * Gives `id`'s node the focus once the tree has been redrawn after a move, if the focus was lost
 * meanwhile (the node's element was replaced; a dialog that moved it closed): never takes it from
 * where the user has put it. Looks at once, then at every frame for up to `ms`. Returns a cancel
 * function.
 */
export function focusWhenLost(root: () => Element | null, id: number, ms = 2000): () => void {
  const until = performance.now() + ms;
  let frame = 0;
  const tick = () => {
    const tree = root();
    const li = tree && itemOf(tree, id);
    const active = document.activeElement;
    if (li && active === li) return syncTabStop(tree);
    if (li && (!active || active === document.body || !active.isConnected)) {
      li.focus();
      return syncTabStop(tree);
    }
    if (performance.now() < until) frame = requestAnimationFrame(tick);
  };
  tick();
  return () => cancelAnimationFrame(frame);
}
