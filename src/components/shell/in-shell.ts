import { createContext } from 'react';

/**
 * True under the shell's islands (ShellTop, ShellServices). The PrimeReact overlays they load when
 * first needed (menus, notices, dialogs, the drawer) take the shell's PrimeReact settings then
 * (ShellPrime): the shell's first draw has no PrimeReact component, so it loads no PrimeReact.
 * Here, not beside the shell's islands, because widgets drawn under the shell (the popup menus) use
 * it too, and components build on no island.
 */
export const InShell = createContext(false);
