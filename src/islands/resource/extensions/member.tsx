import { http } from '../../../lib/request.ts';
import { translate } from '../../../lib/i18n/i18n.ts';
import type { Row } from '../../../lib/resources/client.ts';
import { useHasPermi } from '../../../stores/permission-gate.ts';
import type { ResourceExtensions } from '../types.ts';
import { StatusSwitch } from './status-switch.tsx';
import { ResetPasswordButton } from './ResetPasswordButton.tsx';

// The definition's api and keys as literals: importing it would bring its validators into the list page.
const API = '/member';
const EDIT = 'member:list:edit';
const RESET_PWD = 'member:list:resetPwd';

const tr = (key: string, params?: Record<string, unknown>) => translate(`screens:member.${key}`, params);
/** A member is named by its user name, else its nickname, address or phone (any may be empty). */
const nameOf = (row: Row) => String(row.userName || row.nickName || row.email || row.phoneNumber || row.memberId);

/** The password a member signs in with, set anew (its sessions end on the server). */
function ResetPassword({ row }: { row: Row }) {
  return (
    <ResetPasswordButton prefix="member" inputId="member-reset-password" label={tr('resetPwd')} title={tr('resetPwdTitle', { name: nameOf(row) })} done={tr('resetDone')}
      testId={`member-reset-${String(row.memberId)}`} send={(password) => http.post(`${API}/resetPassword`, { memberId: row.memberId, password })} />
  );
}

function RowActions({ row }: { row: Row }) {
  const canReset = useHasPermi({ anyOf: [RESET_PWD] });
  return canReset ? <ResetPassword row={row} /> : null;
}

/**
 * Member List: the enable/disable switch (a disabled member is signed out at once) and the
 * password reset in each row; the rest is the definition's.
 */
export const memberExtensions: ResourceExtensions = {
  columns: {
    status: (row) => <StatusSwitch row={row} idField="memberId" url={`${API}/changeStatus`} perm={EDIT} testId={`member-status-${String(row.memberId)}`} />,
  },
  rowActions: (row) => <RowActions row={row} />,
};
