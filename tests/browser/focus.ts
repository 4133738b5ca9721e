import type { Page } from 'playwright-core';
import { contrast, toHex } from '../../src/lib/theme/contrast.ts';

/**
 * The focus as a user sees it (issue 28, WCAG 2.4.7, 2.4.11, 1.4.11), shared by the browser tests
 * that walk the console with the keyboard: what has the focus, the ring drawn round it and the
 * colour around that ring.
 */

export interface FocusStop {
  /** tag, id, classes and text of the focused element, to name it in a failure */
  what: string;
  /** the ring's colour (an outline or a box-shadow 2 px or more), or null when there is none */
  ring: string | null;
  /** the colour the ring is drawn on */
  around: string;
}

/** The focused element of `page` and its ring. */
export function readFocus(page: Page): Promise<FocusStop> {
  return page.evaluate((): FocusStop => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body || el === document.documentElement) return { what: 'body', ring: null, around: 'rgb(255, 255, 255)' };
    const what = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${[...el.classList].slice(0, 2).join('.')} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 24)}"`;
    const opaque = (c: string) => c !== 'transparent' && !/rgba\(.*, 0\)$/.test(c);
    const background = (from: Element | null) => {
      for (let e = from; e; e = e.parentElement) {
        const c = getComputedStyle(e).backgroundColor;
        if (opaque(c)) return c;
      }
      return 'rgb(255, 255, 255)';
    };
    // The element, or what draws its state or its ring for it: a PrimeReact checkbox's, radio's or
    // switch's box, a tree item's line, the box round Monaco's editor, or the box round a control
    // that draws none itself (the language select).
    const box = el.closest('.p-checkbox, .p-radiobutton, .p-inputswitch')?.querySelector('.p-checkbox-box, .p-radiobutton-box, .p-inputswitch-slider');
    const line = el.matches('[role=treeitem]') ? el.querySelector(':scope > .p-treenode-content') : null;
    const editor = el.closest('.monaco-editor')?.closest('.code-editor');
    for (const e of [el, box, line, editor, el.parentElement].filter((x): x is HTMLElement => !!x)) {
      const s = getComputedStyle(e);
      if (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2) {
        const inside = parseFloat(s.outlineOffset) < 0;
        return { what, ring: s.outlineColor, around: background(inside ? e : e.parentElement) };
      }
      // Shadows: "rgb(…) 0px 0px 0px 4px, …"; a ring is one spread 2 px or more, not white.
      for (const part of s.boxShadow.split(/,(?![^(]*\))/)) {
        const m = /(rgba?\([^)]*\))\s+(-?[\d.]+)px\s+(-?[\d.]+)px\s+([\d.]+)px\s+([\d.]+)px(\s+inset)?/.exec(part.trim());
        if (!m || parseFloat(m[5]!) < 2 || !opaque(m[1]!) || m[1] === 'rgb(255, 255, 255)') continue;
        return { what, ring: m[1]!, around: background(m[6] ? e : e.parentElement) };
      }
    }
    return { what, ring: null, around: background(el) };
  });
}

const hex = (rgb: string) => toHex(rgb.match(/[\d.]+/g)!.slice(0, 3).map(Number) as [number, number, number]);

/** What is wrong with these stops: focus on the page's body, no ring, or a ring under 3:1. */
export function focusProblems(stops: readonly FocusStop[]): string[] {
  return stops.flatMap((s) => {
    if (s.what.startsWith('body')) return [`the focus left the page's controls at ${s.what}`];
    if (!s.ring) return [`no ring of 2 px or more on ${s.what}`];
    const ratio = contrast(hex(s.ring), hex(s.around));
    return ratio < 3 ? [`${s.what}: ring ${hex(s.ring)} on ${hex(s.around)} is ${ratio.toFixed(2)}:1`] : [];
  });
}

export interface FocusPlace {
  /** tag, class and text of the focused element, to name it in a failure */
  what: string;
  /** drawn with some area inside the window and inside every box that clips it */
  visible: boolean;
  inSidebar: boolean;
  inMain: boolean;
}

/** Where the focused element of `page` is, and whether it is drawn where a user can see it. */
export function focusedPlace(page: Page): Promise<FocusPlace> {
  return page.evaluate((): FocusPlace => {
    const el = document.activeElement;
    if (!el || el === document.body) return { what: 'body', visible: false, inSidebar: false, inMain: false };
    // PrimeReact's checkboxes and selects focus a 1 px input kept for assistive technology; what
    // the user sees focused is the widget around it.
    const shown = el.closest('.p-hidden-accessible')?.parentElement ?? el;
    const r = shown.getBoundingClientRect();
    let box = { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    const clip = (c: { left: number; top: number; right: number; bottom: number }) => {
      box = { left: Math.max(box.left, c.left), top: Math.max(box.top, c.top), right: Math.min(box.right, c.right), bottom: Math.min(box.bottom, c.bottom) };
    };
    for (let a = shown.parentElement; a && a !== document.body; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.overflowX !== 'visible' || s.overflowY !== 'visible') clip(a.getBoundingClientRect());
    }
    clip({ left: 0, top: 0, right: innerWidth, bottom: innerHeight });
    const style = getComputedStyle(shown);
    const visible = box.right - box.left >= 1 && box.bottom - box.top >= 1 && style.visibility !== 'hidden' && Number(style.opacity) > 0;
    const text = (el.textContent || el.getAttribute('aria-label') || el.getAttribute('title') || '').trim().slice(0, 30);
    return {
      what: `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${text}"`,
      visible,
      inSidebar: !!el.closest('[data-testid=shell-sidebar]'),
      inMain: !!el.closest('main#main'),
    };
  });
}
