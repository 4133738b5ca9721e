import { defineNamespace } from '../i18n.ts';
import zhCN from '../../../../shared/i18n/locales/zh-CN/stats.ts';

/** Namespace `stats`: the Statistics screen (/statistics). */
export default defineNamespace('stats', zhCN);
