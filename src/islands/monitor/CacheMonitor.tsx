import { Button } from 'primereact/button';
import { DataTable } from 'primereact/datatable';
import { Column } from 'primereact/column';
import { SkeletonBar } from '../../components/widgets/SkeletonBar.tsx';
import { TrashIcon } from 'primereact/icons/trash';
import { useLocale, useT } from '../../lib/i18n/react.ts';
import monitor from '../../lib/i18n/ns/monitor.ts';
import { HasPermi } from '../../components/widgets/Gates.tsx';
import { formatBytes } from '../../lib/sizes.ts';
import { CacheToolbar } from './CacheToolbar.tsx';
import { clearCache, fetchStats, type CacheStats } from './cache-api.ts';
import { Card, Props, useLoaded } from './parts.tsx';

const MEMORY = ['rss', 'heapTotal', 'heapUsed', 'external', 'arrayBuffers'] as const;

/** Cache statistics: each cache with its size, and the process memory that holds them. */
export default function CacheMonitor() {
  const t = useT(monitor);
  useLocale();
  const { data: stats, loading, reload: load } = useLoaded(fetchStats);
  type Cache = CacheStats['caches'][number];

  return (
    <div className="monitor-screen" data-testid="cache-monitor">
      <CacheToolbar loading={loading} onChange={load} />
      {!stats ? (
        <SkeletonBar height="16rem" />
      ) : (
        <div className="monitor-grid">
          <Card title={t('cache.memory.title')} testId="cache-memory">
            <Props rows={MEMORY.map((k) => [t(`cache.memory.${k}`), formatBytes(stats.memory[k])])} />
          </Card>
          <Card title={t('cache.caches')} testId="cache-stats">
            <DataTable value={stats.caches} size="small" stripedRows dataKey="cacheName" pt={{ table: { 'aria-label': t('cache.caches') } }}>
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
          </Card>
        </div>
      )}
    </div>
  );
}
