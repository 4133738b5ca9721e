import { defineResource } from '../define.ts';
import { crud } from '../declare.ts';
import { code, id, intRange, requiredText } from '../../validators/common.ts';
import { WORD_TEXTS } from './word-texts.ts';

/**
 * Tag word groups of the current site (ChestnutCMS /word/tagword/group): a tree, shown left of the
 * tag words on the Words screen. Deleting a group deletes its words; one with sub-groups is refused.
 */
export const tagWordGroupResource = defineResource({
  name: 'tagWordGroup',
  api: '/word/tagword/group',
  id: 'groupId',
  perms: crud('word:word', { export: undefined }),
  texts: {
    title: { 'zh-CN': 'TAG词分组', 'zh-TW': '標籤詞群組', en: 'Tag Word Group' },
    fields: {
      groupId: WORD_TEXTS.groupId,
      parentId: { 'zh-CN': '上级分组', 'zh-TW': '上層群組', en: 'Parent Group' },
      name: WORD_TEXTS.groupName,
      code: WORD_TEXTS.groupCode,
      sortFlag: WORD_TEXTS.sortFlag,
      createTime: WORD_TEXTS.createTime,
    },
  },
  fields: {
    groupId: { kind: 'id', column: true },
    /** 0 for a root group, else one of the site's groups (the server checks, and refuses a loop) */
    parentId: { kind: 'number', input: id().default(0), form: true, initial: 0 },
    name: { kind: 'text', input: requiredText(100), column: true, filter: 'like', filterParam: 'query', form: true },
    /** what a template names the group by: unique per site */
    code: { kind: 'text', input: code(50), column: true, form: true },
    sortFlag: { kind: 'number', input: intRange(0, 9999, 0), column: { sortable: true }, form: true, initial: 0 },
    createTime: { kind: 'datetime', column: { sortable: true } },
  },
  sort: { field: 'sortFlag', order: 'asc' },
  unique: ['code'],
});
