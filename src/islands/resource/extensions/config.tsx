import { Button } from 'primereact/button';
import { RefreshIcon } from 'primereact/icons/refresh';
import { http } from '../../../lib/request.ts';
import { translate } from '../../../lib/i18n/i18n.ts';
import { message } from '../../../stores/notify.ts';
import { HasPermi } from '../../../components/widgets/Gates.tsx';
import type { ResourceExtensions } from '../types.ts';

/** Configs: a "refresh cache" button next to the generic ones. */
export const configExtensions: ResourceExtensions = {
  toolbar: () => (
    <HasPermi anyOf={['system:config:remove']}>
      <Button
        size="small"
        severity="danger"
        outlined
        icon={<RefreshIcon />}
        label={translate('system:config.refreshCache')}
        onClick={async () => {
          await http.delete('/system/config/refreshCache');
          message.success(translate('system:config.refreshed'));
        }}
      />
    </HasPermi>
  ),
};
