import { useContext, type ReactNode } from 'react';
import { PrimeReactProvider } from '../widgets/prime-provider.ts';
import { shellPrimeValue } from './prime-config.ts';
import { InShell } from './in-shell.ts';

/**
 * PrimeReact's settings for the shell (prime-config.ts: its overlays portal into, and its styles go
 * to, elements that persist across page swaps) around an overlay drawn under the shell's islands;
 * elsewhere its children as they are. Loaded with the overlays (lazyInShell), not with the shell.
 */
export function ShellPrime({ children }: { children: ReactNode }) {
  return useContext(InShell) ? <PrimeReactProvider value={shellPrimeValue}>{children}</PrimeReactProvider> : <>{children}</>;
}
