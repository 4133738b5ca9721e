import { refreshCacheExtensions } from './refresh-cache.tsx';

/** I18n texts: a "refresh cache" button that makes the server reload them from the table. */
export const i18nDictExtensions = refreshCacheExtensions({
  perm: 'system:i18ndict:edit',
  url: '/system/i18n/dict/refreshCache',
  labelKey: 'system:i18n.refreshCache',
  doneKey: 'system:i18n.refreshed',
});
