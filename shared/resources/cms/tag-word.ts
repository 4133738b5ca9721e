import { defineResource } from '../define.ts';
import { crud } from '../declare.ts';
import { intRange, optionalText, requiredText } from '../../validators/common.ts';
import { GROUP_ID_FIELD, WORD_TEXTS } from './word-texts.ts';

/**
 * The tag words of one group (ChestnutCMS /word/tagword): the content editor's tag field suggests
 * them, most used first; `useCount` follows the contents that carry the word (never typed in).
 */
export const tagWordResource = defineResource({
  name: 'tagWord',
  api: '/word/tagword',
  id: 'wordId',
  perms: crud('word:word', { export: undefined }),
  texts: {
    title: { 'zh-CN': 'TAG词', 'zh-TW': '標籤詞', en: 'Tag Words' },
    fields: {
      wordId: WORD_TEXTS.wordId,
      groupId: WORD_TEXTS.group,
      word: { 'zh-CN': 'TAG词', 'zh-TW': '標籤詞', en: 'Tag Word' },
      logo: { 'zh-CN': 'Logo', 'zh-TW': 'Logo', en: 'Logo' },
      sortFlag: WORD_TEXTS.sortFlag,
      useCount: { 'zh-CN': '使用次数', 'zh-TW': '使用次數', en: 'Uses' },
      remark: WORD_TEXTS.remark,
      createTime: WORD_TEXTS.createTime,
    },
    more: {
      batchAdded: { 'zh-CN': '已添加 {{added}} 个', 'zh-TW': '已新增 {{added}} 個', en: '{{added}} added' },
      batchSkipped: { 'zh-CN': '已添加 {{added}} 个；已在分组中：{{skipped}}', 'zh-TW': '已新增 {{added}} 個；已在群組中：{{skipped}}', en: '{{added}} added; already in the group: {{skipped}}' },
      chooseGroup: WORD_TEXTS.chooseGroup,
    },
  },
  fields: {
    wordId: { kind: 'id' },
    groupId: GROUP_ID_FIELD,
    word: { kind: 'text', input: requiredText(100), column: true, filter: 'like', filterParam: 'query', form: true },
    logo: { kind: 'image', input: optionalText(255), column: true, form: true },
    sortFlag: { kind: 'number', input: intRange(0, 9999, 0), column: { sortable: true }, form: true, initial: 0 },
    useCount: { kind: 'number', column: { sortable: true } },
    remark: { kind: 'textarea', input: optionalText(500), form: true },
    createTime: { kind: 'datetime', column: { sortable: true } },
  },
  sort: { field: 'sortFlag', order: 'asc' },
});
