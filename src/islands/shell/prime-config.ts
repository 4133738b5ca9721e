import type { APIOptions } from 'primereact/api';

/**
 * PrimeReact overlays of the shell (dialogs, toasts, menus) portal into a persisted element, not
 * <body>: a client-side page swap replaces <body>, which would take an open dialog with it.
 */
export const SHELL_PORTAL_ID = 'shell-portal';
export const shellPrimeValue: Partial<APIOptions> = {
  // Prerender has no document; overlays are not open there anyway.
  appendTo: () => (typeof document === 'undefined' ? ('self' as unknown as HTMLElement) : (document.getElementById(SHELL_PORTAL_ID) ?? document.body)),
};
