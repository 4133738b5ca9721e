import { z } from 'zod';
import { defineResource } from '../define.ts';
import { crud } from '../declare.ts';
import { code, optionalText, requiredText } from '../../validators/common.ts';

const status = () => z.enum(['0', '1']).default('0');

/** Dictionary types; their values live in dictDataResource, reached at /system/dict-data/index/:dictId. */
export const dictTypeResource = defineResource({
  name: 'dict_type',
  title: 'oplog.dictType',
  titleKey: 'system:dict.title',
  api: '/system/dict/type',
  id: 'dictId',
  perms: crud('system:dict'),
  fields: {
    dictId: { kind: 'id', column: true },
    dictName: { kind: 'text', input: requiredText(100), column: true, filter: 'like', form: true },
    dictType: { kind: 'text', input: code(100), column: true, filter: 'like', form: true },
    status: { kind: 'dict', dict: 'EnableOrDisable', input: status(), column: true, filter: 'eq', form: true, initial: '0' },
    fixed: { kind: 'dict', dict: 'YesOrNo', column: true },
    remark: { kind: 'textarea', input: optionalText(500), column: true, form: true },
    createTime: { kind: 'datetime', column: true, filter: 'range' },
  },
  sort: { field: 'dictId', order: 'asc' },
  unique: ['dictType'],
});

/** Tag styles a dictionary value can take in lists (spec §3 Dict data listClass). */
export const LIST_CLASSES = ['default', 'primary', 'success', 'info', 'warning', 'danger'] as const;

export const dictDataResource = defineResource({
  name: 'dict_data',
  title: 'oplog.dictData',
  titleKey: 'system:dictData.title',
  api: '/system/dict/data',
  id: 'dictCode',
  perms: crud('system:dict'),
  fields: {
    dictCode: { kind: 'id', column: true },
    dictType: { kind: 'text', input: code(100), filter: 'eq', form: 'create' },
    dictLabel: { kind: 'text', input: requiredText(100), column: true, filter: 'like', form: true },
    dictValue: { kind: 'text', input: requiredText(100), column: true, form: true },
    dictSort: { kind: 'number', input: z.coerce.number().int().min(0).max(9999).default(0), column: { sortable: true }, form: true, initial: 0 },
    listClass: { kind: 'text', input: z.enum(LIST_CLASSES).or(z.literal('')).optional(), column: true, form: true, initial: 'default' },
    cssClass: { kind: 'text', input: optionalText(100), form: true },
    isDefault: { kind: 'dict', dict: 'YesOrNo', input: z.enum(['Y', 'N']).default('N'), column: true, form: true, initial: 'N' },
    status: { kind: 'dict', dict: 'EnableOrDisable', input: status(), column: true, filter: 'eq', form: true, initial: '0' },
    fixed: { kind: 'dict', dict: 'YesOrNo', column: true },
    remark: { kind: 'textarea', input: optionalText(500), form: true },
    createTime: { kind: 'datetime', column: true },
  },
  sort: { field: 'dictSort', order: 'asc' },
});
