import { defineNamespace } from '../i18n.ts';
import zhCN from '../../../../shared/i18n/locales/zh-CN/user.ts';

/** Namespace `user`: the account center and preferences pages. */
export default defineNamespace('user', zhCN);
