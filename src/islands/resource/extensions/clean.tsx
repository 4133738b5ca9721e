import { Button } from 'primereact/button';
import { TrashIcon } from 'primereact/icons/trash';
import { http } from '../../../lib/request.ts';
import { translate } from '../../../lib/i18n/i18n.ts';
import { message } from '../../../stores/notify.ts';
import { askToConfirm } from '../../../components/form/confirm.ts';
import { HasPermi } from '../../../components/widgets/Gates.tsx';
import type { ResourceExtensions } from '../types.ts';

/** Logs: a "clear" button that empties the whole log (DELETE {api}/clean) after a confirmation. */
export const cleanExtensions = (perm: string): ResourceExtensions => ({
  toolbar: ({ def, reload }) => (
    <HasPermi anyOf={[perm]}>
      <Button
        size="small"
        severity="danger"
        outlined
        icon={<TrashIcon />}
        label={translate('monitor:clean.button')}
        onClick={async () => {
          const ok = await askToConfirm(translate('monitor:clean.confirm'));
          if (!ok) return;
          // On a refusal the request layer has shown why.
          if (!(await http.delete(`${def.api}/clean`).catch(() => null))) return;
          message.success(translate('monitor:clean.done'));
          reload();
        }}
      />
    </HasPermi>
  ),
});
