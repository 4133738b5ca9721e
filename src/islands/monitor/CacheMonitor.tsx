import { useCallback, useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { DataTable } from 'primereact/datatable';
import { Column } from 'primereact/column';
import { Skeleton } from 'primereact/skeleton';
import { RefreshIcon } from 'primereact/icons/refresh';
import { TrashIcon } from 'primereact/icons/trash';
import { useLocale, useT } from '../../lib/i18n/react.ts';
import monitor from '../../lib/i18n/ns/monitor.ts';
import { HasPermi } from '../../components/widgets/Gates.tsx';
import { formatBytes } from './sizes.ts';
import { clearAll, clearCache, fetchStats, type CacheStats } from './cache-api.ts';

const MEMORY = ['rss', 'heapTotal', 'heapUsed', 'external', 'arrayBuffers'] as const;

/** Cache statistics: each cache with its size, and the process memory that holds them. */
export default function CacheMonitor() {
  const t = useT(monitor);
  useLocale();
  const [stats, setStats] = useState<CacheStats | null>(null);
  const [loading, setLoading] = useState(false);
  const load = useCallback(() => {
    setLoading(true);
    fetchStats()
      .then(setStats)
      .catch(() => undefined)
      .finally(() => setLoading(false));
  }, []);
  useEffect(load, [load]);
  type Cache = CacheStats['caches'][number];

  return (
    <div className="monitor-screen" data-testid="cache-monitor">
      <div className="monitor-toolbar">
        <Button size="small" outlined icon={<RefreshIcon />} label={t('cache.refresh')} loading={loading} onClick={load} />
        <HasPermi anyOf={['monitor:cache:clear']}>
          <Button size="small" outlined severity="danger" icon={<TrashIcon />} label={t('cache.clearAll')} onClick={async () => (await clearAll()) && load()} />
        </HasPermi>
      </div>
      {!stats ? (
        <Skeleton height="16rem" />
      ) : (
        <div className="monitor-grid">
          <section className="monitor-card" data-testid="cache-memory">
            <h3 className="monitor-card-title">{t('cache.memory.title')}</h3>
            <table className="monitor-props">
              <tbody>
                {MEMORY.map((k) => (
                  <tr key={k}>
                    <th>{t(`cache.memory.${k}`)}</th>
                    <td>{formatBytes(stats.memory[k])}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          <section className="monitor-card" data-testid="cache-stats">
            <h3 className="monitor-card-title">{t('cache.caches')}</h3>
            <DataTable value={stats.caches} size="small" stripedRows dataKey="cacheName">
              <Column field="cacheName" header={t('cache.cacheName')} />
              <Column field="remark" header={t('cache.remark')} />
              <Column field="size" header={t('cache.size')} />
              <Column
                body={(c: Cache) => (
                  <HasPermi anyOf={['monitor:cache:clear']}>
                    <Button text size="small" severity="danger" icon={<TrashIcon />} label={t('cache.clearCache')} onClick={async () => (await clearCache(c.cacheName)) && load()} />
                  </HasPermi>
                )}
                style={{ width: '1%', whiteSpace: 'nowrap' }}
              />
            </DataTable>
          </section>
        </div>
      )}
    </div>
  );
}
