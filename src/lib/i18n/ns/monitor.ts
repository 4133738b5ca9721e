import { defineNamespace } from '../i18n.ts';
import zhCN from '../../../../shared/i18n/locales/zh-CN/monitor.ts';

/** Namespace `monitor`: importing this puts its zh-CN texts in the page and fetches other languages on demand. */
export default defineNamespace('monitor', zhCN);
