import { useEffect, useLayoutEffect } from 'react';

/** However the island fares, the painted copy gives way after this long (its buttons do nothing). */
export const HANDOVER_MAX_MS = 5000;

/** The painted copy (script.ts) goes and the island it stood in for shows, in one frame. */
function handOver(copy: Element) {
  const island = copy.previousElementSibling as HTMLElement | null;
  island?.style.removeProperty('display');
  copy.remove();
}

/**
 * An island takes over from the copy the page painted before its scripts arrived once it draws
 * the same (`same`: its data, in the copy's language, with what labels it loaded). Until then
 * the island renders hidden, so no half-drawn state is ever seen, and the swap happens in a
 * layout effect, before the browser paints: nothing moves. `active` false: not the page's island
 * (a build-time render).
 */
export function useHandoverWhen(same: boolean, lng: string, active = true): void {
  useLayoutEffect(() => {
    if (!active || !same || typeof document === 'undefined') return;
    const copy = document.querySelector('[data-prepaint]');
    if (copy && lng === copy.getAttribute('data-prepaint')) handOver(copy);
  });
}

/** The copy gives way at the latest HANDOVER_MAX_MS after the island mounted (a call refused, another site…). */
export function useHandoverDeadline(active = true): void {
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => {
      const copy = document.querySelector('[data-prepaint]');
      if (copy) handOver(copy);
    }, HANDOVER_MAX_MS);
    return () => clearTimeout(timer);
  }, [active]);
}
