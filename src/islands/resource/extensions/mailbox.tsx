import { lazy, Suspense, useState } from 'react';
import { Button } from 'primereact/button';
import { http } from '../../../lib/request.ts';
import { translate } from '../../../lib/i18n/i18n.ts';
import { confirm, message } from '../../../stores/notify.ts';
import { HasPermi } from '../../../components/widgets/Gates.tsx';
import { MAILBOX_AUDIT, MailboxReview, mailboxResource } from '../../../../shared/resources/cms/mailbox.ts';
import type { Row } from '../../../lib/resources/client.ts';
import type { ResourceExtensions, ScreenApi } from '../types.ts';

const MailboxDialog = lazy(() => import('./MailboxDialog.tsx').then((m) => ({ default: m.MailboxDialog })));

const text = (key: string, params?: Record<string, unknown>) => translate(`screens:mailbox.${key}`, params);

/**
 * Marks a message reviewed or back to unreviewed (spec §4: both ways, each with a confirmation
 * naming the message), then the list again. The title is passed as a parameter: i18next escapes
 * nothing here, the confirm box draws it as text.
 */
export async function setReviewed(row: Row, reviewed: boolean, after: () => void) {
  const ok = await confirm({
    header: text(reviewed ? 'markReviewed' : 'markUnreviewed'),
    message: text(reviewed ? 'confirmReviewed' : 'confirmUnreviewed', { title: String(row.title ?? ''), interpolation: { escapeValue: false } }),
    acceptLabel: translate('common:actions.yes'), rejectLabel: translate('common:actions.no'), severity: 'warn',
  });
  if (!ok) return;
  await http.put(`${mailboxResource.api}/review`, { mailboxIds: [row.mailboxId], reviewStatus: reviewed ? MailboxReview.REVIEWED : MailboxReview.UNREVIEWED }, { headers: { repeatSubmit: false } });
  message.success(text(reviewed ? 'reviewed' : 'unreviewed'));
  after();
}

function ViewButton({ row, screen }: { row: Row; screen: ScreenApi }) {
  const [open, setOpen] = useState(false);
  const id = Number(row.mailboxId);
  return (
    <>
      <Button text size="small" icon="pi pi-envelope" label={text('detail')} aria-haspopup="dialog" onClick={() => setOpen(true)} data-testid={`mailbox-view-${id}`} />
      {open ? (
        <Suspense fallback={null}>
          <MailboxDialog mailboxId={id} onClose={() => setOpen(false)} onChanged={() => screen.reload()} />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * The Mailbox (/operations/mailbox): the review status as words (the search form filters by it),
 * each row's View (the message as text, and the reply by e-mail) and Mark reviewed / unreviewed
 * with a confirmation (key cms:mailbox:audit). Readers' words are only ever drawn as text.
 */
export const mailboxExtensions: ResourceExtensions = {
  columns: {
    reviewStatus: (row) => <span data-testid={`mailbox-status-${String(row.mailboxId)}`}>{text(`review_${row.reviewStatus === MailboxReview.REVIEWED ? '1' : '0'}`)}</span>,
  },
  rowActions: (row, screen) => (
    <>
      <ViewButton row={row} screen={screen} />
      <HasPermi anyOf={[MAILBOX_AUDIT]}>
        {row.reviewStatus === MailboxReview.REVIEWED
          ? <Button text size="small" icon="pi pi-undo" label={text('markUnreviewed')} onClick={() => void setReviewed(row, false, screen.reload)} data-testid={`mailbox-unreview-${String(row.mailboxId)}`} />
          : <Button text size="small" icon="pi pi-check" label={text('markReviewed')} onClick={() => void setReviewed(row, true, screen.reload)} data-testid={`mailbox-review-${String(row.mailboxId)}`} />}
      </HasPermi>
    </>
  ),
};
