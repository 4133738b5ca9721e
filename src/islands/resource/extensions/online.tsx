import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { http } from '../../../lib/request.ts';
import { translate } from '../../../lib/i18n/i18n.ts';
import { message } from '../../../stores/notify.ts';
import { askToConfirm } from '../../../components/form/confirm.ts';
import { HasPermi } from '../../../components/widgets/Gates.tsx';
import type { Row } from '../../../lib/resources/client.ts';
import type { ResourceExtensions, ScreenApi } from '../types.ts';

async function forceLogout(row: Row, api: ScreenApi) {
  const own = row.current === true;
  const ok = await askToConfirm(translate(own ? 'monitor:online.confirmSelf' : 'monitor:online.confirm', { name: String(row.userName ?? '') }));
  if (!ok) return;
  const done = await http.delete(`/monitor/online/${String(row.tokenId)}`).catch(() => null);
  if (!done) return;
  message.success(translate('monitor:online.done'));
  api.reload();
}

/** Online users: the viewer's own session marked, and a force logout per row. */
export const onlineExtensions: ResourceExtensions = {
  columns: {
    userName: (row) => (
      <span className="online-user">
        {String(row.userName ?? '')}
        {row.current === true ? <Tag className="ml-2" severity="success" value={translate('monitor:online.current')} data-testid="online-current" /> : null}
      </span>
    ),
  },
  rowActions: (row, api) => (
    <HasPermi anyOf={['monitor:online:forceLogout']}>
      <Button text size="small" severity="danger" icon="pi pi-sign-out" label={translate('monitor:online.forceLogout')} onClick={() => void forceLogout(row, api)} />
    </HasPermi>
  ),
};
