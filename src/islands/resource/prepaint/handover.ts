import type { ResourceDef } from '../../../../shared/resources/define.ts';
import { columnFields, type Row } from '../../../lib/resources/client.ts';
import { useHydratedStore } from '../../../lib/react/use-store.ts';
import { $dicts } from '../../../stores/dicts.ts';
import { useHandoverDeadline, useHandoverWhen } from '../../prepaint/handover.ts';

/**
 * A list screen takes over from the copy the page painted before its scripts arrived (paint.ts)
 * once it draws the same: its rows, in the copy's language, with its columns' dictionaries
 * loaded (islands/prepaint/handover.ts).
 */
export function usePrepaintHandover(def: ResourceDef, rows: readonly Row[], lng: string, active: boolean): void {
  const dicts = useHydratedStore($dicts);
  const loaded = columnFields(def).every(([, f]) => !f.dict || f.dict in dicts);
  useHandoverWhen(rows.length > 0 && loaded, lng, active);
  useHandoverDeadline(active);
}
