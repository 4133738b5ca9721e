/**
 * After a client-side page swap focus would start over on <body> (the control that had it, a link
 * in the old <main>, is gone): a keyboard user's next Tab would begin again at the skip link and a
 * screen reader would lose its place. So, when focus was lost in the swap, it is put on the new
 * <main> (tabindex=-1, no ring: see shell.css), whose first control the next Tab reaches, as the
 * skip link does. Focus kept by a persisted shell control (a sidebar link, a tab) stays where it is;
 * the first load of a page is left alone (it starts at the skip link, as any page does).
 */
export function focusMainAfterNavigation(): void {
  document.addEventListener('astro:after-swap', () => {
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    document.getElementById('main')?.focus({ preventScroll: true });
  });
}
