import { describe, expect, it } from 'vitest';
import { patchModule } from './patch-module.ts';
import { runPatch } from '../testing/run-patch.ts';

describe('patching a dependency at build time', () => {
  const plugin = patchModule('demo', /[\\/]lib[\\/]a\.js$/, [{ find: 'let x = 1;', replace: 'let x = 2;' }]);
  it('replaces the text in the module named', () => {
    expect(runPatch(plugin, 'let x = 1; use(x);', '/n/lib/a.js')).toBe('let x = 2; use(x);');
  });
  it('leaves other modules alone', () => {
    expect(runPatch(plugin, 'let x = 1;', '/n/lib/b.js')).toBeUndefined();
  });
  it('fails the build when the text is gone or found twice (the library changed)', () => {
    expect(() => runPatch(plugin, 'let y = 1;', '/n/lib/a.js')).toThrow(/demo: not found .*src\/lib\/build\/demo\.ts/);
    expect(() => runPatch(plugin, 'let x = 1; let x = 1;', '/n/lib/a.js')).toThrow(/found more than once/);
  });
});
