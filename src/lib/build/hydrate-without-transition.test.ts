import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { hydrateWithoutTransition } from './hydrate-without-transition.ts';
import { runPatch } from '../testing/run-patch.ts';

const clientPath = fileURLToPath(new URL('../../../node_modules/@astrojs/react/dist/client.js', import.meta.url));

describe('islands hydrate outside a transition', () => {
  const source = readFileSync(clientPath, 'utf8');
  const out = runPatch(hydrateWithoutTransition(), source, clientPath)!;
  const hydrating = out.slice(out.indexOf('const existing = rootMap.get(element);'));

  it('hydrates a new island at once, not in a time-sliced transition', () => {
    expect(hydrating).toMatch(/^const existing = rootMap\.get\(element\);[\s\S]*?\n    const r = hydrateRoot\(element, componentEl, renderOptions\);/);
    // the hydration is not wrapped in startTransition and is not rendered a second time
    const fresh = hydrating.slice(hydrating.indexOf('const hydrate = () => {'));
    expect(fresh.slice(0, fresh.indexOf('\n  };'))).not.toMatch(/startTransition|\.render\(/);
  });

  it('still re-renders an existing root in a transition, and still renders client:only islands as before', () => {
    expect(hydrating).toContain('startTransition(() => existing.render(componentEl));');
    expect(out).toContain('const r = createRoot(element);');
  });

  it("waits for the page language's texts when there are some to wait for, then hydrates once", () => {
    expect(hydrating).toContain('const texts = globalThis.__castaneaBeforeHydrate?.();');
    expect(hydrating).toContain('if (texts) return texts.then(hydrate);');
    expect(hydrating).toContain('if (rootMap.has(element)) return;');
  });

  it('leaves other modules alone', () => {
    expect(runPatch(hydrateWithoutTransition(), source, '/x/node_modules/other/client.js')).toBeUndefined();
  });
});
