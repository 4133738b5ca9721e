import { z } from 'zod';
import { defineResource } from '../define.ts';
import { crud } from '../declare.ts';
import { optionalText } from '../../validators/common.ts';
import { v } from '../../validators/issues.ts';
import { RESOURCE_TYPES, STORAGE_TYPES } from '../../cms/resource-types.ts';

/**
 * A name that can never act as a path: no separators, no `..`, no control characters, nothing
 * percent-encoded that would decode into one. Resource names and uploaded file names follow it,
 * although neither is ever used to build a storage key (keys are made of the row's id).
 */
export const SAFE_NAME = /^(?!.*\.\.)(?!.*%(?:2e|2f|5c|00))[^/\\\u0000-\u001f\u007f]+$/i;
export const safeName = (max: number) =>
  z.string({ error: v('required') }).trim().min(1, v('required')).max(max, v('tooLong')).regex(SAFE_NAME, v('safeName'));

/**
 * The resource library of the current site (spec §3 Resource: name, type, storage type, file
 * size). Rows are added by uploading (POST /cms/resource/upload), so the definition offers no
 * add: the list, the name's edit and the delete come from it.
 */
export const resourceResource = defineResource({
  name: 'resource',
  title: 'oplog.resource',
  titleKey: 'cms:resource.title',
  api: '/cms/resource',
  id: 'resourceId',
  perms: crud('cms:resource', { add: undefined, export: undefined }),
  fields: {
    resourceId: { kind: 'id' },
    /** the preview column (the thumbnail, or the type's icon) */
    src: { kind: 'text', column: { width: '6rem' }, computed: true },
    name: { kind: 'text', input: safeName(255), column: true, filter: 'like', form: true },
    resourceType: {
      kind: 'text', column: { width: '7rem' }, filter: 'eq',
      options: RESOURCE_TYPES.map((t) => ({ value: t, label: `cms:resource.types.${t}` })),
    },
    storageType: {
      kind: 'text', column: { width: '9rem' },
      options: STORAGE_TYPES.map((s) => ({ value: s, label: `cms:settings.storageType.${s}` })),
    },
    fileName: { kind: 'text', column: true },
    fileSize: { kind: 'number', column: { sortable: true, width: '8rem' } },
    remark: { kind: 'textarea', input: optionalText(500), form: true },
    createBy: { kind: 'text', column: { width: '8rem' } },
    createTime: { kind: 'datetime', column: { sortable: true }, filter: 'range' },
  },
  sort: { field: 'createTime', order: 'desc' },
});
