import { describe, expect, it } from 'vitest';
import { useHarness } from './harness.ts';
import { untilStill } from './axe.ts';
import { focusProblems as problems, readFocus, type FocusStop as Stop } from './focus.ts';

// Issue 28 (WCAG 2.4.7, 1.4.11): walking a page with Tab, every control that takes the focus
// shows a ring, and the ring reads 3:1 against what surrounds it. The rings before this issue
// (PrimeReact's light halos, 1.34:1 and 1.83:1, and the browser's own) fail here.

const h = useHarness();

/**
 * Tabs `count` times from the top of the page, or from the element `from` names; for each stop,
 * its ring's colour and the colour around it.
 */
async function walk(count: number, from = 'body'): Promise<Stop[]> {
  // A screen still drawing (a late reply re-rendering the table) can take away the focused
  // control under the walk: start once the page is still, as the axe check does.
  await untilStill(h.page);
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
    const stop = await readFocus(h.page);
    // Named with the stop before it, so a failure says where the focus was lost.
    stops.push(stop.what.startsWith('body') && stops.length ? { ...stop, what: `${stop.what} (Tab ${i + 1}, after ${stops.at(-1)!.what})` } : stop);
  }
  return stops;
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
