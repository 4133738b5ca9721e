import { http } from '../../lib/request.ts';
import { translate } from '../../lib/i18n/i18n.ts';
import { message } from '../../stores/notify.ts';
import { askToConfirm as ask } from '../../components/form/confirm.ts';

/** GET /monitor/cache */
export interface CacheStats {
  caches: { cacheName: string; remark: string; size: number }[];
  memory: Record<string, number>;
}

export const fetchStats = async () => (await http.get<CacheStats>('/monitor/cache')).data ?? { caches: [], memory: {} };
export const fetchKeys = async (name: string) => (await http.get<string[]>(`/monitor/cache/getKeys/${encodeURIComponent(name)}`)).data ?? [];
export const fetchValue = async (name: string, key: string) =>
  (await http.get<{ cacheName: string; cacheKey: string; cacheValue: string }>(`/monitor/cache/getValue/${encodeURIComponent(name)}`, { key })).data;

/** Clears one cache, or one key of it, after a confirmation; true when done. */
export async function clearCache(name: string, key?: string): Promise<boolean> {
  if (!(await ask(key ? translate('monitor:cache.clearKeyConfirm', { key }) : translate('monitor:cache.clearConfirm', { name })))) return false;
  const url = `/monitor/cache/clearCacheName/${encodeURIComponent(name)}${key ? `?key=${encodeURIComponent(key)}` : ''}`;
  if (!(await http.delete(url).catch(() => null))) return false;
  message.success(translate('monitor:cache.cleared'));
  return true;
}

/** Clears every cache after a confirmation; true when done. */
export async function clearAll(): Promise<boolean> {
  if (!(await ask(translate('monitor:cache.clearAllConfirm')))) return false;
  if (!(await http.delete('/monitor/cache/clearCacheAll').catch(() => null))) return false;
  message.success(translate('monitor:cache.cleared'));
  return true;
}

/** A cached value for reading: pretty-printed JSON when it parses. */
export function prettyValue(text: string | undefined): string {
  if (text === undefined) return '';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
