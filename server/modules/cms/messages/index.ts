import type { MessageCatalog } from '../../../core/i18n.ts';
import zhCN from './zh-CN.ts';
import zhTW from './zh-TW.ts';
import en from './en.ts';
import { XMODEL_MESSAGES } from '../xmodel/messages.ts';
import { SEARCH_PUBLIC_MESSAGES } from '../search-public/messages.ts';
import { PUBLIC_API_MESSAGES } from '../public-api/messages.ts';
import { MAILBOX_MESSAGES } from '../mailbox/messages.ts';
import { CONTRIBUTE_MESSAGES } from '../contribute/messages.ts';

/** The CMS's server messages, per language (ServerModule.messages); a domain's own are laid in beside. */
export const CMS_MESSAGES: MessageCatalog = {
  'zh-CN': { ...zhCN, ...XMODEL_MESSAGES['zh-CN'], ...SEARCH_PUBLIC_MESSAGES['zh-CN'], ...PUBLIC_API_MESSAGES['zh-CN'], ...MAILBOX_MESSAGES['zh-CN'], ...CONTRIBUTE_MESSAGES['zh-CN'] },
  'zh-TW': { ...zhTW, ...XMODEL_MESSAGES['zh-TW'], ...SEARCH_PUBLIC_MESSAGES['zh-TW'], ...PUBLIC_API_MESSAGES['zh-TW'], ...MAILBOX_MESSAGES['zh-TW'], ...CONTRIBUTE_MESSAGES['zh-TW'] },
  en: { ...en, ...XMODEL_MESSAGES.en, ...SEARCH_PUBLIC_MESSAGES.en, ...PUBLIC_API_MESSAGES.en, ...MAILBOX_MESSAGES.en, ...CONTRIBUTE_MESSAGES.en },
};
