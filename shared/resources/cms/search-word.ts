import { z } from 'zod';
import { defineResource } from '../define.ts';
import { crud } from '../declare.ts';
import { requiredText } from '../../validators/common.ts';
import { v } from '../../validators/issues.ts';

/**
 * The current site's searched words (ChestnutCMS /search/word, the Search Log screen's word tab,
 * menu 2053): how often readers searched each, counted by the public search; editors add words,
 * set some on top (they lead the `cms_search_word` tag's hot words whatever their count) and read
 * a word's trend. Rights follow ChestnutCMS's menu: viewing is search:log:view, changing a word
 * search:log:edit, deleting search:log:remove.
 */
export const searchWordResource = defineResource({
  name: 'searchWord',
  api: '/search/word',
  id: 'wordId',
  perms: crud('search:log', { add: 'search:log:edit', export: undefined }),
  texts: {
    title: { 'zh-CN': '搜索词统计', 'zh-TW': '搜尋詞統計', en: 'Search Words' },
    fields: {
      wordId: { 'zh-CN': '搜索词ID', 'zh-TW': '搜尋詞ID', en: 'Word ID' },
      word: { 'zh-CN': '搜索词', 'zh-TW': '搜尋詞', en: 'Word' },
      searchTotal: { 'zh-CN': '搜索次数', 'zh-TW': '搜尋次數', en: 'Searches' },
      topFlag: { 'zh-CN': '置顶', 'zh-TW': '置頂', en: 'On top' },
      createTime: { 'zh-CN': '首次搜索时间', 'zh-TW': '首次搜尋時間', en: 'First searched' },
    },
    more: {
      setTop: { 'zh-CN': '置顶', 'zh-TW': '置頂', en: 'Set on top' },
      cancelTop: { 'zh-CN': '取消置顶', 'zh-TW': '取消置頂', en: 'Cancel top' },
      trend: { 'zh-CN': '趋势', 'zh-TW': '趨勢', en: 'Trend' },
      trendOf: { 'zh-CN': '“{{word}}”的搜索趋势', 'zh-TW': '「{{word}}」的搜尋趨勢', en: 'Searches of "{{word}}"' },
      day: { 'zh-CN': '日期', 'zh-TW': '日期', en: 'Day' },
      beginTime: { 'zh-CN': '开始日期', 'zh-TW': '開始日期', en: 'From' },
      endTime: { 'zh-CN': '结束日期', 'zh-TW': '結束日期', en: 'To' },
      trendTotal: { 'zh-CN': '共 {{n}} 次搜索', 'zh-TW': '共 {{n}} 次搜尋', en: '{{n}} searches in all' },
      byDay: { 'zh-CN': '按日明细', 'zh-TW': '按日明細', en: 'By day' },
      onTop: { 'zh-CN': '已置顶', 'zh-TW': '已置頂', en: 'On top' },
      topSet: { 'zh-CN': '已置顶所选搜索词', 'zh-TW': '已置頂所選搜尋詞', en: 'The words are on top' },
      topCancelled: { 'zh-CN': '已取消置顶', 'zh-TW': '已取消置頂', en: 'The words are no longer on top' },
    },
  },
  fields: {
    wordId: { kind: 'id' },
    word: { kind: 'text', input: requiredText(100), column: true, filter: 'like', filterParam: 'query', form: true },
    searchTotal: { kind: 'number', input: z.coerce.number().int().min(0, v('range', { min: 0, max: 999999999 })).max(999999999, v('range', { min: 0, max: 999999999 })).default(0), column: { sortable: true }, form: true, initial: 0 },
    topFlag: { kind: 'number', column: { sortable: true } },
    createTime: { kind: 'datetime', column: { sortable: true } },
  },
  sort: { field: 'searchTotal', order: 'desc' },
  unique: ['word'],
});
