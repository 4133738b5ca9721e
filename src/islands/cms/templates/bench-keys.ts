import { useEffect, useRef, type RefObject } from 'react';
import type { editor } from 'monaco-editor/editor';

/**
 * The template workbench without a pointer (issue 28): F6 and Shift+F6 go round its panels (the
 * header's actions, the editor, the side panel of preview, versions and problems), back to where
 * the focus was in each; Monaco keeps Tab for indenting, so Esc then Tab (or Shift+Tab) leaves it,
 * as does Monaco's own Ctrl+M (Tab moves the focus until pressed again).
 */

/** A panel of the workbench: an element marked `data-bench-panel`, in the page's order. */
const PANEL = '[data-bench-panel]';
const FOCUSABLE = 'button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
/** Overlays that keep their own keys (a dialog, a drawer, an open menu or list). */
const OVERLAY = '.p-dialog-mask, .p-sidebar-mask, .p-menu-overlay, .p-dropdown-panel, .p-contextmenu, .p-confirm-dialog';

const panelOf = (el: Element | null) => el?.closest<HTMLElement>(PANEL) ?? null;
const drawn = (el: HTMLElement) => el.isConnected && el.getClientRects().length > 0 && !el.closest('[hidden], [inert]');

/**
 * F6 / Shift+F6 move the focus to the next / previous panel of `root` (from outside the workbench,
 * to its first / last); `focusCode` puts it in the editor.
 */
export function useBenchPanels(root: RefObject<HTMLElement | null>, focusCode: () => void) {
  const code = useRef(focusCode);
  code.current = focusCode;
  useEffect(() => {
    const last = new WeakMap<HTMLElement, HTMLElement>();
    const onFocusIn = (e: FocusEvent) => {
      const panel = e.target instanceof HTMLElement ? panelOf(e.target) : null;
      if (panel && root.current?.contains(panel)) last.set(panel, e.target as HTMLElement);
    };
    const enter = (panel: HTMLElement) => {
      if (panel.dataset.benchPanel === 'code') return code.current();
      const before = last.get(panel);
      const to =
        (before && panel.contains(before) && drawn(before) && before.matches(FOCUSABLE) ? before : null) ??
        panel.querySelector<HTMLElement>('[role=tab][aria-selected=true]') ??
        [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)].find(drawn);
      to?.focus();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'F6' || e.ctrlKey || e.altKey || e.metaKey || !root.current) return;
      const active = document.activeElement;
      if (active?.closest(OVERLAY) || document.querySelector('.p-dialog-mask')) return;
      const panels = [...root.current.querySelectorAll<HTMLElement>(PANEL)].filter(drawn);
      if (!panels.length) return;
      const at = panels.indexOf(panelOf(active) as HTMLElement);
      const step = e.shiftKey ? -1 : 1;
      const next = at < 0 ? (e.shiftKey ? panels.length - 1 : 0) : (at + step + panels.length) % panels.length;
      e.preventDefault();
      e.stopPropagation();
      enter(panels[next]!);
    };
    document.addEventListener('focusin', onFocusIn);
    window.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      window.removeEventListener('keydown', onKey, true);
    };
  }, [root]);
}

/**
 * Esc then Tab (or Shift+Tab) leaves Monaco, which otherwise types Tab as indentation: the Tab
 * after an Esc is kept from the editor and the browser moves the focus as it does anywhere else.
 * Esc still closes Monaco's own suggestion list or find box first.
 */
export function releaseTabAfterEscape(ed: editor.IStandaloneCodeEditor) {
  let armed = false;
  ed.onKeyDown((e) => {
    const key = e.browserEvent.key;
    if (key === 'Escape') armed = true;
    else if (key === 'Tab' && armed && !e.ctrlKey && !e.altKey && !e.metaKey) {
      armed = false;
      e.stopPropagation();
    } else if (!['Shift', 'Control', 'Alt', 'Meta'].includes(key)) armed = false;
  });
  ed.onDidBlurEditorText(() => {
    armed = false;
  });
}
