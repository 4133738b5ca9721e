import { defineNamespace } from '../i18n.ts';
import zhCN from '../../../../shared/i18n/locales/zh-CN/search.ts';

/** Namespace `search`: the content index and index dictionary screens, the content list's full-text mode. */
export default defineNamespace('search', zhCN);
