import { defineNamespace } from '../i18n.ts';
import zhCN from '../../../../shared/i18n/locales/zh-CN/templates.ts';

/** Namespace `templates`: the template list, the workbench, the tag reference and dynamic templates. */
export default defineNamespace('templates', zhCN);
