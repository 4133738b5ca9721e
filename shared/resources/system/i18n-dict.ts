import { z } from 'zod';
import { defineResource } from '../define.ts';
import { crud } from '../declare.ts';
import { optionalText, requiredText } from '../../validators/common.ts';
import { LOCALES } from '../../i18n/locales.ts';

/**
 * Texts per language kept by the server: menu titles (MENU.NAME.<id>), dictionary labels
 * (DICT.<type>.<value>), overrides of server messages (their key) and of console texts
 * (`<namespace>:<key>`, applied by the console at start).
 */
export const i18nDictResource = defineResource({
  name: 'i18n_dict',
  title: 'oplog.i18n',
  titleKey: 'system:i18n.title',
  api: '/system/i18n/dict',
  id: 'id',
  perms: crud('system:i18ndict'),
  fields: {
    id: { kind: 'id' },
    langTag: { kind: 'dict', dict: 'I18nDictType', input: z.enum(LOCALES), column: true, filter: 'eq', form: true, initial: 'zh-CN' },
    langKey: { kind: 'text', input: requiredText(200), column: true, filter: 'like', form: true },
    langValue: { kind: 'textarea', input: requiredText(5000), column: true, filter: 'like', form: true },
    remark: { kind: 'textarea', input: optionalText(500), form: true },
    createTime: { kind: 'datetime', column: true },
  },
  sort: { field: 'langKey', order: 'asc' },
});

export const i18nBatchBody = z
  .array(z.object({ langTag: z.enum(LOCALES), langKey: requiredText(200), langValue: requiredText(5000) }))
  .min(1)
  .max(1000);
