import { http } from '../../../lib/request.ts';
import type { ResourceExtensions } from '../types.ts';
import { StatusSwitch } from './status-switch.tsx';

// The definition's api and key as literals: importing it would bring its validators into the list page.
const API = '/workflow/model';
const CHANGE_STATUS = 'workflow:model:changeStatus';

/**
 * Workflow Model: the status column is the suspend/resume switch (spec §4 "Workflow model: suspend
 * or resume"); a suspended model refuses new submissions, reviews under way go on.
 */
export const workflowModelExtensions: ResourceExtensions = {
  columns: {
    status: (row, api) => (
      <StatusSwitch row={row} perm={CHANGE_STATUS} testId={`model-status-${String(row.modelId)}`}
        send={(next) => http.put(`${API}/${String(row.modelId)}/${next === '0' ? 'resume' : 'suspend'}`)}
        messageKeys={{ on: 'screens:workflowModel.resumed', off: 'screens:workflowModel.suspended' }} onChanged={api.reload} />
    ),
  },
};
