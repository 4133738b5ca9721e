import { useState } from 'react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { http } from '../../../lib/request.ts';
import { translate } from '../../../lib/i18n/i18n.ts';
import type { Row } from '../../../lib/resources/client.ts';
import { useHasPermi } from '../../../stores/permission-gate.ts';
import { message } from '../../../stores/notify.ts';
import { FormDialog } from '../../../components/form/FormDialog.tsx';
import { FormRow } from '../../../components/form/FormRow.tsx';
import type { ResourceExtensions } from '../types.ts';
import { StatusSwitch } from './status-switch.tsx';

// The definition's api and keys as literals: importing it would bring its validators into the list page.
const API = '/member';
const EDIT = 'member:list:edit';
const RESET_PWD = 'member:list:resetPwd';

const tr = (key: string, params?: Record<string, unknown>) => translate(`screens:member.${key}`, params);
/** A member is named by its user name, else its nickname, address or phone (any may be empty). */
const nameOf = (row: Row) => String(row.userName || row.nickName || row.email || row.phoneNumber || row.memberId);

/** The password a member signs in with, set anew (its sessions end on the server). */
function ResetPassword({ row }: { row: Row }) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    if (!password) return setError(translate('validation:required', { field: translate('fields:password') }));
    setSaving(true);
    try {
      await http.post(`${API}/resetPassword`, { memberId: row.memberId, password });
      message.success(tr('resetDone'));
      setOpen(false);
    } catch {
      // the request layer shows the password policy's message
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      <Button text size="small" icon="pi pi-key" label={tr('resetPwd')} data-testid={`member-reset-${String(row.memberId)}`} onClick={() => { setPassword(''); setError(''); setOpen(true); }} />
      {open ? (
        <FormDialog formId="member-reset-form" header={tr('resetPwdTitle', { name: nameOf(row) })} width="420px" className="member-reset-dialog" saving={saving} dirty={password !== ''} onSubmit={() => void submit()} onHide={() => setOpen(false)}>
          <FormRow id="member-reset-password" label={translate('fields:password')} error={error} testKey="password">
            {(aria) => <InputText id="member-reset-password" type="password" autoComplete="new-password" className={error ? 'p-invalid' : undefined} {...aria} value={password} onChange={(e) => { setPassword(e.target.value); setError(''); }} />}
          </FormRow>
        </FormDialog>
      ) : null}
    </>
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
