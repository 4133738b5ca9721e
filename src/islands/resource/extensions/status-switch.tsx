import { useEffect, useState } from 'react';
import { InputSwitch } from 'primereact/inputswitch';
import { http } from '../../../lib/request.ts';
import { translate } from '../../../lib/i18n/i18n.ts';
import type { Row } from '../../../lib/resources/client.ts';
import { useHasPermi } from '../../../lib/access/permission-gate.ts';
import { message } from '../../../stores/notify.ts';

export interface StatusSwitchProps {
  row: Row;
  /** the row's id field, sent with the new status */
  idField: string;
  /** PUT endpoint taking `{[idField], status}` */
  url: string;
  /** permission that may flip it; without it the switch only shows the state */
  perm: string;
  testId: string;
  /** a row the server never lets change (the admin role): shown, not clickable */
  locked?: boolean;
  /** after a change the server accepted, e.g. reload a list whose other rows follow it */
  onChanged?(): void;
  /** i18n keys of the confirmation once on and once off; the generic "status changed" otherwise */
  messageKeys?: { on: string; off: string };
}

/**
 * The enable/disable switch of a list row (status '0' on, '1' off). It flips at once and flips
 * back when the server refuses (the request layer has shown why).
 */
export function StatusSwitch({ row, idField, url, perm, testId, locked, onChanged, messageKeys }: StatusSwitchProps) {
  const canEdit = useHasPermi({ anyOf: [perm] });
  const [status, setStatus] = useState(String(row.status ?? '0'));
  const [busy, setBusy] = useState(false);
  useEffect(() => setStatus(String(row.status ?? '0')), [row.status]);
  return (
    <InputSwitch
      checked={status === '0'}
      disabled={!canEdit || locked || busy}
      aria-label={translate(status === '0' ? 'resource:statusOn' : 'resource:statusOff')}
      data-testid={testId}
      className="status-switch"
      onChange={async (e) => {
        const next = e.value ? '0' : '1';
        setStatus(next);
        setBusy(true);
        try {
          await http.put(url, { [idField]: row[idField], status: next });
          message.success(translate(messageKeys ? (next === '0' ? messageKeys.on : messageKeys.off) : 'resource:statusChanged'));
          onChanged?.();
        } catch {
          setStatus(next === '0' ? '1' : '0');
        } finally {
          setBusy(false);
        }
      }}
    />
  );
}
