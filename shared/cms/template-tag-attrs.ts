import { CONTENT_ATTRIBUTES, CONTENT_TYPES } from './content.ts';
import { d, type Doc, type TagAttr } from './template-registry-types.ts';

// Attributes shared by the list tags (template-tags.ts), and the note their docs end with.

const page: TagAttr = {
  name: 'page', type: 'bool', default: false,
  doc: d('Binds this list to the page\'s pagination: the page is rendered once per page of the list (one paged tag per template).',
    '将此列表绑定到页面分页：列表每一页生成一个页面（每个模板只能有一个分页标签）。',
    '將此清單繫結至頁面分頁：清單每一頁產生一個頁面（每個範本只能有一個分頁標籤）。'),
};
const size = (dflt = 10, max = 500): TagAttr => ({
  name: 'size', type: 'int', default: dflt, min: 1, max,
  doc: d('How many items: the page size when paged, otherwise the most it lists.', '条数：分页时为每页条数，否则为最多列出的条数。', '筆數：分頁時為每頁筆數，否則為最多列出的筆數。'),
});
export const listAttrs = (dflt = 10, max = 500) => [page, size(dflt, max)] as const;
export const contentId: TagAttr = {
  name: 'contentId', type: 'int', min: 1,
  doc: d('The content; by default the content of the page.', '内容 ID；默认为当前页面的内容。', '內容 ID；預設為目前頁面的內容。'),
};
const CONTENT_SORTS = ['Default', 'Recent', 'Views', 'Likes', 'Comments', 'Favorites'] as const;
const ATTRIBUTE_NAMES = Object.keys(CONTENT_ATTRIBUTES);
export const contentFilters: readonly TagAttr[] = [
  {
    name: 'sort', type: 'enum', options: CONTENT_SORTS, default: 'Default',
    doc: d('Order: Default (the editors\' order), Recent (publish date), Views, Likes, Comments, Favorites; items on top come first unless topFlag is false.',
      '排序：Default（编辑排序）、Recent（发布时间）、Views、Likes、Comments、Favorites；除非 topFlag 为 false，置顶内容在前。',
      '排序：Default（編輯排序）、Recent（發布時間）、Views、Likes、Comments、Favorites；除非 topFlag 為 false，置頂內容在前。'),
  },
  {
    name: 'contentType', type: 'enumList', options: CONTENT_TYPES,
    doc: d('Only these content types (comma-separated).', '仅这些内容类型（逗号分隔）。', '僅這些內容類型（逗號分隔）。'),
  },
  {
    name: 'hasAttribute', type: 'enumList', options: ATTRIBUTE_NAMES,
    doc: d('Only contents with all these attributes (comma-separated: image, video, attach, hot, recommend).', '仅含所有这些属性的内容（逗号分隔：image、video、attach、hot、recommend）。', '僅含所有這些屬性的內容（逗號分隔：image、video、attach、hot、recommend）。'),
  },
  {
    name: 'noAttribute', type: 'enumList', options: ATTRIBUTE_NAMES,
    doc: d('Only contents with none of these attributes.', '仅不含这些属性的内容。', '僅不含這些屬性的內容。'),
  },
];
export const contentListFilters: readonly TagAttr[] = [
  ...contentFilters,
  {
    name: 'topFlag', type: 'bool', default: true,
    doc: d('Put contents on top first.', '置顶内容排在前面。', '置頂內容排在前面。'),
  },
  {
    name: 'tag', type: 'string',
    doc: d('Only contents carrying this tag word.', '仅含此标签词的内容。', '僅含此標籤詞的內容。'),
  },
];
export const level = (options: readonly string[], dflt: string, doc: Doc): TagAttr => ({ name: 'level', type: 'enum', options, default: dflt, doc });

const LIST_YIELD = d('Inside the body, `DataList` holds the items.', '标签体内，`DataList` 为结果列表。', '標籤體內，`DataList` 為結果清單。');
export const withYield = (doc: Doc): Doc => ({ en: `${doc.en} ${LIST_YIELD.en}`, 'zh-CN': `${doc['zh-CN']}${LIST_YIELD['zh-CN']}`, 'zh-TW': `${doc['zh-TW']}${LIST_YIELD['zh-TW']}` });
