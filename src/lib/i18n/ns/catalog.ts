import { defineNamespace } from '../i18n.ts';
import zhCN from '../../../../shared/i18n/locales/zh-CN/catalog.ts';

/** Namespace `catalog`: the catalog tree (also in the content screen and pickers) and the catalog page. */
export default defineNamespace('catalog', zhCN);
