import { createContext } from 'react';

/**
 * True under the shell's islands (ShellTop, ShellServices). The PrimeReact overlays they load when
 * first needed (menus, notices, dialogs, the drawer) take the shell's PrimeReact settings then
 * (ShellPrime): the shell's first draw has no PrimeReact component, so it loads no PrimeReact.
 */
export const InShell = createContext(false);
