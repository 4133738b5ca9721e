import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { FRESH_ISLAND_ATTRIBUTE, freshAfterSwap } from './fresh-after-swap.ts';
import { runPatch } from '../testing/run-patch.ts';

const clientPath = createRequire(import.meta.url).resolve('@astrojs/react/client.js');

describe('islands arriving by a client-side swap render afresh', () => {
  it("makes Astro's React renderer create a root, not hydrate, for an island marked fresh", () => {
    const out = runPatch(freshAfterSwap(), readFileSync(clientPath, 'utf8'), clientPath)!;
    expect(out).toContain(`if (client === "only" || element.hasAttribute("${FRESH_ISLAND_ATTRIBUTE}")) {`);
    // the hydrating path is still there for islands of a first load
    expect(out).toContain('hydrateRoot(element, componentEl, renderOptions)');
  });
});
