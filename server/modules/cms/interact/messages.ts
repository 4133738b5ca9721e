import type { MessageCatalog } from '../../../core/i18n.ts';

/** Server messages of likes, favorites and follows, per language (merged into the CMS's). */
export const INTERACT_MESSAGES: MessageCatalog = {
  'zh-CN': { interact: { contentNotFound: '内容不存在或未发布', memberNotFound: '会员不存在', followSelf: '不能关注自己' } },
  'zh-TW': { interact: { contentNotFound: '內容不存在或未發布', memberNotFound: '會員不存在', followSelf: '不能追蹤自己' } },
  en: { interact: { contentNotFound: 'No such content, or it is not published', memberNotFound: 'No such member', followSelf: 'You cannot follow yourself' } },
};
