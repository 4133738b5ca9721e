import { z } from 'zod';
import { defineResource } from '../define.ts';
import { crud } from '../declare.ts';
import { optionalText, requiredText } from '../../validators/common.ts';
import { v } from '../../validators/issues.ts';

/** M directory, C menu (a page), F button (a permission only). */
export const MENU_TYPES = ['M', 'C', 'F'] as const;
/** Permission keys: module:resource:action, several joined by commas (any one grants). */
export const PERMS_PATTERN = /^[A-Za-z][A-Za-z0-9]*(:[A-Za-z][A-Za-z0-9]*){2}(,[A-Za-z][A-Za-z0-9]*(:[A-Za-z][A-Za-z0-9]*){2})*$/;
const yn = () => z.enum(['Y', 'N']);

export const menuResource = defineResource({
  name: 'menu',
  title: 'oplog.menu',
  titleKey: 'system:menu.title',
  api: '/system/menu',
  id: 'menuId',
  perms: crud('system:menu', { export: undefined }),
  fields: {
    menuId: { kind: 'id' },
    menuName: { kind: 'text', input: requiredText(50), column: true, filter: 'like', form: true },
    parentId: { kind: 'number', input: z.coerce.number().int().min(0).default(0), form: true, initial: 0 },
    menuType: { kind: 'text', input: z.enum(MENU_TYPES).default('C'), column: true, form: true, initial: 'C' },
    icon: { kind: 'text', input: z.string().trim().max(100).default('#'), column: true, form: true, initial: '#' },
    orderNum: { kind: 'number', input: z.coerce.number().int().min(0).max(9999).default(0), column: true, form: true, initial: 0 },
    /** router path; for an external link the http(s) address */
    path: { kind: 'text', input: z.string().trim().max(200).default(''), form: true },
    component: { kind: 'text', input: z.string().trim().max(255).regex(/^[A-Za-z0-9_/-]*$/, v('invalid')).optional(), column: true, form: true },
    /** router params, e.g. {"id": 1} or id=1 */
    query: { kind: 'text', input: optionalText(255), form: true },
    perms: { kind: 'text', input: z.string().trim().max(100).regex(PERMS_PATTERN, v('perms')).or(z.literal('')).optional(), column: true, form: true },
    isFrame: { kind: 'dict', dict: 'YesOrNo', input: yn().default('N'), form: true, initial: 'N' },
    isCache: { kind: 'dict', dict: 'YesOrNo', input: yn().default('Y'), form: true, initial: 'Y' },
    visible: { kind: 'dict', dict: 'YesOrNo', input: yn().default('Y'), column: true, form: true, initial: 'Y' },
    status: { kind: 'dict', dict: 'EnableOrDisable', input: z.enum(['0', '1']).default('0'), column: true, filter: 'eq', form: true, initial: '0' },
    createTime: { kind: 'datetime', column: true },
  },
  sort: { field: 'orderNum', order: 'asc' },
});
