import type { MessageCatalog } from '../../../core/i18n.ts';
import zhCN from './zh-CN.ts';
import zhTW from './zh-TW.ts';
import en from './en.ts';

/** The CMS's server messages, per language (ServerModule.messages). */
export const CMS_MESSAGES: MessageCatalog = { 'zh-CN': zhCN, 'zh-TW': zhTW, en };
