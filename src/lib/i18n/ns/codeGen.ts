import { defineNamespace } from '../i18n.ts';
import zhCN from '../../../../shared/i18n/locales/zh-CN/codeGen.ts';

/** Namespace `codeGen`: Tools → Code Generation (/tool/gen) and a table's settings page. */
export default defineNamespace('codeGen', zhCN);
