import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { holdRequests } from './hold-requests.ts';

// What the pre-paint browser tests (prepaint.test.ts, prepaint-home.test.ts, prepaint-content.test.ts) check at a handover.

/**
 * How far a channel of one pixel may differ between two pictures of the same drawing: Chromium's
 * rasterizer gives an anti-aliased edge (a rounded input's corner) a level or two more or less from
 * one paint to the next on a busy machine. Anything that moved, or changed colour or text, differs
 * by far more at its edges.
 */
const RASTER_NOISE = 2;

/** Whether two PNG pictures show the same drawing (same size, every channel within RASTER_NOISE). */
async function samePicture(a: Buffer, b: Buffer): Promise<boolean> {
  if (Buffer.compare(a, b) === 0) return true;
  const [x, y] = await Promise.all([a, b].map((png) => sharp(png).raw().toBuffer({ resolveWithObject: true })));
  if (x!.info.width !== y!.info.width || x!.info.height !== y!.info.height || x!.info.channels !== y!.info.channels) return false;
  for (let i = 0; i < x!.data.length; i++) if (Math.abs(x!.data[i]! - y!.data[i]!) > RASTER_NOISE) return false;
  return true;
}

/** The screen's part of the page looks as `before` did; else both pictures are kept to look at. */
export async function expectSamePicture(page: Page, before: Buffer, what: string) {
  const after = await page.locator('#main').screenshot();
  if (await samePicture(before, after)) return;
  const dir = mkdtempSync(join(tmpdir(), 'prepaint-'));
  writeFileSync(join(dir, 'before.png'), before);
  writeFileSync(join(dir, 'after.png'), after);
  expect.fail(`${what}: the picture changed at the handover (the copy's and the screen's in ${dir})`);
}

/** Layout shifts and errors of the page from its start (a buffered observer set before any script). */
export async function watch(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number; __errors: string[]; __moved: string[]; __shell: string[] };
    w.__shift = 0;
    w.__moved = [];
    w.__shell = [];
    w.__errors = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] })[]) {
        if (e.hadRecentInput) continue;
        w.__shift += e.value;
        // What moved, inside the screen (#main) or around it (the shell), for the failure's message.
        for (const s of e.sources) {
          const what = `${(s.node as Element | undefined)?.outerHTML?.slice(0, 80) ?? s.node?.nodeName} ${JSON.stringify(s.previousRect)} → ${JSON.stringify(s.currentRect)}`;
          (s.node && document.getElementById('main')?.contains(s.node) ? w.__moved : w.__shell).push(what);
        }
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
      const w = window as unknown as { __shift: number; __errors: string[]; __moved: string[]; __shell: string[] };
      return { shift: w.__shift, errors: w.__errors, moved: w.__moved, shell: w.__shell };
    });
    return { shift: seen.shift, errors: [...seen.errors, ...pageErrors], moved: seen.moved, shell: seen.shell };
  };
}

/**
 * Opens `url` in `lng` (stored, as the language menus store it: the harness sends its cookie) with
 * the screen's code (`code`) held back, counting the screen's own calls to `counted`.
 */
export async function openInLanguage(page: Page, url: string, lng: string, code: string, counted: string) {
  await page.evaluate((l) => localStorage.setItem('language', l), lng);
  const held = await holdRequests(page, code);
  const calls = countCalls(page, counted);
  await page.goto(url);
  return { held, calls };
}

/** Counts the page's requests to `path` from now on: a screen takes the head script's answer and never asks again. */
export function countCalls(page: Page, path: string) {
  const asked: string[] = [];
  const own = (r: { url(): string }) => void (new URL(r.url()).pathname.endsWith(path) && asked.push(r.url()));
  page.on('request', own);
  return { asked, stop: () => page.off('request', own) };
}

/**
 * A handover, from a painted copy on screen: the copy's text (`copy`) and the picture of #main, then
 * the held code released (`release`); once the copy is gone and the screen has drawn (`drawn`),
 * the screen's text (`screen`) and picture are the same, the screen asked for no call counted,
 * no error was written and nothing in #main moved.
 */
export async function expectHandover(page: Page, o: {
  release(): Promise<void>;
  copy: string;
  screen: string;
  drawn: string;
  calls: ReturnType<typeof countCalls>;
  seen: Awaited<ReturnType<typeof watch>>;
  what: string;
}) {
  const painted = await page.locator(o.copy).textContent();
  await page.mouse.move(0, 0);
  const before = await page.locator('#main').screenshot();
  await o.release();
  await page.locator('[data-prepaint]').waitFor({ state: 'detached' });
  await page.locator(o.drawn).first().waitFor();
  expect(await page.locator(o.screen).textContent()).toBe(painted);
  // Let late stand-ins and fonts settle before the second picture.
  await page.waitForTimeout(500);
  o.calls.stop();
  expect(o.calls.asked).toEqual([]);
  await expectSamePicture(page, before, o.what);
  const { shift, errors, moved } = await o.seen();
  expect(errors).toEqual([]);
  expect(moved).toEqual([]);
  expect(shift).toBeLessThan(0.01);
}
