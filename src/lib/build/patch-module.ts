import type { Plugin } from 'vite';

/** A text in a dependency's module and what it becomes. */
export interface Replacement {
  find: string;
  replace: string;
}

/**
 * A Vite plugin that rewrites exact texts of one dependency's module at build time (a library
 * fix we cannot wait for upstream). Every text must be found exactly once, or the build fails
 * naming the patch: an upgraded library is looked at again, never patched half-way.
 */
export function patchModule(name: string, module: RegExp, replacements: readonly Replacement[]): Plugin {
  return {
    name: `castanea:${name}`,
    enforce: 'pre',
    transform(code, id) {
      if (!module.test(id)) return undefined;
      let out = code;
      for (const { find, replace } of replacements) {
        const at = out.indexOf(find);
        if (at < 0 || out.indexOf(find, at + 1) >= 0) this.error(`${name}: ${at < 0 ? 'not found' : 'found more than once'} in ${id}: ${JSON.stringify(find)} (src/lib/build/${name}.ts)`);
        out = out.slice(0, at) + replace + out.slice(at + find.length);
      }
      return { code: out, map: null };
    },
  };
}
