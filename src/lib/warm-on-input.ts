/**
 * Asks for code a page will likely need right after the user's first action (the toasts that
 * report it, a menu it opens) at the first press of a key or pointer on the page, not with the
 * page: the press comes ~100 ms before the click it starts, and the answer to the click later
 * still. Returns the cleanup for an effect.
 */
export function warmOnFirstInput(load: () => Promise<unknown>): () => void {
  const warm = () => void load().catch(() => undefined);
  addEventListener('pointerdown', warm, { capture: true, once: true });
  addEventListener('keydown', warm, { capture: true, once: true });
  return () => {
    removeEventListener('pointerdown', warm, { capture: true });
    removeEventListener('keydown', warm, { capture: true });
  };
}
