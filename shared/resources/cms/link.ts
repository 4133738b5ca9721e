import { defineResource } from '../define.ts';
import { crud } from '../declare.ts';
import { id, intRange, optionalText, requiredText } from '../../validators/common.ts';
import { HTTP_URL_PATTERN } from '../../validators/url.ts';
import { v } from '../../validators/issues.ts';
import { linkGroupResource } from './link-group.ts';

/**
 * The friend links of one group (ChestnutCMS /cms/link): opened from a group's row on the Friend
 * Link screen, the list keeps to that group, names it above the list, and new links join it. It
 * shows each link's name, address (a link opening in a new tab), logo (a thumbnail), sort,
 * description and creation time.
 */
export const linkResource = defineResource({
  name: 'link',
  api: '/cms/link',
  id: 'linkId',
  perms: crud('cms:friendlink', { export: undefined }),
  page: {
    path: '/operations/link/list', activeMenu: '/operations/link', queryFilters: ['groupId'],
    caption: { param: 'groupId', api: linkGroupResource.api, field: 'name', label: 'ofGroup' },
  },
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
    more: {
      ofGroup: { 'zh-CN': '分组“{{name}}”的友链', 'zh-TW': '群組「{{name}}」的友站連結', en: 'Friend links in “{{name}}”' },
    },
  },
  fields: {
    linkId: { kind: 'id' },
    /** the group, one of the current site's (the server checks) */
    groupId: { kind: 'number', input: id(), filter: 'eq', form: 'create' },
    name: { kind: 'text', input: requiredText(100), column: true, filter: 'like', filterParam: 'query', form: true },
    /** only http:// or https://: a template prints it as a link. Address and description are cut at 12rem, so the list fits a 1440 px window. */
    url: { kind: 'text', input: requiredText(500).regex(HTTP_URL_PATTERN, v('httpUrl')), column: { ellipsis: true, width: '12rem', link: true }, form: true },
    /** shown at its console address (server: presentRows), a thumbnail in the list */
    logo: { kind: 'image', input: optionalText(255), column: true, form: true },
    sortFlag: { kind: 'number', input: intRange(0, 9999, 0), column: { sortable: true }, form: true, initial: 0 },
    description: { kind: 'textarea', input: optionalText(500), column: { ellipsis: true, width: '12rem' }, form: true },
    createTime: { kind: 'datetime', column: { sortable: true } },
  },
  sort: { field: 'sortFlag', order: 'asc' },
});
