import type { Plugin } from 'vite';

type Transform = (this: { error: (m: string) => never }, code: string, id: string) => { code: string } | undefined;
const ctx = { error: (m: string): never => { throw new Error(m); } };

/** Runs a patch plugin's transform (src/lib/build/patch-module.ts) as Vite would: the patched text, or undefined when it leaves the module alone. */
export const runPatch = (plugin: Plugin, code: string, id: string): string | undefined => (plugin.transform as unknown as Transform).call(ctx, code, id)?.code;
