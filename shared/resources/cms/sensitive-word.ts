import { z } from 'zod';
import { defineResource } from '../define.ts';
import { crud } from '../declare.ts';
import { optionalText, requiredText } from '../../validators/common.ts';
import { v } from '../../validators/issues.ts';
import { SENSITIVE_TYPES, WORD_TEXTS } from './word-texts.ts';

/** Sensitive words (ChestnutCMS /word/sensitiveword): one list for every site, as in ChestnutCMS. */
export const sensitiveWordResource = defineResource({
  name: 'sensitiveWord',
  api: '/word/sensitiveword',
  id: 'wordId',
  perms: crud('word:word', { export: undefined }),
  texts: {
    title: { 'zh-CN': '敏感词', 'zh-TW': '敏感詞', en: 'Sensitive Words' },
    fields: {
      wordId: WORD_TEXTS.wordId,
      word: { 'zh-CN': '敏感词', 'zh-TW': '敏感詞', en: 'Sensitive Word' },
      type: { 'zh-CN': '类型', 'zh-TW': '類型', en: 'Type' },
      replaceWord: WORD_TEXTS.replaceWord,
      remark: WORD_TEXTS.remark,
      createTime: WORD_TEXTS.createTime,
    },
    more: {
      type_SENSITIVE: { 'zh-CN': '敏感词', 'zh-TW': '敏感詞', en: 'Sensitive' },
      type_WHITELIST: { 'zh-CN': '白名单', 'zh-TW': '白名單', en: 'Whitelist' },
    },
  },
  fields: {
    wordId: { kind: 'id' },
    word: { kind: 'text', input: requiredText(100), column: true, filter: 'like', filterParam: 'query', form: true },
    type: {
      kind: 'dict', options: SENSITIVE_TYPES.map((t) => ({ value: t, label: `screens:sensitiveWord.type_${t}` })),
      input: z.enum(SENSITIVE_TYPES, v('required')).default('SENSITIVE'), column: true, filter: 'eq', form: true, initial: 'SENSITIVE',
    },
    /** what replaces the word when text is cleaned; empty masks it */
    replaceWord: { kind: 'text', input: optionalText(100), column: true, form: true },
    remark: { kind: 'textarea', input: optionalText(500), column: { ellipsis: true, width: '12rem' }, form: true },
    createTime: { kind: 'datetime', column: { sortable: true } },
  },
  sort: { field: 'createTime', order: 'desc' },
  unique: ['word'],
});
