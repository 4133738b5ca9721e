import { z } from 'zod';
import { defineResource } from '../define.ts';
import { crud } from '../declare.ts';
import { intRange, optionalText, requiredText } from '../../validators/common.ts';
import { v } from '../../validators/issues.ts';
import { GROUP_ID_FIELD, HOT_WORD_URL_PATTERN, URL_TARGETS, WORD_TEXTS } from './word-texts.ts';

/** The hot words of one group (ChestnutCMS /word/hotword): a word linked to an address in published text. */
export const hotWordResource = defineResource({
  name: 'hotWord',
  api: '/word/hotword',
  id: 'wordId',
  perms: crud('word:word', { export: undefined }),
  texts: {
    title: { 'zh-CN': '热词', 'zh-TW': '熱詞', en: 'Hot Words' },
    fields: {
      wordId: WORD_TEXTS.wordId,
      groupId: WORD_TEXTS.group,
      word: { 'zh-CN': '热词', 'zh-TW': '熱詞', en: 'Hot Word' },
      url: { 'zh-CN': '链接地址', 'zh-TW': '連結網址', en: 'URL' },
      urlTarget: { 'zh-CN': '打开方式', 'zh-TW': '開啟方式', en: 'Opens In' },
      sortFlag: WORD_TEXTS.sortFlag,
      remark: WORD_TEXTS.remark,
      createTime: WORD_TEXTS.createTime,
    },
    more: {
      target__blank: { 'zh-CN': '新窗口', 'zh-TW': '新視窗', en: 'New window' },
      target__self: { 'zh-CN': '当前窗口', 'zh-TW': '目前視窗', en: 'Same window' },
      chooseGroup: WORD_TEXTS.chooseGroup,
    },
  },
  fields: {
    wordId: { kind: 'id' },
    groupId: GROUP_ID_FIELD,
    word: { kind: 'text', input: requiredText(100), column: true, filter: 'like', filterParam: 'query', form: true },
    /** http(s) or a path of the site starting with / */
    url: { kind: 'text', input: requiredText(500).regex(HOT_WORD_URL_PATTERN, v('wordUrl')), column: { ellipsis: true, width: '14rem' }, form: true },
    urlTarget: {
      kind: 'dict', options: URL_TARGETS.map((t) => ({ value: t, label: `screens:hotWord.target_${t}` })),
      input: z.enum(URL_TARGETS, v('required')).default('_blank'), column: true, form: true, initial: '_blank',
    },
    sortFlag: { kind: 'number', input: intRange(0, 9999, 0), column: { sortable: true }, form: true, initial: 0 },
    remark: { kind: 'textarea', input: optionalText(500), form: true },
    createTime: { kind: 'datetime', column: { sortable: true } },
  },
  sort: { field: 'sortFlag', order: 'asc' },
});
