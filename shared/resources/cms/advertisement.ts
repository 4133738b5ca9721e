import { z } from 'zod';
import { defineResource } from '../define.ts';
import { id, intRange, optionalText, requiredText } from '../../validators/common.ts';
import { HTTP_URL_PATTERN } from '../../validators/url.ts';
import { dateTimeInput } from '../../validators/date.ts';
import { v } from '../../validators/issues.ts';
import { AD_TYPES, AdState } from '../../cms/page-widget.ts';
import { adSpaceResource } from './ad-space.ts';

/**
 * The ads of one ad space (ChestnutCMS /cms/advertisement): an image from the site's library, a
 * text, or a plain link; a weight for the weighted strategy; online and offline dates that the
 * published pages, the tags and the counter all enforce; where a click goes (http/https only).
 */
export const advertisementResource = defineResource({
  name: 'advertisement',
  api: '/cms/advertisement',
  id: 'advertisementId',
  perms: { view: 'cms:advertisement:view', add: 'cms:advertisement:add', edit: 'cms:advertisement:edit', remove: 'cms:advertisement:remove' },
  page: {
    path: '/operations/advertisement/list', activeMenu: '/operations/advertisement', queryFilters: ['adSpaceId'],
    caption: { param: 'adSpaceId', api: adSpaceResource.api, field: 'name', label: 'ofSpace' },
  },
  texts: {
    title: { 'zh-CN': '广告', 'zh-TW': '廣告', en: 'Ads' },
    fields: {
      advertisementId: { 'zh-CN': '广告ID', 'zh-TW': '廣告ID', en: 'Ad ID' },
      adSpaceId: { 'zh-CN': '所属广告位', 'zh-TW': '所屬廣告版位', en: 'Ad Space' },
      type: { 'zh-CN': '类型', 'zh-TW': '類型', en: 'Type' },
      name: { 'zh-CN': '名称', 'zh-TW': '名稱', en: 'Name' },
      resourcePath: { 'zh-CN': '图片', 'zh-TW': '圖片', en: 'Image' },
      redirectUrl: { 'zh-CN': '跳转链接', 'zh-TW': '跳轉連結', en: 'Redirect URL' },
      weight: { 'zh-CN': '权重', 'zh-TW': '權重', en: 'Weight' },
      keywords: { 'zh-CN': '关键词', 'zh-TW': '關鍵字', en: 'Keywords' },
      state: { 'zh-CN': '状态', 'zh-TW': '狀態', en: 'Status' },
      liveState: { 'zh-CN': '投放状态', 'zh-TW': '投放狀態', en: 'Live state' },
      onlineDate: { 'zh-CN': '上线时间', 'zh-TW': '上線時間', en: 'Online' },
      offlineDate: { 'zh-CN': '下线时间', 'zh-TW': '下線時間', en: 'Offline' },
      remark: { 'zh-CN': '描述', 'zh-TW': '描述', en: 'Description' },
      createTime: { 'zh-CN': '创建时间', 'zh-TW': '建立時間', en: 'Created' },
    },
    more: {
      ofSpace: { 'zh-CN': '广告位“{{name}}”的广告', 'zh-TW': '廣告版位「{{name}}」的廣告', en: 'Ads of “{{name}}”' },
      type_image: { 'zh-CN': '图片', 'zh-TW': '圖片', en: 'Image' },
      type_text: { 'zh-CN': '文字', 'zh-TW': '文字', en: 'Text' },
      type_link: { 'zh-CN': '链接', 'zh-TW': '連結', en: 'Link' },
      state_0: { 'zh-CN': '启用', 'zh-TW': '啟用', en: 'Enabled' },
      state_1: { 'zh-CN': '停用', 'zh-TW': '停用', en: 'Disabled' },
      live_live: { 'zh-CN': '投放中', 'zh-TW': '投放中', en: 'Live' },
      live_scheduled: { 'zh-CN': '未开始', 'zh-TW': '尚未開始', en: 'Scheduled' },
      live_expired: { 'zh-CN': '已过期', 'zh-TW': '已過期', en: 'Expired' },
      live_disabled: { 'zh-CN': '未投放', 'zh-TW': '未投放', en: 'Not shown' },
      stats: { 'zh-CN': '统计', 'zh-TW': '統計', en: 'Stats' },
      views: { 'zh-CN': '展示次数', 'zh-TW': '曝光次數', en: 'Impressions' },
      clicks: { 'zh-CN': '点击次数', 'zh-TW': '點擊次數', en: 'Clicks' },
      day: { 'zh-CN': '日期', 'zh-TW': '日期', en: 'Day' },
      byDay: { 'zh-CN': '按日明细', 'zh-TW': '按日明細', en: 'By day' },
      totals: { 'zh-CN': '近 30 天：展示 {{views}} 次，点击 {{clicks}} 次', 'zh-TW': '近 30 天：曝光 {{views}} 次，點擊 {{clicks}} 次', en: 'Last 30 days: {{views}} impressions, {{clicks}} clicks' },
    },
  },
  fields: {
    advertisementId: { kind: 'id' },
    /** the ad space, one of the current site's (the server checks) */
    adSpaceId: { kind: 'number', input: id(), filter: 'eq', form: 'create' },
    name: { kind: 'text', input: requiredText(100), column: true, filter: 'like', form: true },
    type: {
      kind: 'dict', options: AD_TYPES.map((t) => ({ value: t, label: `screens:advertisement.type_${t}` })),
      input: z.enum(AD_TYPES, v('required')), column: true, form: true, initial: 'image',
    },
    /** an image of the site's library (shown at its console address; a thumbnail in the list) */
    resourcePath: { kind: 'image', input: optionalText(255), column: true, form: true },
    redirectUrl: { kind: 'text', input: requiredText(500).regex(HTTP_URL_PATTERN, v('httpUrl')), column: { ellipsis: true, width: '8rem', link: true }, form: true },
    weight: { kind: 'number', input: intRange(0, 10000, 1), column: { sortable: true }, form: true, initial: 1 },
    keywords: { kind: 'text', input: optionalText(255), form: true },
    state: {
      kind: 'dict', options: [{ value: AdState.ENABLED, label: 'screens:advertisement.state_0' }, { value: AdState.DISABLED, label: 'screens:advertisement.state_1' }],
      input: z.enum([AdState.ENABLED, AdState.DISABLED]).default(AdState.ENABLED), column: true, filter: 'eq', form: true, initial: AdState.ENABLED,
    },
    /** where the ad stands now by the server's clock (AD_LIVE_STATES): the state column shows it beside Enabled */
    liveState: { kind: 'text', computed: true },
    onlineDate: { kind: 'datetime', input: dateTimeInput().nullable().optional(), column: { sortable: true }, form: true },
    offlineDate: { kind: 'datetime', input: dateTimeInput().nullable().optional(), column: { sortable: true }, form: true },
    remark: { kind: 'textarea', input: optionalText(500), form: true },
    /** not a list column: with the online and offline dates, a third time pushed the list past 1440 px, under its actions */
    createTime: { kind: 'datetime' },
  },
  sort: { field: 'advertisementId', order: 'desc' },
  check: (values) => {
    const on = values.onlineDate ? new Date(values.onlineDate as string) : null;
    const off = values.offlineDate ? new Date(values.offlineDate as string) : null;
    return on && off && off.getTime() <= on.getTime() ? [{ field: 'offlineDate', key: 'notBefore', params: { otherField: 'onlineDate' } }] : [];
  },
});
