import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

// The core (server/core) is what every module builds on: it must not depend on any of them, or
// modules could no longer be added, removed or tested on their own.
describe('dependencies point one way', () => {
  it('no file of server/core imports from server/modules', () => {
    const core = join(ROOT, 'server', 'core');
    const modules = resolve(ROOT, 'server', 'modules');
    const offenders: string[] = [];
    for (const name of readdirSync(core)) {
      if (!name.endsWith('.ts')) continue;
      const text = readFileSync(join(core, name), 'utf8');
      for (const m of text.matchAll(/\bfrom\s+['"](\.[^'"]+)['"]/g)) {
        if (resolve(core, m[1]!).startsWith(modules)) offenders.push(`${name}: ${m[1]}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
