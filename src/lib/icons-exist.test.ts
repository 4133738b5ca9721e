import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// An icon class that primeicons does not define renders as nothing: a button with no face.
const css = readFileSync(fileURLToPath(new URL('../../node_modules/primeicons/primeicons.css', import.meta.url)), 'utf8');
const defined = new Set([...css.matchAll(/\.(pi-[a-z0-9-]+):before/g)].map((m) => m[1]));
const MODIFIERS = new Set(['pi-fw', 'pi-spin']);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? sources(p) : /\.(tsx?|astro)$/.test(n) && !n.endsWith('.test.ts') ? [p] : [];
  });
}

describe('primeicons used by the console', () => {
  it('are all defined by primeicons 7', () => {
    const src = fileURLToPath(new URL('..', import.meta.url));
    const missing = new Set<string>();
    for (const file of sources(src)) {
      for (const m of readFileSync(file, 'utf8').matchAll(/(?<![\w-])pi-([a-z0-9-]+)/g)) {
        const cls = `pi-${m[1]}`;
        if (!defined.has(cls) && !MODIFIERS.has(cls)) missing.add(`${cls} (${file.slice(src.length)})`);
      }
    }
    expect([...missing]).toEqual([]);
  });
});
