/**
 * Scrolls `el` into its scrolling box only when the box clips it, found out after the browser's
 * next layout (an IntersectionObserver) rather than by asking for one: `scrollIntoView` in an
 * effect forced a style and layout pass of the whole page right after a client-side swap, before
 * the new screen had drawn its rows (~10 ms of a warm switch, done again once the rows came).
 * Returns a function that stops waiting.
 */
export function revealWhenClipped(el: Element | null | undefined, box: Element | null | undefined): () => void {
  if (!el || !box) return () => undefined;
  if (typeof IntersectionObserver !== 'function') {
    el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    return () => undefined;
  }
  const observer = new IntersectionObserver(
    ([entry]) => {
      observer.disconnect();
      // A hair under 1: sub-pixel widths report 0.99… for a tab that is wholly in view.
      if (entry && entry.intersectionRatio < 0.98) el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    },
    // Its first report, of the box as laid out next, is all that is needed.
    { root: box },
  );
  observer.observe(el);
  return () => observer.disconnect();
}
