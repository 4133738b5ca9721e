import { Button } from 'primereact/button';
import { http } from '../../../lib/request.ts';
import { translate } from '../../../lib/i18n/i18n.ts';
import type { Row } from '../../../lib/resources/client.ts';
import { message } from '../../../stores/notify.ts';
import { HasPermi } from '../../../components/widgets/Gates.tsx';
import type { ResourceExtensions } from '../types.ts';

/** Lifts the retry lock of the selected row's account and shows the server's answer. */
async function unlock(row: Row) {
  const userName = String(row.userName ?? '');
  const res = await http.put(`/monitor/logininfor/unlock/${encodeURIComponent(userName)}`).catch(() => null);
  if (res) message.success(res.msg || translate('monitor:logininfor.unlocked'));
}

/** The login log's "unlock": one selected row's account may sign in again at once. */
export const unlockExtensions: ResourceExtensions = {
  selectable: true,
  toolbar: ({ selection }) => (
    <HasPermi anyOf={['system:user:unlock']}>
      <Button
        size="small"
        outlined
        severity="help"
        icon="pi pi-unlock"
        label={translate('monitor:logininfor.unlock')}
        disabled={selection.length !== 1 || !selection[0]?.userName}
        onClick={() => void unlock(selection[0]!)}
      />
    </HasPermi>
  ),
};
