import { z } from 'zod';
import { defineResource } from '../define.ts';
import { crud } from '../declare.ts';
import { code, optionalText, requiredText } from '../../validators/common.ts';

/** Posts (job positions) a user can hold: the smallest complete example of a resource. */
export const postResource = defineResource({
  name: 'post',
  title: 'oplog.post',
  titleKey: 'system:post.title',
  api: '/system/post',
  id: 'postId',
  perms: crud('system:post'),
  fields: {
    postId: { kind: 'id', column: true },
    postCode: { kind: 'text', input: code(64), column: true, filter: 'like', form: true },
    postName: { kind: 'text', input: requiredText(50), column: true, filter: 'like', form: true },
    postSort: { kind: 'number', input: z.coerce.number().int().min(0).max(9999).default(0), column: { sortable: true }, form: true, initial: 0 },
    status: { kind: 'dict', dict: 'EnableOrDisable', input: z.enum(['0', '1']).default('0'), column: true, filter: 'eq', form: true, initial: '0' },
    remark: { kind: 'textarea', input: optionalText(500), form: true },
    createTime: { kind: 'datetime', column: { sortable: true }, filter: 'range' },
  },
  sort: { field: 'postSort', order: 'asc' },
  unique: ['postCode', 'postName'],
});
