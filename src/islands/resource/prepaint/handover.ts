import type { ResourceDef } from '../../../../shared/resources/define.ts';
import { columnFields, type Row } from '../../../lib/resources/client.ts';
import { useHydratedStore } from '../../../lib/react/use-store.ts';
import { $dicts } from '../../../stores/dicts.ts';
import { useHandoverDeadline, useHandoverWhen } from '../../prepaint/handover.ts';

export { HANDOVER_MAX_MS } from '../../prepaint/handover.ts';

/** Whether the dictionaries the list's columns show their values by have come. */
export const columnDictsLoaded = (def: ResourceDef, dicts: Readonly<Record<string, unknown>>) => columnFields(def).every(([, f]) => !f.dict || f.dict in dicts);

/**
 * A list screen takes over from the copy the page painted before its scripts arrived (paint.ts)
 * once it draws the same: its rows, in the copy's language, with its columns' dictionaries
 * loaded (islands/prepaint/handover.ts).
 */
export function usePrepaintHandover(def: ResourceDef, rows: readonly Row[], lng: string, active: boolean): void {
  const dicts = useHydratedStore($dicts);
  useHandoverWhen(rows.length > 0 && columnDictsLoaded(def, dicts), lng, active);
  useHandoverDeadline(active);
}
