import './messaging.css';
import { useState } from 'react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { http } from '../../../lib/request.ts';
import { translate } from '../../../lib/i18n/i18n.ts';
import { useLocale } from '../../../lib/i18n/react.ts';
import { validate, requiredText } from '../../../lib/forms/validate.ts';
import { testMessageSchema } from '../../../../shared/resources/system/messaging.ts';
import type { Row } from '../../../lib/resources/client.ts';
import { message } from '../../../stores/notify.ts';
import { DictValue } from '../../../components/widgets/DictTag.tsx';
import { HasPermi } from '../../../components/widgets/Gates.tsx';
import type { ResourceExtensions } from '../types.ts';
import { FormRow } from '../../../components/form/FormRow.tsx';
import { FormDialog } from '../../../components/form/FormDialog.tsx';
import { StatusSwitch } from './status-switch.tsx';

const EDIT = 'system:messaging:edit';
const API = '/system/messaging/config';
const tr = (key: string, params?: Record<string, unknown>) => translate(`system:messaging.${key}`, params);
/** A real send may wait on a slow server: the server bounds each phase at 15 s. */
const SEND_TIMEOUT_MS = 60_000;

/** Where a config sends to, at a glance: host:port, or the webhook's host (never its query, which may hold a key). */
export function targetOf(row: Row): string {
  const c = (row.config ?? {}) as Record<string, unknown>;
  if (row.platform === 'SMTP') return c.host ? `${String(c.host)}:${String(c.port ?? '')}` : '';
  try {
    return new URL(String(c.url)).host;
  } catch {
    return '';
  }
}

/** The dialog of "send a test message": a recipient for email, nothing to ask for chat. */
function TestSendDialog({ row, onHide }: { row: Row; onHide(): void }) {
  useLocale();
  const email = row.platform === 'SMTP';
  const [to, setTo] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  async function send() {
    const problem = email && !to.trim() ? requiredText('to') : validate(testMessageSchema, { to: to.trim() }).to;
    if (problem) return setError(problem);
    setBusy(true);
    try {
      const res = await http.post<string>(`${API}/${String(row.configId)}/test`, { to: to.trim() }, { timeout: SEND_TIMEOUT_MS });
      message.success(res.data ?? res.msg);
      onHide();
    } catch {
      /* the request layer showed the platform's error */
    } finally {
      setBusy(false);
    }
  }
  return (
    <FormDialog
      formId="messaging-test-form"
      header={tr('testTitle', { name: String(row.name ?? '') })}
      width="480px"
      className="resource-dialog"
      testId="messaging-test-dialog"
      saving={busy}
      submitLabel={tr('send')}
      submitIcon="pi pi-send"
      dirty={to.trim() !== ''}
      onSubmit={() => void send()}
      onHide={onHide}
    >
      <p className="messaging-test-hint">{tr(email ? 'testEmailHint' : 'testChatHint')}</p>
      {email ? (
        <FormRow id="messaging-test-to" label={translate('fields:to')} error={error} testKey="to">
          {(aria) => <InputText id="messaging-test-to" type="email" value={to} className={error ? 'p-invalid' : undefined} {...aria} placeholder="name@example.com" onChange={(e) => { setTo(e.target.value); setError(''); }} />}
        </FormRow>
      ) : null}
    </FormDialog>
  );
}

function TestSend({ row }: { row: Row }) {
  const [open, setOpen] = useState(false);
  return (
    <HasPermi anyOf={[EDIT]}>
      <Button text size="small" icon="pi pi-send" label={tr('test')} onClick={() => setOpen(true)} />
      {open ? <TestSendDialog row={row} onHide={() => setOpen(false)} /> : null}
    </HasPermi>
  );
}

/** Messaging platforms: platform tag with its target, status switch, and a real test send per row. */
export const messagingExtensions: ResourceExtensions = {
  columns: {
    platform: (row) => (
      <span className="messaging-platform">
        <DictValue type="MessagingPlatform" value={row.platform} />
        <small className="messaging-target">{targetOf(row)}</small>
      </span>
    ),
    // Only the default stands out: a "No" on every other row would be noise.
    isDefault: (row) => (row.isDefault === 'Y' ? <DictValue type="YesOrNo" value="Y" /> : null),
    status: (row) => <StatusSwitch row={row} idField="configId" url={`${API}/changeStatus`} perm={EDIT} testId={`messaging-status-${String(row.configId)}`} />,
  },
  rowActions: (row) => <TestSend row={row} />,
};
