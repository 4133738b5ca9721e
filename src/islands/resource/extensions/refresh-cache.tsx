import { Button } from 'primereact/button';
import { RefreshIcon } from 'primereact/icons/refresh';
import { http } from '../../../lib/request.ts';
import { translate } from '../../../lib/i18n/i18n.ts';
import { message } from '../../../stores/notify.ts';
import { HasPermi } from '../../../components/widgets/Gates.tsx';
import type { ResourceExtensions } from '../types.ts';

interface RefreshCache {
  /** permission the server checks on `url` */
  perm: string;
  /** DELETE here makes the server reload the table into its cache */
  url: string;
  labelKey: string;
  doneKey: string;
}

/** A "refresh cache" button next to the generic ones (configs, i18n texts). */
export const refreshCacheExtensions = ({ perm, url, labelKey, doneKey }: RefreshCache): ResourceExtensions => ({
  toolbar: () => (
    <HasPermi anyOf={[perm]}>
      <Button
        size="small"
        severity="danger"
        outlined
        icon={<RefreshIcon />}
        label={translate(labelKey)}
        onClick={async () => {
          // On a refusal the request layer has shown why.
          if (await http.delete(url).catch(() => null)) message.success(translate(doneKey));
        }}
      />
    </HasPermi>
  ),
});
