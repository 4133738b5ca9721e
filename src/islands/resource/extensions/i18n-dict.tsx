import { Button } from 'primereact/button';
import { RefreshIcon } from 'primereact/icons/refresh';
import { http } from '../../../lib/request.ts';
import { translate } from '../../../lib/i18n/i18n.ts';
import { message } from '../../../stores/notify.ts';
import { HasPermi } from '../../../components/widgets/Gates.tsx';
import type { ResourceExtensions } from '../types.ts';

/** I18n texts: a "refresh cache" button that makes the server reload them from the table. */
export const i18nDictExtensions: ResourceExtensions = {
  toolbar: () => (
    <HasPermi anyOf={['system:i18ndict:edit']}>
      <Button
        size="small"
        severity="danger"
        outlined
        icon={<RefreshIcon />}
        label={translate('system:i18n.refreshCache')}
        onClick={async () => {
          await http.delete('/system/i18n/dict/refreshCache');
          message.success(translate('system:i18n.refreshed'));
        }}
      />
    </HasPermi>
  ),
};
