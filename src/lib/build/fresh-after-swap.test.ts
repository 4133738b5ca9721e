import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { FRESH_ISLAND_ATTRIBUTE, freshAfterSwap } from './fresh-after-swap.ts';

const require = createRequire(import.meta.url);
const clientPath = require.resolve('@astrojs/react/client.js');

type Transform = (this: { error: (m: string) => never }, code: string, id: string) => string | undefined;
const transform = freshAfterSwap().transform as unknown as Transform;
const ctx = { error: (m: string): never => { throw new Error(m); } };

describe('islands arriving by a client-side swap render afresh', () => {
  it("makes Astro's React renderer create a root, not hydrate, for an island marked fresh", () => {
    const out = transform.call(ctx, readFileSync(clientPath, 'utf8'), clientPath)!;
    expect(out).toContain(`if (client === "only" || element.hasAttribute("${FRESH_ISLAND_ATTRIBUTE}")) {`);
    // the hydrating path is still there for islands of a first load
    expect(out).toContain('hydrateRoot(element, componentEl, renderOptions)');
  });

  it('fails the build when the renderer no longer has the branch it patches', () => {
    expect(() => transform.call(ctx, 'export default () => {}', clientPath)).toThrow(/fresh-after-swap/);
  });

  it('leaves other modules alone', () => {
    expect(transform.call(ctx, 'if (client === "only") {', '/x/src/app.js')).toBeUndefined();
  });
});
