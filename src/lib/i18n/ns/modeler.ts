import { defineNamespace } from '../i18n.ts';
import zhCN from '../../../../shared/i18n/locales/zh-CN/modeler.ts';

/** Namespace `modeler`: the review workflow designer (/workflow/model/design) and bpmn-js's texts in it. */
export default defineNamespace('modeler', zhCN);
