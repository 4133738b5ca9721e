import { defineNamespace } from '../i18n.ts';
import zhCN from '../../../../shared/i18n/locales/zh-CN/formBuilder.ts';

/** Namespace `formBuilder`: Tools → Form Builder (/tool/build). */
export default defineNamespace('formBuilder', zhCN);
