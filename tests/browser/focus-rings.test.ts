import { describe, expect, it } from 'vitest';
import { useHarness } from './harness.ts';
import { contrast, toHex } from '../../src/lib/theme/contrast.ts';

// Issue 28 (WCAG 2.4.7, 1.4.11): walking a page with Tab, every control that takes the focus
// shows a ring, and the ring reads 3:1 against what surrounds it. The rings before this issue
// (PrimeReact's light halos, 1.34:1 and 1.83:1, and the browser's own) fail here.

const h = useHarness();

interface Stop {
  what: string;
  ring: string | null;
  around: string;
}

/**
 * Tabs `count` times from the top of the page, or from the element `from` names; for each stop,
 * its ring's colour and the colour around it.
 */
async function walk(count: number, from = 'body'): Promise<Stop[]> {
  // No transitions: the ring is read the moment the focus arrives.
  await h.page.addStyleTag({ content: '*,*::before,*::after{transition:none!important;animation:none!important}' });
  // The walk starts where the focus is.
  await h.page.evaluate((selector) => {
    const start = document.querySelector<HTMLElement>(selector)!;
    start.tabIndex = -1;
    start.focus();
    start.removeAttribute('tabindex');
  }, from);
  const stops: Stop[] = [];
  for (let i = 0; i < count; i++) {
    await h.page.keyboard.press('Tab');
    stops.push(
      await h.page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        const what = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${[...el.classList].slice(0, 2).join('.')} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 24)}"`;
        const opaque = (c: string) => c !== 'transparent' && !/rgba\(.*, 0\)$/.test(c);
        const background = (from: Element | null) => {
          for (let e = from; e; e = e.parentElement) {
            const c = getComputedStyle(e).backgroundColor;
            if (opaque(c)) return c;
          }
          return 'rgb(255, 255, 255)';
        };
        // The element, or for a PrimeReact checkbox, radio or switch the box that draws its state,
        // or the box round a control that draws none itself (the language select).
        const box = el.closest('.p-checkbox, .p-radiobutton, .p-inputswitch')?.querySelector('.p-checkbox-box, .p-radiobutton-box, .p-inputswitch-slider');
        for (const e of [el, box, el.parentElement].filter((x): x is HTMLElement => !!x)) {
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
      }),
    );
  }
  return stops;
}

const hex = (rgb: string) => toHex(rgb.match(/[\d.]+/g)!.slice(0, 3).map(Number) as [number, number, number]);

function problems(stops: Stop[]): string[] {
  return stops.flatMap((s) => {
    if (s.what.startsWith('body')) return [`the focus left the page's controls at ${s.what}`];
    if (!s.ring) return [`no ring of 2 px or more on ${s.what}`];
    const ratio = contrast(hex(s.ring), hex(s.around));
    return ratio < 3 ? [`${s.what}: ring ${hex(s.ring)} on ${hex(s.around)} is ${ratio.toFixed(2)}:1`] : [];
  });
}

describe('focus rings', () => {
  it('show on every control of the sign-in page, at 3:1', async () => {
    await h.reset();
    await h.openLogin();
    await h.page.locator('form.auth-form').waitFor();
    const stops = await walk(8);
    expect(stops.length).toBe(8);
    expect(problems(stops)).toEqual([]);
  });

  it('show on the shell and a list screen, at 3:1 on the light page and on the dark sidebar', async () => {
    await h.signInAsNewAdmin('focusadmin');
    await h.openScreen('/admin/system/post', '.resource-table tbody tr');
    // The sidebar (dark) and the navbar, from the top; then the tabs and the screen.
    const shell = await walk(45);
    expect(shell.some((s) => s.what.includes('shell-menu-item'))).toBe(true);
    expect(shell.some((s) => s.what.includes('shell-tool'))).toBe(true);
    const screen = await walk(30, '.shell-tags');
    expect(screen.some((s) => s.what.includes('shell-tag'))).toBe(true);
    expect(screen.some((s) => s.what.includes('p-inputtext'))).toBe(true);
    expect(screen.some((s) => s.what.includes('p-button'))).toBe(true);
    expect(problems([...shell, ...screen])).toEqual([]);
  });
});
