import { defineResource } from '../define.ts';
import { crud } from '../declare.ts';
import { code, optionalText, requiredText } from '../../validators/common.ts';

/** The current site's properties (its Property tab): values templates read by code. */
export const sitePropertyResource = defineResource({
  name: 'siteProperty',
  title: 'oplog.siteProperty',
  titleKey: 'cms:site.property',
  api: '/cms/site/prop',
  id: 'propertyId',
  perms: crud('cms:site', { add: 'cms:site:edit', remove: 'cms:site:edit', export: undefined }),
  fields: {
    propertyId: { kind: 'id', column: true },
    propName: { kind: 'text', input: requiredText(100), column: true, filter: 'like', form: true },
    propCode: { kind: 'text', input: code(100), column: true, filter: 'like', form: true },
    propValue: { kind: 'textarea', input: optionalText(1000), column: true, form: true },
    remark: { kind: 'textarea', input: optionalText(500), form: true },
    createTime: { kind: 'datetime', column: { sortable: true } },
  },
  sort: { field: 'propertyId', order: 'asc' },
  unique: ['propCode'],
});
