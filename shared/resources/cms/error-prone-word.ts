import { defineResource } from '../define.ts';
import { crud } from '../declare.ts';
import { optionalText, requiredText } from '../../validators/common.ts';
import { WORD_TEXTS } from './word-texts.ts';

/** Error-prone words and their corrections (ChestnutCMS /word/errorproneword): one list for every site. */
export const errorProneWordResource = defineResource({
  name: 'errorProneWord',
  api: '/word/errorproneword',
  id: 'wordId',
  perms: crud('word:word', { export: undefined }),
  texts: {
    title: { 'zh-CN': '易错词', 'zh-TW': '易錯詞', en: 'Error-prone Words' },
    fields: {
      wordId: WORD_TEXTS.wordId,
      word: { 'zh-CN': '易错词', 'zh-TW': '易錯詞', en: 'Error-prone Word' },
      replaceWord: { 'zh-CN': '正确词', 'zh-TW': '正確詞', en: 'Correct Word' },
      remark: WORD_TEXTS.remark,
      createTime: WORD_TEXTS.createTime,
    },
  },
  fields: {
    wordId: { kind: 'id' },
    word: { kind: 'text', input: requiredText(100), column: true, filter: 'like', filterParam: 'query', form: true },
    replaceWord: { kind: 'text', input: requiredText(100), column: true, form: true },
    remark: { kind: 'textarea', input: optionalText(500), column: { ellipsis: true, width: '12rem' }, form: true },
    createTime: { kind: 'datetime', column: { sortable: true } },
  },
  sort: { field: 'createTime', order: 'desc' },
  unique: ['word'],
});
