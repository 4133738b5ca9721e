import { z } from 'zod';
import { defineResource } from '../define.ts';
import { crud } from '../declare.ts';
import { email, id, optionalText, phone, requiredText } from '../../validators/common.ts';
import { userName } from '../../validators/auth.ts';
import { v } from '../../validators/issues.ts';

/** The administrator the seed creates: never disabled, deleted or stripped of the admin role. */
export const BUILT_IN_ADMIN_ID = 1;

export const userResource = defineResource({
  name: 'user',
  title: 'oplog.user',
  titleKey: 'system:user.title',
  api: '/system/user',
  id: 'userId',
  perms: crud('system:user'),
  fields: {
    userId: { kind: 'id', column: true },
    /** spec §5: user name required, 2–20; it is the login name, fixed once created */
    userName: { kind: 'text', input: userName(), column: true, filter: 'like', form: 'create' },
    nickName: { kind: 'text', input: requiredText(30), column: true, filter: 'like', form: true },
    /** spec §5: department required; filtered by the department tree beside the list (and those below it) */
    deptId: { kind: 'number', input: id().refine((n) => n > 0, v('required')), column: true, filter: 'eq', filterControl: 'extension', form: true },
    phoneNumber: { kind: 'text', input: phone().or(z.literal('')).optional(), column: true, filter: 'like', form: true },
    email: { kind: 'text', input: email().or(z.literal('')).optional(), form: true },
    sex: { kind: 'dict', dict: 'Gender', input: z.enum(['0', '1', '2']).default('2'), form: true, initial: '2' },
    status: { kind: 'dict', dict: 'SysUserStatus', input: z.enum(['0', '1']).default('0'), column: true, filter: 'eq', form: true, initial: '0' },
    password: { kind: 'password', input: z.string({ error: v('required') }).min(1, v('required')).max(128, v('tooLong')), form: 'create' },
    roleIds: { kind: 'number', input: z.array(id()).max(100).optional(), form: true },
    postIds: { kind: 'number', input: z.array(id()).max(100).optional(), form: true },
    remark: { kind: 'textarea', input: optionalText(500), form: true },
    loginDate: { kind: 'datetime', export: true },
    createTime: { kind: 'datetime', column: { sortable: true }, filter: 'range' },
  },
  sort: { field: 'userId', order: 'asc' },
  unique: ['userName', 'phoneNumber', 'email'],
});
