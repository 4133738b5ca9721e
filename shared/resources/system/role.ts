import { z } from 'zod';
import { defineResource } from '../define.ts';
import { crud } from '../declare.ts';
import { code, id, optionalText, requiredText } from '../../validators/common.ts';

/** Data scopes a role can grant (dict SysDataScope). */
export const DATA_SCOPES = ['1', '2', '3', '4', '5'] as const;

export const roleResource = defineResource({
  name: 'role',
  title: 'oplog.role',
  titleKey: 'system:role.title',
  api: '/system/role',
  id: 'roleId',
  perms: crud('system:role'),
  fields: {
    roleId: { kind: 'id', column: true },
    roleName: { kind: 'text', input: requiredText(30), column: true, filter: 'like', form: true },
    /** spec §5: role key accepts letters, digits and underscore */
    roleKey: { kind: 'text', input: code(100), column: true, filter: 'like', form: true },
    roleSort: { kind: 'number', input: z.coerce.number().int().min(0).max(9999).default(0), column: { sortable: true }, form: true, initial: 0 },
    dataScope: { kind: 'dict', dict: 'SysDataScope', input: z.enum(DATA_SCOPES).default('1'), column: true, form: true, initial: '1' },
    status: { kind: 'dict', dict: 'EnableOrDisable', input: z.enum(['0', '1']).default('0'), column: true, filter: 'eq', form: true, initial: '0' },
    /** menu permissions (a tree in the form); not a column of the role table */
    menuIds: { kind: 'number', input: z.array(id()).max(5000).optional(), form: true },
    /** departments of a custom data scope */
    deptIds: { kind: 'number', input: z.array(id()).max(5000).optional(), form: true },
    remark: { kind: 'textarea', input: optionalText(500), form: true },
    createTime: { kind: 'datetime', column: { sortable: true }, filter: 'range' },
  },
  sort: { field: 'roleSort', order: 'asc' },
  unique: ['roleName', 'roleKey'],
});
