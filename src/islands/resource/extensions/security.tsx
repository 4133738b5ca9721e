import { http } from '../../../lib/request.ts';
import { locksAccounts } from '../../../../shared/resources/system/security.ts';
import type { ResourceExtensions } from '../types.ts';
import { StatusSwitch } from './status-switch.tsx';

/**
 * Security configs: the status switch enables one config (the server switches the others off, so
 * the list reloads to show it), and the lock duration shows only under the LOCK strategy.
 */
export const securityExtensions: ResourceExtensions = {
  columns: {
    status: (row, api) => (
      <StatusSwitch
        row={row}
        perm="system:security:edit"
        testId={`security-status-${String(row.configId)}`}
        // The endpoint toggles: enabling one disables the rest, disabling the enabled one leaves none.
        send={() => http.put(`/system/security/config/changeStatus/${String(row.configId)}`)}
        onChanged={api.reload}
      />
    ),
  },
  formVisible: (name, values) => name !== 'passwordRetryLockSeconds' || locksAccounts(values),
};
