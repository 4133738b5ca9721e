import { defineResource } from '../define.ts';
import { crud } from '../declare.ts';

/**
 * The current site's public searches (ChestnutCMS /search/log, the Search Log screen's log tab,
 * menu 2053): what was searched, how many contents answered, how long it took, the reader's
 * address as a salted hash and their browser's family. Written by the public search only; an
 * editor lists and deletes them (search:log:view, search:log:remove).
 */
export const searchLogResource = defineResource({
  name: 'searchLog',
  api: '/search/log',
  id: 'logId',
  perms: crud('search:log', { add: undefined, edit: undefined, export: undefined }),
  texts: {
    title: { 'zh-CN': '搜索日志', 'zh-TW': '搜尋日誌', en: 'Search Log' },
    fields: {
      logId: { 'zh-CN': '日志ID', 'zh-TW': '日誌ID', en: 'Log ID' },
      query: { 'zh-CN': '搜索内容', 'zh-TW': '搜尋內容', en: 'Query' },
      resultCount: { 'zh-CN': '结果数', 'zh-TW': '結果數', en: 'Results' },
      costMs: { 'zh-CN': '耗时（毫秒）', 'zh-TW': '耗時（毫秒）', en: 'Time (ms)' },
      ipHash: { 'zh-CN': '访客标识', 'zh-TW': '訪客識別', en: 'Visitor' },
      userAgent: { 'zh-CN': '浏览器', 'zh-TW': '瀏覽器', en: 'Browser' },
      createTime: { 'zh-CN': '搜索时间', 'zh-TW': '搜尋時間', en: 'Searched' },
    },
    more: {
      logs: { 'zh-CN': '搜索日志', 'zh-TW': '搜尋日誌', en: 'Search log' },
      words: { 'zh-CN': '搜索词统计', 'zh-TW': '搜尋詞統計', en: 'Word statistics' },
    },
  },
  fields: {
    logId: { kind: 'id' },
    query: { kind: 'text', column: { ellipsis: true }, filter: 'like', filterParam: 'query' },
    resultCount: { kind: 'number', column: { sortable: true } },
    costMs: { kind: 'number', column: { sortable: true } },
    userAgent: { kind: 'text', column: true, filter: 'eq' },
    ipHash: { kind: 'text', column: { ellipsis: true, width: '8rem' } },
    createTime: { kind: 'datetime', column: { sortable: true }, filter: 'range' },
  },
  sort: { field: 'createTime', order: 'desc' },
});
