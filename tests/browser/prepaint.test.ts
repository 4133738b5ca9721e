import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useHarness, TABLE_ROWS } from './harness.ts';
import { holdRequests } from './hold-requests.ts';

// Issue 34: a list page draws its first rows before its scripts have arrived (the head script's
// answers painted into the build's copy of the screen, src/islands/resource/prepaint/), then the
// screen takes over with the same rows: no hydration error, nothing moves, the same picture.

const h = useHarness({ admin: 'prepaintadmin' });

const COPY_ROWS = '[data-prepaint] tbody tr';
/** The list page's own code: held, the page cannot draw its rows by itself. */
const SCREEN_CODE = '**/_assets/ResourceIsland.*.js';

/** Layout shifts and errors of the page from its start (a buffered observer set before any script). */
async function watch(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number; __errors: string[]; __moved: string[] };
    w.__shift = 0;
    w.__moved = [];
    w.__errors = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] })[]) {
        if (e.hadRecentInput) continue;
        w.__shift += e.value;
        // What moved, for the failure's message.
        for (const s of e.sources) if (s.node && document.getElementById('main')?.contains(s.node)) w.__moved.push(`${(s.node as Element | undefined)?.outerHTML?.slice(0, 80) ?? s.node?.nodeName} ${JSON.stringify(s.previousRect)} → ${JSON.stringify(s.currentRect)}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
    const error = console.error.bind(console);
    console.error = (...args: unknown[]) => {
      w.__errors.push(args.map(String).join(' '));
      error(...args);
    };
  });
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  return async () => {
    const seen = await page.evaluate(() => {
      const w = window as unknown as { __shift: number; __errors: string[]; __moved: string[] };
      return { shift: w.__shift, errors: w.__errors, moved: w.__moved };
    });
    return { shift: seen.shift, errors: [...seen.errors, ...pageErrors], moved: seen.moved };
  };
}

describe('rows before the scripts', () => {
  it('draws the first rows before the screen code arrives, then hands over to the same picture without a shift or an error', async () => {
    const page = h.page;
    await page.setViewportSize({ width: 1440, height: 900 });
    const seen = await watch(page);
    const held = await holdRequests(page, SCREEN_CODE);
    await page.goto(h.url('/admin/system/post'));
    await page.locator(COPY_ROWS).first().waitFor();
    await h.hideDemand();
    // The island still waits for its code: these rows are the copy's.
    expect(await page.locator('astro-island[ssr][component-url*="ResourceIsland"]').count()).toBe(1);
    const painted = await page.locator(COPY_ROWS).allTextContents();
    expect(painted.some((r) => r.includes('董事长'))).toBe(true);
    expect(await page.locator('[data-prepaint] .pagination-total').textContent()).toMatch(/共 \d+ 条/);
    await page.mouse.move(0, 0);
    const before = await page.locator('#main').screenshot();
    await held.done();
    await page.locator('[data-prepaint]').waitFor({ state: 'detached' });
    await page.locator(TABLE_ROWS).first().waitFor();
    expect(await page.locator(TABLE_ROWS).allTextContents()).toEqual(painted);
    // Let late stand-ins and fonts settle before the second picture.
    await page.waitForTimeout(500);
    const after = await page.locator('#main').screenshot();
    if (Buffer.compare(before, after) !== 0) {
      // Kept to look at: what the copy drew and what the screen drew.
      const dir = mkdtempSync(join(tmpdir(), 'prepaint-'));
      writeFileSync(join(dir, 'before.png'), before);
      writeFileSync(join(dir, 'after.png'), after);
      expect.fail(`the picture changed at the handover (${dir})`);
    }
    const { shift, errors, moved } = await seen();
    expect(errors).toEqual([]);
    // The screen's part of the page: nothing in it moved. (The shell's navbar still grows as the
    // user's name and site arrive, a shift of ~0.005 on every page: docs/performance-log.md.)
    expect(moved).toEqual([]);
    expect(shift).toBeLessThan(0.01);
  });
});
