import { z } from 'zod';
import { defineResource } from '../define.ts';
import { crud } from '../declare.ts';
import { code, optionalText, requiredText } from '../../validators/common.ts';

/**
 * Publish pipes of the current site (spec §3 Publish pipe): pc, h5… Each enabled pipe renders the
 * site into its own output root `<site path>_<code>` with its own props on the site.
 */
export const publishPipeResource = defineResource({
  name: 'publishpipe',
  title: 'oplog.publishPipe',
  titleKey: 'cms:publishPipe.title',
  api: '/cms/publishpipe',
  id: 'pipeId',
  perms: crud('cms:publishpipe', { export: undefined }),
  fields: {
    pipeId: { kind: 'id', column: true },
    name: { kind: 'text', input: requiredText(100), column: true, filter: 'like', form: true },
    /** names the output folder, so it is set once, when the pipe is made */
    code: { kind: 'text', input: code(20), column: true, form: 'create' },
    status: { kind: 'dict', dict: 'EnableOrDisable', input: z.enum(['0', '1']).default('0'), column: true, filter: 'eq', form: true, initial: '0' },
    sort: { kind: 'number', input: z.coerce.number().int().min(0).max(9999).default(0), column: { sortable: true }, form: true, initial: 0 },
    remark: { kind: 'textarea', input: optionalText(500), column: true, form: true },
    createTime: { kind: 'datetime', column: { sortable: true } },
  },
  sort: { field: 'sort', order: 'asc' },
  unique: ['code'],
});
