import { useCallback, useState } from 'react';
import { Button } from 'primereact/button';
import { TrashIcon } from 'primereact/icons/trash';
import { useLocale, useT } from '../../lib/i18n/react.ts';
import monitor from '../../lib/i18n/ns/monitor.ts';
import { HasPermi } from '../../components/widgets/Gates.tsx';
import { Card, useLoaded } from './parts.tsx';
import { CacheToolbar } from './CacheToolbar.tsx';
import { clearCache, fetchKeys, fetchStats, fetchValue, prettyValue } from './cache-api.ts';

/** The cache list: names → keys → value, with clearing of a cache, a key, or everything. */
export default function CacheList() {
  const t = useT(monitor);
  useLocale();
  const { data: stats, reload: loadCaches } = useLoaded(fetchStats);
  const caches = stats?.caches ?? [];
  const [name, setName] = useState<string | null>(null);
  const [keys, setKeys] = useState<string[]>([]);
  const [key, setKey] = useState<string | null>(null);
  const [value, setValue] = useState<string | undefined>(undefined);

  const openCache = useCallback((n: string | null) => {
    setName(n);
    setKey(null);
    setValue(undefined);
    setKeys([]);
    if (n) void fetchKeys(n).then(setKeys).catch(() => undefined);
  }, []);
  const openKey = (k: string) => {
    if (!name) return;
    setKey(k);
    setValue(undefined);
    void fetchValue(name, k).then((v) => setValue(v?.cacheValue)).catch(() => undefined);
  };

  return (
    <div className="monitor-screen" data-testid="cache-list">
      <CacheToolbar onChange={() => { loadCaches(); openCache(name); }} />
      <div className="cache-columns">
        <Card title={t('cache.caches')} testId="cache-names">
          <ul className="cache-items">
            {caches.map((c) => (
              <li key={c.cacheName} className={c.cacheName === name ? 'is-active' : undefined}>
                <button type="button" className="cache-item-open" onClick={() => openCache(c.cacheName)}>
                  <span className="cache-item-name">{c.cacheName}</span>
                  <small>{c.remark} · {c.size}</small>
                </button>
                <HasPermi anyOf={['monitor:cache:clear']}>
                  <Button text rounded size="small" severity="danger" icon={<TrashIcon />} aria-label={`${t('cache.clearCache')} ${c.cacheName}`} title={t('cache.clearCache')} onClick={async () => { if (await clearCache(c.cacheName)) { loadCaches(); if (c.cacheName === name) openCache(name); } }} />
                </HasPermi>
              </li>
            ))}
          </ul>
        </Card>
        <Card title={name ? `${t('cache.keys')} · ${name}` : t('cache.keys')} testId="cache-keys">
          {!name ? <p className="cache-hint">{t('cache.pickCache')}</p> : keys.length === 0 ? <p className="cache-hint">{t('cache.noKeys')}</p> : (
            <ul className="cache-items">
              {keys.map((k) => (
                <li key={k} className={k === key ? 'is-active' : undefined}>
                  <button type="button" className="cache-item-open" onClick={() => openKey(k)}>
                    <span className="cache-item-name">{k}</span>
                  </button>
                  <HasPermi anyOf={['monitor:cache:clear']}>
                    <Button text rounded size="small" severity="danger" icon={<TrashIcon />} aria-label={`${t('cache.clearKey')} ${k}`} title={t('cache.clearKey')} onClick={async () => { if (await clearCache(name, k)) { loadCaches(); openCache(name); } }} />
                  </HasPermi>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card title={t('cache.value')} testId="cache-value">
          {key ? (
            <>
              <p className="cache-value-key">
                <strong>{t('cache.key')}:</strong> <code>{key}</code>
              </p>
              <pre className="cache-value">{prettyValue(value)}</pre>
            </>
          ) : (
            <p className="cache-hint">{t('cache.pickKey')}</p>
          )}
        </Card>
      </div>
    </div>
  );
}
