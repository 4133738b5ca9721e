import { z } from 'zod';
import { defineResource } from '../define.ts';
import { crud } from '../declare.ts';
import { optionalText, requiredText } from '../../validators/common.ts';
import { v } from '../../validators/issues.ts';

/** System parameters (sys_config). Rows of type 'Y' are built in and cannot be deleted. */
export const configResource = defineResource({
  name: 'config',
  title: 'oplog.config',
  titleKey: 'system:config.title',
  api: '/system/config',
  id: 'configId',
  perms: crud('system:config'),
  fields: {
    configId: { kind: 'id', column: true },
    configName: { kind: 'text', input: requiredText(100), column: true, filter: 'like', form: true },
    // Keys are dotted names (sys.account.captchaEnabled): no whitespace, but not the code pattern.
    configKey: { kind: 'text', input: requiredText(100).regex(/^\S+$/, v('invalid')), column: true, filter: 'like', form: true },
    configValue: { kind: 'textarea', input: z.string().max(5000, v('tooLong')).default(''), column: true, form: true, initial: '' },
    configType: { kind: 'dict', dict: 'YesOrNo', input: z.enum(['Y', 'N']).default('N'), column: true, filter: 'eq', form: true, initial: 'N' },
    remark: { kind: 'textarea', input: optionalText(500), column: true, form: true },
    createTime: { kind: 'datetime', column: { sortable: true }, filter: 'range' },
  },
  sort: { field: 'configId', order: 'asc' },
  unique: ['configKey'],
});
