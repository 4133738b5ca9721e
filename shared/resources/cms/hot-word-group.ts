import { defineResource } from '../define.ts';
import { crud } from '../declare.ts';
import { code, intRange, requiredText } from '../../validators/common.ts';
import { WORD_TEXTS } from './word-texts.ts';

/** Hot word groups of the current site (ChestnutCMS /word/hotword/group): a flat list; deleting one deletes its words. */
export const hotWordGroupResource = defineResource({
  name: 'hotWordGroup',
  api: '/word/hotword/group',
  id: 'groupId',
  perms: crud('word:word', { export: undefined }),
  texts: {
    title: { 'zh-CN': '热词分组', 'zh-TW': '熱詞群組', en: 'Hot Word Group' },
    fields: {
      groupId: WORD_TEXTS.groupId,
      name: WORD_TEXTS.groupName,
      code: WORD_TEXTS.groupCode,
      sortFlag: WORD_TEXTS.sortFlag,
      createTime: WORD_TEXTS.createTime,
    },
  },
  fields: {
    groupId: { kind: 'id', column: true },
    name: { kind: 'text', input: requiredText(100), column: true, filter: 'like', filterParam: 'query', form: true },
    /** what the linking engine and templates name the group by: unique per site */
    code: { kind: 'text', input: code(50), column: true, form: true },
    sortFlag: { kind: 'number', input: intRange(0, 9999, 0), column: { sortable: true }, form: true, initial: 0 },
    createTime: { kind: 'datetime', column: { sortable: true } },
  },
  sort: { field: 'sortFlag', order: 'asc' },
  unique: ['code'],
});
