import { z } from 'zod';
import { defineResource } from '../define.ts';
import { crud } from '../declare.ts';
import { optionalText } from '../../validators/common.ts';
import { v } from '../../validators/issues.ts';
import { isIpOrCidr } from '../../validators/ip.ts';
import { dateTimeInput } from '../../validators/date.ts';

export const IP_RULE_TYPES = ['ALLOW', 'DENY'] as const;

export const ipRuleResource = defineResource({
  name: 'iprule',
  title: 'oplog.iprule',
  titleKey: 'system:iprule.title',
  api: '/system/iprule',
  id: 'ruleId',
  perms: crud('system:iprule', { export: undefined }),
  fields: {
    ruleId: { kind: 'id', column: true },
    ip: { kind: 'text', input: z.string().trim().min(1, v('required')).max(64).refine(isIpOrCidr, v('ip')), column: true, filter: 'like', form: true },
    type: {
      kind: 'text',
      input: z.enum(IP_RULE_TYPES),
      column: true,
      filter: 'eq',
      form: true,
      initial: 'DENY',
      options: IP_RULE_TYPES.map((value) => ({ value, label: `system:iprule.types.${value}` })),
    },
    /** empty = never expires */
    expireTime: { kind: 'datetime', input: dateTimeInput().nullable().optional(), column: true, form: true },
    remark: { kind: 'textarea', input: optionalText(500), column: true, form: true },
    createTime: { kind: 'datetime', column: true },
  },
  sort: { field: 'ruleId', order: 'desc' },
});
