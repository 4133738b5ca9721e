import { useEffect, useLayoutEffect } from 'react';
import type { ResourceDef } from '../../../../shared/resources/define.ts';
import { columnFields, type Row } from '../../../lib/resources/client.ts';
import { useHydratedStore } from '../../../lib/react/use-store.ts';
import { $dicts } from '../../../stores/dicts.ts';

/** However the screen fares, the painted copy gives way after this long (its buttons do nothing). */
export const HANDOVER_MAX_MS = 5000;

/** Whether the dictionaries the list's columns show their values by have come. */
export const columnDictsLoaded = (def: ResourceDef, dicts: Readonly<Record<string, unknown>>) => columnFields(def).every(([, f]) => !f.dict || f.dict in dicts);

/** The painted copy (paint.ts) goes and the island it stood in for shows, in one frame. */
function handOver(copy: Element) {
  const island = copy.previousElementSibling as HTMLElement | null;
  island?.style.removeProperty('display');
  copy.remove();
}

/**
 * A list screen takes over from the copy the page painted before its scripts arrived (paint.ts)
 * once it draws the same: its rows, in the copy's language, with its columns' dictionaries
 * loaded. Until then the screen renders hidden, so no half-drawn state (codes for labels, another
 * language) is ever seen, and the swap happens before the browser paints: nothing moves.
 */
export function usePrepaintHandover(def: ResourceDef, rows: readonly Row[], lng: string, active: boolean): void {
  const dicts = useHydratedStore($dicts);
  useLayoutEffect(() => {
    if (!active || typeof document === 'undefined') return;
    const copy = document.querySelector('[data-prepaint]');
    if (!copy) return;
    if (rows.length && lng === copy.getAttribute('data-prepaint') && columnDictsLoaded(def, dicts)) handOver(copy);
  });
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => {
      const copy = document.querySelector('[data-prepaint]');
      if (copy) handOver(copy);
    }, HANDOVER_MAX_MS);
    return () => clearTimeout(timer);
  }, [active]);
}
