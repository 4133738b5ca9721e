import { defineNamespace } from '../i18n.ts';
import zhCN from '../../../../shared/i18n/locales/zh-CN/contentList.ts';

/** Namespace `contentList`: the content page (list, recycle bin, batch actions). */
export default defineNamespace('contentList', zhCN);
