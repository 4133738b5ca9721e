import type * as Monaco from 'monaco-editor/editor';

/**
 * What other parts of the console add to the code editor once Monaco has loaded: completion, hover
 * and diagnostics providers for templates (fed by the template engine's registry of tags, filters
 * and variables). Registering here costs nothing: Monaco is not loaded by this module, and a setup
 * registered after it loaded runs at once.
 *
 *   onMonaco((monaco) => monaco.languages.registerCompletionItemProvider(LIQUID_HTML, provider));
 */

export type MonacoApi = typeof Monaco;
export type MonacoSetup = (monaco: MonacoApi) => { dispose(): void } | void;

const setups: MonacoSetup[] = [];
let loaded: MonacoApi | null = null;
const disposers = new Map<MonacoSetup, { dispose(): void } | void>();

/** Runs `setup` with Monaco when it loads (at once if it has); returns a function that undoes it. */
export function onMonaco(setup: MonacoSetup): () => void {
  setups.push(setup);
  if (loaded) disposers.set(setup, setup(loaded));
  return () => {
    const i = setups.indexOf(setup);
    if (i >= 0) setups.splice(i, 1);
    disposers.get(setup)?.dispose();
    disposers.delete(setup);
  };
}

/** Called once by the editor's loader (components/code/monaco-setup.ts) when Monaco is ready. */
export function monacoLoaded(monaco: MonacoApi): void {
  if (loaded) return;
  loaded = monaco;
  for (const setup of setups) disposers.set(setup, setup(monaco));
}
