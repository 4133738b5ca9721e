import { useEffect, useRef, useState } from 'react';
import { Toast, type ToastPassThroughOptions } from 'primereact/toast';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { $confirms, $notices, settleConfirm, takeNotices } from '../../stores/notify.ts';
import { useHydratedStore } from '../../lib/react/use-store.ts';
import { Icon } from '../../components/Icon.tsx';

/**
 * Toasts are not live regions of their own: each notice is said once, by the announcer's regions
 * that are in the page before it (stores/notify.ts), politely or, for an error, assertively.
 * PrimeReact makes every message `role="alert"`, assertive and created with its text, which some
 * screen readers miss and the others say on top of the announcer.
 */
const SILENT: ToastPassThroughOptions = { message: { role: undefined, 'aria-live': undefined, 'aria-atomic': undefined } };

/**
 * Shows the notify store with PrimeReact: messages top centre, notifications top right, one
 * confirmation at a time. Loaded by NotifyHost when first needed.
 */
export default function NotifyOverlays() {
  const messages = useRef<Toast>(null);
  const notifications = useRef<Toast>(null);
  const confirms = useHydratedStore($confirms);

  useEffect(() => {
    // Called at once with what is already queued (the notice that had this module loaded).
    return $notices.subscribe(() => {
      for (const n of takeNotices()) {
        const target = n.kind === 'notification' ? notifications : messages;
        target.current?.show({ severity: n.severity, summary: n.summary, detail: n.detail, life: n.life, closable: true });
      }
    });
  }, []);

  const current = confirms[0];
  // Mounted with the first confirmation: a closed ConfirmDialog still renders its whole dialog
  // (buttons, icons) with every render of the page's services; then it stays for its closing animation.
  const [asked, setAsked] = useState(false);
  if (current && !asked) setAsked(true);
  return (
    <>
      <Toast ref={messages} position="top-center" className="notice-compact" pt={SILENT} />
      <Toast ref={notifications} position="top-right" pt={SILENT} />
      {asked && <ConfirmDialog
        visible={Boolean(current)}
        header={current?.header}
        message={current?.message}
        icon={<Icon name={current?.severity === 'danger' ? 'error' : current?.severity === 'info' ? 'info' : 'warn'} className="icon confirm-icon" />}
        acceptLabel={current?.acceptLabel}
        rejectLabel={current?.rejectLabel}
        rejectClassName="p-button-text"
        style={{ width: 'min(440px, calc(100vw - 32px))' }}
        onHide={(result) => {
          if (current) settleConfirm(current.id, result === 'accept');
        }}
      />}
    </>
  );
}
