import { useEffect, useState } from 'react';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { http } from '../../../lib/request.ts';
import { translate } from '../../../lib/i18n/i18n.ts';
import { message } from '../../../stores/notify.ts';
import { labelOf } from '../../../lib/resources/client.ts';
import { useHasPermi } from '../../../stores/permission-gate.ts';
import { MAILBOX_AUDIT, MAILBOX_LIMITS, mailboxResource } from '../../../../shared/resources/cms/mailbox.ts';

const text = (key: string) => translate(`screens:mailbox.${key}`);
const SHOWN = ['title', 'name', 'phone', 'email', 'content', 'createTime', 'ip'] as const;

type Message = Record<string, unknown>;

/** One value as text (React escapes it: a reader's `<script>` shows as those characters), or "(empty)". */
function Value({ v }: { v: unknown }) {
  const s = v === null || v === undefined ? '' : String(v);
  return s ? <span style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{s}</span> : <span className="text-color-secondary">{text('empty')}</span>;
}

/**
 * One message (GET /cms/mailbox/{id}): every field as plain text, the last reply if any, and —
 * with the Review key and an address to write to — a reply sent by e-mail through the messaging
 * platform (the message then counts as reviewed).
 */
export function MailboxDialog({ mailboxId, onClose, onChanged }: { mailboxId: number; onClose(): void; onChanged(): void }) {
  const [msg, setMsg] = useState<Message | null>(null);
  const [subject, setSubject] = useState('');
  const [reply, setReply] = useState('');
  const [busy, setBusy] = useState(false);
  const canReply = useHasPermi({ anyOf: [MAILBOX_AUDIT] });
  const load = () => http.get<Message>(`${mailboxResource.api}/${mailboxId}`).then((r) => setMsg(r.data ?? null), () => onClose());
  useEffect(() => void load(), [mailboxId]);
  const send = async () => {
    setBusy(true);
    try {
      await http.post(`${mailboxResource.api}/reply`, { mailboxId, subject: subject.trim() || undefined, content: reply }, { headers: { repeatSubmit: false } });
      message.success(text('sent'));
      setReply('');
      await load();
      onChanged();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog header={`${text('detail')} · ${mailboxId}`} visible onHide={onClose} style={{ width: 'min(44rem, 96vw)' }} data-testid="mailbox-detail">
      {msg ? (
        <>
          <dl className="entry-detail">
            {SHOWN.map((f) => (
              <div key={f}>
                <dt>{labelOf(f, mailboxResource.fields[f])}</dt>
                <dd data-testid={`mailbox-value-${f}`}><Value v={msg[f]} /></dd>
              </div>
            ))}
            {msg.replyContent ? (
              <div>
                <dt>{text('lastReply')}</dt>
                <dd data-testid="mailbox-last-reply"><Value v={`${String(msg.replyTime ?? '')} · ${String(msg.replyBy ?? '')}\n${String(msg.replyContent)}`} /></dd>
              </div>
            ) : null}
          </dl>
          {canReply ? (
            msg.email ? (
              <section aria-labelledby="mailbox-reply-heading" className="flex flex-column gap-2 mt-3">
                <h3 id="mailbox-reply-heading" className="m-0 text-base">{text('reply')}</h3>
                <label htmlFor="mailbox-reply-subject">{text('replySubject')}</label>
                <InputText id="mailbox-reply-subject" value={subject} maxLength={MAILBOX_LIMITS.title} onChange={(e) => setSubject(e.target.value)} />
                <label htmlFor="mailbox-reply-text">{text('replyText')}</label>
                <InputTextarea id="mailbox-reply-text" rows={5} value={reply} maxLength={MAILBOX_LIMITS.reply} onChange={(e) => setReply(e.target.value)} data-testid="mailbox-reply-text" />
                <div><Button label={text('send')} icon="pi pi-send" disabled={busy || !reply.trim()} onClick={() => void send()} data-testid="mailbox-reply-send" /></div>
              </section>
            ) : <p className="text-color-secondary">{text('noEmail')}</p>
          ) : null}
        </>
      ) : <p>{translate('common:loading')}</p>}
    </Dialog>
  );
}
