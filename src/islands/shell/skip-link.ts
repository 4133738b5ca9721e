/**
 * The skip link (ConsoleLayout's first Tab stop) moves focus into <main>. Followed as a plain
 * fragment link, Astro's client router would take the click (it scrolls to the target and changes
 * the address, but leaves focus where it was); so the click is taken first, in the capture phase,
 * and focus is put on <main> (tabindex=-1), from where the next Tab reaches the screen's first
 * control. Delegated from the document: the link is part of each page and swapped with it.
 */
export function wireSkipLink(): void {
  document.addEventListener(
    'click',
    (event) => {
      const link = (event.target as Element | null)?.closest?.('a[data-skip-link]');
      if (!link) return;
      const main = document.getElementById(link.getAttribute('href')?.slice(1) || 'main');
      if (!main) return;
      event.preventDefault();
      main.focus();
    },
    true,
  );
}
