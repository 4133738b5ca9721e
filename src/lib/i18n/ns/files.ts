import { defineNamespace } from '../i18n.ts';
import zhCN from '../../../../shared/i18n/locales/zh-CN/files.ts';

/** Namespace `files`: the file manager, the code editor and themes. */
export default defineNamespace('files', zhCN);
