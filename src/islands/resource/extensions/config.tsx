import { refreshCacheExtensions } from './refresh-cache.tsx';

/** Configs: a "refresh cache" button next to the generic ones. */
export const configExtensions = refreshCacheExtensions({
  perm: 'system:config:remove',
  url: '/system/config/refreshCache',
  labelKey: 'system:config.refreshCache',
  doneKey: 'system:config.refreshed',
});
