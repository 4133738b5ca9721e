import { z } from 'zod';
import { defineResource } from '../define.ts';
import { code, optionalText, requiredText } from '../../validators/common.ts';
import { HTTP_URL_PATTERN } from '../../validators/url.ts';
import { v } from '../../validators/issues.ts';
import { AD_STRATEGIES, MANUAL_ITEMS_MAX, MANUAL_ROWS_MAX, PAGE_WIDGET_TYPES, WIDGET_PATH_PATTERN } from '../../cms/page-widget.ts';
import { dynamicPageTemplates } from './dynamic-page.ts';
import { TITLE_STYLE_PATTERN } from '../../cms/title-style.ts';

/** A manual block's rows of items (the spec's "blocks"); a link is http(s) or a path of the site. */
export const manualRows = () => z.array(z.object({
  items: z.array(z.object({
    title: requiredText(200),
    titleStyle: optionalText(100).refine((s) => s === undefined || TITLE_STYLE_PATTERN.test(s), v('invalid')),
    summary: optionalText(500),
    url: z.string().trim().max(500, v('tooLong')).refine((s) => s === '' || HTTP_URL_PATTERN.test(s) || /^\/[^\s<>"']*$/.test(s), v('httpUrl')).optional(),
    logo: optionalText(255),
    publishDate: optionalText(30),
  })).max(MANUAL_ITEMS_MAX, v('tooMany', { max: MANUAL_ITEMS_MAX })),
})).max(MANUAL_ROWS_MAX, v('tooMany', { max: MANUAL_ROWS_MAX }));

/** Where the published widget goes below the pipe's root: '' or `folder/…/` (a leading slash is dropped, a trailing one added). */
export const widgetPath = () =>
  z.string().trim().max(200, v('tooLong')).transform((s) => s.replace(/^\/+/, '')).transform((s) => (s && !s.endsWith('/') ? `${s}/` : s))
    .pipe(z.string().regex(WIDGET_PATH_PATTERN, v('widgetPath')));

const typeOptions = PAGE_WIDGET_TYPES.map((t) => ({ value: t, label: `screens:pageWidget.type_${t}` }));
const strategyOptions = AD_STRATEGIES.map((s) => ({ value: s, label: `screens:pageWidget.strategy_${s}` }));

/** The fields page widgets and ad spaces share (an ad space is an `ads` page widget). */
export const widgetFields = {
  pageWidgetId: { kind: 'id', column: true },
  name: { kind: 'text', input: requiredText(100), column: true, filter: 'like', form: true },
  /** what templates name it by (`cms_pagewidget code=…`): unique per site */
  code: { kind: 'text', input: code(50), column: true, form: true },
  state: { kind: 'dict', dict: 'CMSPageWidgetStatus', column: true, filter: 'eq' },
  /** template per pipe code: what publishing renders for each pipe */
  templates: { kind: 'json', input: dynamicPageTemplates().default({}), form: true, initial: {} },
  /** where publishing writes it in each pipe (`<path><code>.<sfx>`); not a list column, so the lists keep clear of their actions at 1440 px */
  path: { kind: 'text', input: widgetPath().default(''), form: true, initial: 'include/widget/' },
  publishDate: { kind: 'datetime', column: { sortable: true } },
  remark: { kind: 'textarea', input: optionalText(500), form: true },
  /** not a list column: beside the publish date it pushed the lists past 1440 px, under their actions */
  createTime: { kind: 'datetime' },
} as const;
const { pageWidgetId: _id, name: _name, code: _code, ...widgetFieldsAfterCode } = widgetFields;

const widgetTexts = {
  pageWidgetId: { 'zh-CN': '部件ID', 'zh-TW': '元件ID', en: 'Widget ID' },
  catalogId: { 'zh-CN': '所属栏目', 'zh-TW': '所屬欄目', en: 'Catalog' },
  type: { 'zh-CN': '类型', 'zh-TW': '類型', en: 'Type' },
  name: { 'zh-CN': '名称', 'zh-TW': '名稱', en: 'Name' },
  code: { 'zh-CN': '编码', 'zh-TW': '代碼', en: 'Code' },
  state: { 'zh-CN': '状态', 'zh-TW': '狀態', en: 'Status' },
  templates: { 'zh-CN': '发布通道模板', 'zh-TW': '發布通道範本', en: 'Template per Publish Pipe' },
  path: { 'zh-CN': '发布路径', 'zh-TW': '發布路徑', en: 'Path' },
  content: { 'zh-CN': '区块内容', 'zh-TW': '區塊內容', en: 'Block Rows' },
  strategy: { 'zh-CN': '展示策略', 'zh-TW': '展示策略', en: 'Strategy' },
  publishDate: { 'zh-CN': '发布时间', 'zh-TW': '發布時間', en: 'Published' },
  remark: { 'zh-CN': '备注', 'zh-TW': '備註', en: 'Remark' },
  createTime: { 'zh-CN': '创建时间', 'zh-TW': '建立時間', en: 'Created' },
} as const;

/** The lifecycle buttons and their notices, shared by the widget and ad-space screens. */
export const lifecycleTexts = {
  publish: { 'zh-CN': '发布', 'zh-TW': '發布', en: 'Publish' },
  offline: { 'zh-CN': '下线', 'zh-TW': '下架', en: 'Offline' },
  published: { 'zh-CN': '已发布，使用它的页面已加入发布队列', 'zh-TW': '已發布，使用它的頁面已加入發布佇列', en: 'Published; the pages using it are queued' },
  offlined: { 'zh-CN': '已下线，使用它的页面已加入发布队列', 'zh-TW': '已下架，使用它的頁面已加入發布佇列', en: 'Taken offline; the pages using it are queued' },
} as const;

const widgetMore = {
  ...lifecycleTexts,
  rowN: { 'zh-CN': '第 {{n}} 行', 'zh-TW': '第 {{n}} 列', en: 'Row {{n}}' },
  itemTitle: { 'zh-CN': '第 {{n}} 项标题', 'zh-TW': '第 {{n}} 項標題', en: 'Item {{n}} title' },
  itemUrl: { 'zh-CN': '第 {{n}} 项链接', 'zh-TW': '第 {{n}} 項連結', en: 'Item {{n}} link' },
  itemSummary: { 'zh-CN': '第 {{n}} 项摘要', 'zh-TW': '第 {{n}} 項摘要', en: 'Item {{n}} summary' },
  itemStyle: { 'zh-CN': '第 {{n}} 项标题样式', 'zh-TW': '第 {{n}} 項標題樣式', en: 'Item {{n}} title style' },
  itemColor: { 'zh-CN': '第 {{n}} 项颜色', 'zh-TW': '第 {{n}} 項顏色', en: 'Item {{n}} colour' },
  itemColorClear: { 'zh-CN': '清除第 {{n}} 项颜色', 'zh-TW': '清除第 {{n}} 項顏色', en: 'Clear item {{n}} colour' },
  itemBold: { 'zh-CN': '加粗', 'zh-TW': '粗體', en: 'Bold' },
  itemItalic: { 'zh-CN': '斜体', 'zh-TW': '斜體', en: 'Italic' },
  itemLogo: { 'zh-CN': '第 {{n}} 项图片', 'zh-TW': '第 {{n}} 項圖片', en: 'Item {{n}} logo' },
  itemDate: { 'zh-CN': '第 {{n}} 项日期', 'zh-TW': '第 {{n}} 項日期', en: 'Item {{n}} date' },
  removeItem: { 'zh-CN': '删除第 {{n}} 项', 'zh-TW': '刪除第 {{n}} 項', en: 'Remove item {{n}}' },
  addItem: { 'zh-CN': '添加一项', 'zh-TW': '新增一項', en: 'Add item' },
  removeRow: { 'zh-CN': '删除第 {{n}} 行', 'zh-TW': '刪除第 {{n}} 列', en: 'Remove row {{n}}' },
  addRow: { 'zh-CN': '添加一行', 'zh-TW': '新增一列', en: 'Add row' },
  type_manual: { 'zh-CN': '区块', 'zh-TW': '區塊', en: 'Block' },
  type_ads: { 'zh-CN': '广告位', 'zh-TW': '廣告版位', en: 'Ad Space' },
  strategy_random: { 'zh-CN': '随机', 'zh-TW': '隨機', en: 'Random' },
  strategy_weighted: { 'zh-CN': '按权重', 'zh-TW': '依權重', en: 'By Weight' },
  strategy_all: { 'zh-CN': '全部', 'zh-TW': '全部', en: 'All' },
} as const;

/**
 * The current site's page widgets (ChestnutCMS /cms/pagewidget, the Content screen's "Page
 * Widget" tab): manual blocks and ad spaces, site-level or a catalog's. Type, name, code, a
 * template per pipe and path are required (spec); code is unique per site. Publish, offline and
 * the ads themselves are routes of their own (server/modules/cms/widget/).
 */
export const pageWidgetResource = defineResource({
  name: 'pageWidget',
  api: '/cms/pagewidget',
  id: 'pageWidgetId',
  perms: { view: 'cms:content:view', add: 'cms:content:view', edit: 'cms:content:view', remove: 'cms:content:view' },
  page: { path: '/configs/content/pagewidget', activeMenu: '/configs/content' },
  texts: {
    title: { 'zh-CN': '页面部件', 'zh-TW': '頁面元件', en: 'Page Widget' },
    fields: widgetTexts,
    more: widgetMore,
  },
  fields: {
    // The type right after the code: the list's last columns are the first to go under its actions.
    pageWidgetId: widgetFields.pageWidgetId,
    name: widgetFields.name,
    code: widgetFields.code,
    type: { kind: 'dict', options: typeOptions, input: z.enum(PAGE_WIDGET_TYPES, v('required')), column: true, filter: 'eq', form: 'create', initial: 'manual' },
    ...widgetFieldsAfterCode,
    /** 0: site level; else a catalog of the site (the server checks) */
    catalogId: { kind: 'number', input: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0), filter: 'eq', form: 'create', initial: 0 },
    /** a manual block's rows: [{ items: [{ title, titleStyle, summary, url, logo, publishDate }] }] */
    content: { kind: 'json', input: manualRows().default([]), form: true, initial: [] },
    strategy: { kind: 'dict', options: strategyOptions, input: z.enum(AD_STRATEGIES).default('random'), form: true, initial: 'random' },
  },
  sort: { field: 'pageWidgetId', order: 'desc' },
  unique: ['code'],
});
