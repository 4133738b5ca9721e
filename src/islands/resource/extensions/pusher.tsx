import { useState } from 'react';
import { Button } from 'primereact/button';
import { http } from '../../../lib/request.ts';
import { translate } from '../../../lib/i18n/i18n.ts';
import { go } from '../../../lib/routes/navigation.ts';
import { message } from '../../../stores/notify.ts';
import { HasPermi } from '../../../components/widgets/Gates.tsx';
import { pusherResource } from '../../../../shared/resources/cms/pusher.ts';
import { pusherDeliveryResource } from '../../../../shared/resources/cms/pusher-delivery.ts';
import type { Row } from '../../../lib/resources/client.ts';
import type { ResourceExtensions, ScreenApi } from '../types.ts';
import { StatusSwitch } from './status-switch.tsx';
// The settings are System → Messaging's (SMTP security, robots' URL placeholders): their texts.
import '../../../lib/i18n/ns/system.ts';

const EDIT = pusherResource.perms.edit!;
/** A real send may wait on a slow receiver: the server bounds it at 15 s per phase. */
const SEND_TIMEOUT_MS = 60_000;

/** "Send test": one message through the pusher now; the answer (sent, or what failed) in a toast. */
function TestButton({ row }: { row: Row }) {
  const [busy, setBusy] = useState(false);
  async function send() {
    setBusy(true);
    try {
      const res = await http.post<string>(`${pusherResource.api}/${String(row.pusherId)}/test`, {}, { timeout: SEND_TIMEOUT_MS, headers: { repeatSubmit: false } });
      message.success(res.data ?? res.msg);
    } catch {
      /* the request layer showed the localized failure */
    } finally {
      setBusy(false);
    }
  }
  return (
    <HasPermi anyOf={[EDIT]}>
      <Button text size="small" icon="pi pi-send" loading={busy} label={translate('screens:pusher.test')}
        aria-label={`${translate('screens:pusher.test')} · ${String(row.name ?? '')}`} onClick={() => void send()} data-testid={`pusher-test-${String(row.pusherId)}`} />
    </HasPermi>
  );
}

/** Message pushers: the on/off switch, a real test send per row, and the whole site's delivery log. */
export const pusherExtensions: ResourceExtensions = {
  toolbar: () => (
    <Button outlined size="small" icon="pi pi-history" label={translate('screens:pusher.deliveries')} onClick={() => void go(pusherDeliveryResource.page!.path)} />
  ),
  columns: {
    // The subscribed events by their labels, not their codes.
    events: (row) => (Array.isArray(row.events) ? row.events.map((e) => translate(`cms:pusher.event.${String(e)}`)).join(translate('cms:pusher.listSeparator')) : null),
    status: (row) => <StatusSwitch row={row} idField="pusherId" url={`${pusherResource.api}/changeStatus`} perm={EDIT} testId={`pusher-status-${String(row.pusherId)}`} />,
  },
  rowActions: (row) => <TestButton row={row} />,
};

async function retry(row: Row, screen: ScreenApi) {
  await http.put(`${pusherDeliveryResource.api}/${String(row.deliveryId)}/retry`, {}, { headers: { repeatSubmit: false } });
  message.success(translate('screens:pusherDelivery.retried'));
  screen.reload();
}

/** The delivery log: a failed delivery can be sent again (the edit key). */
export const pusherDeliveryExtensions: ResourceExtensions = {
  rowActions: (row, screen) => (row.status === 'FAILED' ? (
    <HasPermi anyOf={[EDIT]}>
      <Button text size="small" icon="pi pi-replay" label={translate('screens:pusherDelivery.retry')} onClick={() => void retry(row, screen).catch(() => undefined)} data-testid={`pusher-retry-${String(row.deliveryId)}`} />
    </HasPermi>
  ) : null),
};
