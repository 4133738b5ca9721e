import { defineResource } from '../define.ts';
import { crud } from '../declare.ts';
import { id, intRange, optionalText, requiredText } from '../../validators/common.ts';
import { HTTP_URL_PATTERN } from '../../validators/url.ts';
import { v } from '../../validators/issues.ts';

/**
 * The friend links of one group (ChestnutCMS /cms/link): opened from a group's row on the Friend
 * Link screen, the list keeps to that group and new links join it.
 */
export const linkResource = defineResource({
  name: 'link',
  api: '/cms/link',
  id: 'linkId',
  perms: crud('cms:friendlink', { export: undefined }),
  page: { path: '/operations/link/list', activeMenu: '/operations/link', queryFilters: ['groupId'] },
  texts: {
    title: { 'zh-CN': '友链', 'zh-TW': '友站連結', en: 'Friend Links' },
    fields: {
      linkId: { 'zh-CN': '友链ID', 'zh-TW': '連結ID', en: 'Link ID' },
      groupId: { 'zh-CN': '所属分组', 'zh-TW': '所屬群組', en: 'Group' },
      name: { 'zh-CN': '名称', 'zh-TW': '名稱', en: 'Name' },
      url: { 'zh-CN': '链接地址', 'zh-TW': '連結網址', en: 'URL' },
      logo: { 'zh-CN': 'Logo', 'zh-TW': 'Logo', en: 'Logo' },
      sortFlag: { 'zh-CN': '排序', 'zh-TW': '排序', en: 'Sort' },
      description: { 'zh-CN': '描述', 'zh-TW': '描述', en: 'Description' },
      createTime: { 'zh-CN': '创建时间', 'zh-TW': '建立時間', en: 'Created' },
    },
  },
  fields: {
    linkId: { kind: 'id', column: true },
    /** the group, one of the current site's (the server checks) */
    groupId: { kind: 'number', input: id(), filter: 'eq', form: 'create' },
    name: { kind: 'text', input: requiredText(100), column: true, filter: 'like', filterParam: 'query', form: true },
    /** only http:// or https://: a template prints it as a link */
    url: { kind: 'text', input: requiredText(500).regex(HTTP_URL_PATTERN, v('httpUrl')), column: { ellipsis: true }, form: true },
    logo: { kind: 'image', input: optionalText(255), form: true },
    sortFlag: { kind: 'number', input: intRange(0, 9999, 0), column: { sortable: true }, form: true, initial: 0 },
    description: { kind: 'textarea', input: optionalText(500), column: { ellipsis: true }, form: true },
    createTime: { kind: 'datetime', column: { sortable: true } },
  },
  sort: { field: 'sortFlag', order: 'asc' },
});
