import { useState } from 'react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { translate } from '../../../lib/i18n/i18n.ts';
import { message } from '../../../stores/notify.ts';
import { FormDialog } from '../../../components/form/FormDialog.tsx';
import { FormRow } from '../../../components/form/FormRow.tsx';

/**
 * A row's "Reset password" button and its dialog (a console user's, a member's): one new password,
 * required here, checked by the server's password policy (whose message the request layer shows).
 * `prefix` names the dialog's ids and class (`<prefix>-reset-form`, `<prefix>-reset-dialog`).
 */
export function ResetPasswordButton(props: { prefix: string; inputId: string; label: string; title: string; done: string; testId?: string; send(password: string): Promise<unknown> }) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    if (!password) return setError(translate('validation:required', { field: translate('fields:password') }));
    setSaving(true);
    try {
      await props.send(password);
      message.success(props.done);
      setOpen(false);
    } catch {
      // the request layer shows the password policy's message
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      <Button text size="small" icon="pi pi-key" label={props.label} data-testid={props.testId} onClick={() => { setPassword(''); setError(''); setOpen(true); }} />
      {open ? (
        <FormDialog formId={`${props.prefix}-reset-form`} header={props.title} width="420px" className={`${props.prefix}-reset-dialog`} saving={saving} dirty={password !== ''} onSubmit={() => void submit()} onHide={() => setOpen(false)}>
          <FormRow id={props.inputId} label={translate('fields:password')} error={error} testKey="password">
            {(aria) => <InputText id={props.inputId} type="password" autoComplete="new-password" className={error ? 'p-invalid' : undefined} {...aria} value={password} onChange={(e) => { setPassword(e.target.value); setError(''); }} />}
          </FormRow>
        </FormDialog>
      ) : null}
    </>
  );
}
