import { Button } from 'primereact/button';
import { RefreshIcon } from 'primereact/icons/refresh';
import { TrashIcon } from 'primereact/icons/trash';
import { useT } from '../../lib/i18n/react.ts';
import monitor from '../../lib/i18n/ns/monitor.ts';
import { HasPermi } from '../../components/widgets/Gates.tsx';
import { clearAll } from './cache-api.ts';

/** Refresh and "clear all" of both cache screens; `onChange` reloads what the screen shows. */
export function CacheToolbar({ loading, onChange }: { loading?: boolean; onChange: () => void }) {
  const t = useT(monitor);
  return (
    <div className="monitor-toolbar">
      <Button size="small" outlined icon={<RefreshIcon />} label={t('cache.refresh')} loading={loading} onClick={onChange} />
      <HasPermi anyOf={['monitor:cache:clear']}>
        <Button size="small" outlined severity="danger" icon={<TrashIcon />} label={t('cache.clearAll')} onClick={async () => (await clearAll()) && onChange()} />
      </HasPermi>
    </div>
  );
}
