import { z } from 'zod';
import { defineResource } from '../define.ts';
import { MENU_DIRS } from '../declare.ts';
import { AD_STRATEGIES } from '../../cms/page-widget.ts';
import { lifecycleTexts, widgetFields } from './page-widget.ts';

/**
 * Ad spaces of the current site (ChestnutCMS /cms/adspace, menu "Advertise" 2038): page widgets
 * of type `ads`, kept in the same table and published the same way; a row opens its ads.
 */
export const adSpaceResource = defineResource({
  name: 'adSpace',
  api: '/cms/adspace',
  id: 'pageWidgetId',
  perms: { view: 'cms:advertisement:view', add: 'cms:advertisement:add', edit: 'cms:advertisement:edit', remove: 'cms:advertisement:remove' },
  menu: {
    id: 2038, parent: MENU_DIRS.interactive, order: 2, path: 'advertisement', component: 'cms/ad/adSpace', icon: 'button',
    buttons: { add: 3200, edit: 3201, remove: 3202 },
  },
  drill: { to: '/operations/advertisement/list', param: 'adSpaceId', label: 'ads' },
  texts: {
    title: { 'zh-CN': '广告管理', 'zh-TW': '廣告管理', en: 'Advertise' },
    fields: {
      pageWidgetId: { 'zh-CN': '广告位ID', 'zh-TW': '廣告版位ID', en: 'Ad Space ID' },
      name: { 'zh-CN': '广告位名称', 'zh-TW': '廣告版位名稱', en: 'Ad Space Name' },
      code: { 'zh-CN': '编码', 'zh-TW': '代碼', en: 'Code' },
      state: { 'zh-CN': '状态', 'zh-TW': '狀態', en: 'Status' },
      templates: { 'zh-CN': '发布通道模板', 'zh-TW': '發布通道範本', en: 'Template per Publish Pipe' },
      path: { 'zh-CN': '发布路径', 'zh-TW': '發布路徑', en: 'Path' },
      strategy: { 'zh-CN': '展示策略', 'zh-TW': '展示策略', en: 'Strategy' },
      publishDate: { 'zh-CN': '发布时间', 'zh-TW': '發布時間', en: 'Published' },
      remark: { 'zh-CN': '备注', 'zh-TW': '備註', en: 'Remark' },
      createTime: { 'zh-CN': '创建时间', 'zh-TW': '建立時間', en: 'Created' },
    },
    more: {
      ...lifecycleTexts,
      stats: { 'zh-CN': '统计', 'zh-TW': '統計', en: 'Stats' },
      ads: { 'zh-CN': '广告', 'zh-TW': '廣告', en: 'Ads' },
      strategy_random: { 'zh-CN': '随机', 'zh-TW': '隨機', en: 'Random' },
      strategy_weighted: { 'zh-CN': '按权重', 'zh-TW': '依權重', en: 'By Weight' },
      strategy_all: { 'zh-CN': '全部', 'zh-TW': '全部', en: 'All' },
    },
  },
  fields: {
    ...widgetFields,
    strategy: {
      kind: 'dict', options: AD_STRATEGIES.map((s) => ({ value: s, label: `screens:adSpace.strategy_${s}` })),
      input: z.enum(AD_STRATEGIES).default('random'), column: true, form: true, initial: 'random',
    },
  },
  sort: { field: 'pageWidgetId', order: 'desc' },
  unique: ['code'],
});
