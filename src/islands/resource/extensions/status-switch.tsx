import { useEffect, useState } from 'react';
import { InputSwitch } from 'primereact/inputswitch';
import { http } from '../../../lib/request.ts';
import { translate } from '../../../lib/i18n/i18n.ts';
import type { Row } from '../../../lib/resources/client.ts';
import { useHasPermi } from '../../../stores/permission-gate.ts';
import { message } from '../../../stores/notify.ts';

type Status = '0' | '1';

/** How the new status reaches the server. */
type Sender =
  /** PUT `url` with `{[idField], status}` (users, roles, jobs, tasks) */
  | { url: string; idField: string; send?: never }
  /** any other request, e.g. a toggle with the id in the path */
  | { send(next: Status): Promise<unknown>; url?: never; idField?: never };

export type StatusSwitchProps = Sender & {
  row: Row;
  /** permission that may flip it; without it the switch only shows the state */
  perm: string;
  testId: string;
  /** a row the server never lets change (the admin role): shown, not clickable */
  locked?: boolean;
  /** after the server accepted, e.g. reload a list whose other rows changed with it */
  onChanged?(): void;
  /** i18n keys of the confirmation once on and once off; the generic "status changed" otherwise */
  messageKeys?: { on: string; off: string };
};

/**
 * The enable/disable switch of a list row (status '0' on, '1' off). It flips at once and flips
 * back when the server refuses (the request layer has shown why).
 */
export function StatusSwitch(props: StatusSwitchProps) {
  const { row, perm, testId, locked, onChanged, messageKeys } = props;
  const canEdit = useHasPermi({ anyOf: [perm] });
  const [status, setStatus] = useState(String(row.status ?? '0'));
  const [busy, setBusy] = useState(false);
  useEffect(() => setStatus(String(row.status ?? '0')), [row.status]);
  const send = (next: Status) => (props.send ? props.send(next) : http.put(props.url, { [props.idField]: row[props.idField], status: next }));
  return (
    <InputSwitch
      checked={status === '0'}
      disabled={!canEdit || locked || busy}
      aria-label={translate(status === '0' ? 'resource:statusOn' : 'resource:statusOff')}
      data-testid={testId}
      className="status-switch"
      onChange={async (e) => {
        const next: Status = e.value ? '0' : '1';
        setStatus(next);
        setBusy(true);
        try {
          await send(next);
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
