import { defineNamespace } from '../i18n.ts';
import zhCN from '../../../../shared/i18n/locales/zh-CN/review.ts';

/** Namespace `review`: My Reviews (/workflow/review), the navbar's count of reviews, the editor's review history. */
export default defineNamespace('review', zhCN);
