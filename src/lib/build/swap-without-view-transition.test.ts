import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { swapWithoutViewTransition } from './swap-without-view-transition.ts';
import { runPatch } from '../testing/run-patch.ts';

const routerPath = fileURLToPath(new URL('../../../node_modules/astro/dist/transitions/router.js', import.meta.url));

describe('page swaps without a view transition', () => {
  it("makes Astro's router take its fallback swap even where the browser has view transitions", () => {
    const source = readFileSync(routerPath, 'utf8');
    const out = runPatch(swapWithoutViewTransition(), source, routerPath)!;
    expect(out).toContain('const supportsViewTransitions = false;');
    // the router still starts on a page that enables it with a fallback other than "none"
    expect(out).toContain('if (supportsViewTransitions || getFallback() !== "none")');
    expect(out).not.toContain('!!document.startViewTransition;');
  });
});
