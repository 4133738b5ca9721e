import { defineNamespace } from '../i18n.ts';
import zhCN from '../../../../shared/i18n/locales/zh-CN/xmodel.ts';

/** Namespace `xmodel`: the Extend tab of the site, catalog and content editors. */
export default defineNamespace('xmodel', zhCN);
