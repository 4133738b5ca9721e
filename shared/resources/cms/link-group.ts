import { defineResource } from '../define.ts';
import { crud, MENU_DIRS } from '../declare.ts';
import { code, intRange, requiredText } from '../../validators/common.ts';

/**
 * Friend-link groups of the current site (ChestnutCMS /cms/link_group, menu "Friend Link" under
 * Interactive): a template lists a group's links by its code (`cms_link`). Deleting a group
 * deletes its links, as ChestnutCMS does.
 */
export const linkGroupResource = defineResource({
  name: 'linkGroup',
  api: '/cms/link_group',
  id: 'linkGroupId',
  perms: crud('cms:friendlink', { export: undefined }),
  menu: {
    id: 2036, parent: MENU_DIRS.interactive, order: 1, path: 'link', component: 'cms/link/linkGroup', icon: 'link',
    buttons: { add: 2074, edit: 2075, remove: 2076 },
  },
  drill: { to: '/operations/link/list', param: 'groupId', label: 'links' },
  texts: {
    title: { 'zh-CN': '友链管理', 'zh-TW': '友站連結管理', en: 'Friend Link' },
    fields: {
      linkGroupId: { 'zh-CN': '分组ID', 'zh-TW': '群組ID', en: 'Group ID' },
      name: { 'zh-CN': '分组名称', 'zh-TW': '群組名稱', en: 'Group Name' },
      code: { 'zh-CN': '分组编码', 'zh-TW': '群組代碼', en: 'Group Code' },
      sortFlag: { 'zh-CN': '排序', 'zh-TW': '排序', en: 'Sort' },
      createTime: { 'zh-CN': '创建时间', 'zh-TW': '建立時間', en: 'Created' },
    },
    more: { links: { 'zh-CN': '友链', 'zh-TW': '連結', en: 'Links' } },
  },
  fields: {
    linkGroupId: { kind: 'id', column: true },
    name: { kind: 'text', input: requiredText(100), column: true, filter: 'like', filterParam: 'query', form: true },
    /** what a template names the group by (`cms_link code=…`): unique per site */
    code: { kind: 'text', input: code(50), column: true, form: true },
    sortFlag: { kind: 'number', input: intRange(0, 9999, 0), column: { sortable: true }, form: true, initial: 0 },
    createTime: { kind: 'datetime', column: { sortable: true } },
  },
  sort: { field: 'sortFlag', order: 'asc' },
  unique: ['code'],
});
