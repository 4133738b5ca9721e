import type { MessageCatalog } from '../../../core/i18n.ts';
import type { Locale } from '../../../../shared/i18n/locales.ts';
import zhCN from './zh-CN.ts';
import zhTW from './zh-TW.ts';
import en from './en.ts';
import { XMODEL_MESSAGES } from '../xmodel/messages.ts';
import { SEARCH_PUBLIC_MESSAGES } from '../search-public/messages.ts';
import { PUBLIC_API_MESSAGES } from '../public-api/messages.ts';
import { MEMBER_MESSAGES } from '../member/messages.ts';
import { COMMENT_MESSAGES } from '../comment/messages.ts';
import { INTERACT_MESSAGES } from '../interact/messages.ts';
import { VOTE_MESSAGES } from '../vote/messages.ts';
import { MAILBOX_MESSAGES } from '../mailbox/messages.ts';
import { CONTRIBUTE_MESSAGES } from '../contribute/messages.ts';
import { PUSHER_MESSAGES } from '../pusher/messages.ts';
import { STAT_MESSAGES } from '../stat/messages.ts';

const DOMAIN_MESSAGES = [XMODEL_MESSAGES, SEARCH_PUBLIC_MESSAGES, PUBLIC_API_MESSAGES, MEMBER_MESSAGES, COMMENT_MESSAGES, INTERACT_MESSAGES, VOTE_MESSAGES, MAILBOX_MESSAGES, CONTRIBUTE_MESSAGES, PUSHER_MESSAGES, STAT_MESSAGES];
// Shallow, as before: a domain's messages sit under keys of their own.
const withDomains = (lng: Locale, base: MessageCatalog[Locale]): MessageCatalog[Locale] => Object.assign({}, base, ...DOMAIN_MESSAGES.map((m) => m[lng]));

/** The CMS's server messages, per language (ServerModule.messages); a domain's own are laid in beside. */
export const CMS_MESSAGES: MessageCatalog = {
  'zh-CN': withDomains('zh-CN', zhCN),
  'zh-TW': withDomains('zh-TW', zhTW),
  en: withDomains('en', en),
};
