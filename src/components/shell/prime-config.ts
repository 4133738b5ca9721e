import type { APIOptions } from 'primereact/api';

/**
 * PrimeReact overlays of the shell (dialogs, toasts, menus) portal into a persisted element, not
 * <body>: a client-side page swap replaces <body>, which would take an open dialog with it.
 */
export const SHELL_PORTAL_ID = 'shell-portal';
/**
 * PrimeReact injects each component's rules into a <style> when it first mounts, by default in
 * <head>. A client-side swap replaces the head's elements that the next page does not have, and
 * the shell's components, which persist, never inject theirs again: their styles go to a
 * persisted element instead (ConsoleLayout).
 */
export const SHELL_STYLES_ID = 'shell-styles';

export const shellPrimeValue: Partial<APIOptions> = {
  // Prerender has no document; overlays are not open there anyway.
  appendTo: () => (typeof document === 'undefined' ? ('self' as unknown as HTMLElement) : (document.getElementById(SHELL_PORTAL_ID) ?? document.body)),
  // A getter: read by the provider when it first renders, once the element is in the document.
  get styleContainer() {
    return (typeof document === 'undefined' ? null : document.getElementById(SHELL_STYLES_ID)) ?? undefined;
  },
};
