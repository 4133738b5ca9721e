import { z } from 'zod';
import { defineResource } from '../define.ts';
import { crud } from '../declare.ts';
import { email, optionalText, phone, requiredText } from '../../validators/common.ts';

/** Departments form a tree (parentId 0 = root); data scopes filter users by it. */
export const deptResource = defineResource({
  name: 'dept',
  title: 'oplog.dept',
  titleKey: 'system:dept.title',
  api: '/system/dept',
  id: 'deptId',
  perms: crud('system:dept', { export: undefined }),
  fields: {
    deptId: { kind: 'id' },
    parentId: { kind: 'number', input: z.coerce.number().int().min(0).default(0), form: true },
    deptName: { kind: 'text', input: requiredText(50), column: true, filter: 'like', form: true },
    orderNum: { kind: 'number', input: z.coerce.number().int().min(0).max(9999).default(0), column: true, form: true, initial: 0 },
    leader: { kind: 'text', input: optionalText(50), column: true, form: true },
    phone: { kind: 'text', input: phone().or(z.literal('')).optional(), form: true },
    email: { kind: 'text', input: email().or(z.literal('')).optional(), form: true },
    status: { kind: 'dict', dict: 'EnableOrDisable', input: z.enum(['0', '1']).default('0'), column: true, filter: 'eq', form: true, initial: '0' },
    createTime: { kind: 'datetime', column: true },
  },
  sort: { field: 'orderNum', order: 'asc' },
});
