import { z } from 'zod';
import { defineResource } from '../define.ts';
import { crud } from '../declare.ts';
import { requiredText } from '../../validators/common.ts';

export const noticeResource = defineResource({
  name: 'notice',
  title: 'oplog.notice',
  titleKey: 'system:notice.title',
  api: '/system/notice',
  id: 'noticeId',
  perms: crud('system:notice', { export: undefined }),
  fields: {
    noticeId: { kind: 'id', column: true },
    noticeTitle: { kind: 'text', input: requiredText(100), column: true, filter: 'like', form: true },
    noticeType: { kind: 'dict', dict: 'NoticeType', input: z.string().trim().min(1).max(10).default('1'), column: true, filter: 'eq', form: true, initial: '1' },
    /** rich text, sanitised by the server */
    noticeContent: { kind: 'textarea', input: z.string().max(100_000).default(''), form: true },
    status: { kind: 'dict', dict: 'NoticeStatus', input: z.enum(['0', '1']).default('0'), column: true, filter: 'eq', form: true, initial: '0' },
    createBy: { kind: 'text', column: true, filter: 'like' },
    createTime: { kind: 'datetime', column: { sortable: true } },
  },
  sort: { field: 'noticeId', order: 'desc' },
});
