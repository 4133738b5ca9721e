import { useCallback, useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { RefreshIcon } from 'primereact/icons/refresh';
import { TrashIcon } from 'primereact/icons/trash';
import { useLocale, useT } from '../../lib/i18n/react.ts';
import monitor from '../../lib/i18n/ns/monitor.ts';
import { HasPermi } from '../../components/widgets/Gates.tsx';
import { clearAll, clearCache, fetchKeys, fetchStats, fetchValue, prettyValue, type CacheStats } from './cache-api.ts';

/** The cache list: names → keys → value, with clearing of a cache, a key, or everything. */
export default function CacheList() {
  const t = useT(monitor);
  useLocale();
  const [caches, setCaches] = useState<CacheStats['caches']>([]);
  const [name, setName] = useState<string | null>(null);
  const [keys, setKeys] = useState<string[]>([]);
  const [key, setKey] = useState<string | null>(null);
  const [value, setValue] = useState<string | undefined>(undefined);

  const loadCaches = useCallback(() => void fetchStats().then((s) => setCaches(s.caches)).catch(() => undefined), []);
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
  useEffect(loadCaches, [loadCaches]);

  return (
    <div className="monitor-screen" data-testid="cache-list">
      <div className="monitor-toolbar">
        <Button size="small" outlined icon={<RefreshIcon />} label={t('cache.refresh')} onClick={() => { loadCaches(); openCache(name); }} />
        <HasPermi anyOf={['monitor:cache:clear']}>
          <Button size="small" outlined severity="danger" icon={<TrashIcon />} label={t('cache.clearAll')} onClick={async () => { if (await clearAll()) { loadCaches(); openCache(name); } }} />
        </HasPermi>
      </div>
      <div className="cache-columns">
        <section className="monitor-card" data-testid="cache-names">
          <h3 className="monitor-card-title">{t('cache.caches')}</h3>
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
        </section>
        <section className="monitor-card" data-testid="cache-keys">
          <h3 className="monitor-card-title">{t('cache.keys')}{name ? ` · ${name}` : ''}</h3>
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
        </section>
        <section className="monitor-card" data-testid="cache-value">
          <h3 className="monitor-card-title">{t('cache.value')}</h3>
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
        </section>
      </div>
    </div>
  );
}
