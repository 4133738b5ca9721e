import type { MessageCatalog } from '../../../core/i18n.ts';

/** Server messages of the readers' search, per language (merged into the CMS's). */
export const SEARCH_PUBLIC_MESSAGES: MessageCatalog = {
  'zh-CN': { searchPublic: { noSite: '站点不存在或未开放搜索', refusedTitle: '无法搜索' } },
  'zh-TW': { searchPublic: { noSite: '網站不存在或未開放搜尋', refusedTitle: '無法搜尋' } },
  en: { searchPublic: { noSite: 'No such site, or it cannot be searched', refusedTitle: 'The search could not be made' } },
};
