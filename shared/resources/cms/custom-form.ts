import { z } from 'zod';
import { defineResource } from '../define.ts';
import { crud, MENU_DIRS } from '../declare.ts';
import { code, id, intRange, optionalText, requiredText } from '../../validators/common.ts';
import { dateTimeInput } from '../../validators/date.ts';
import { CUSTOM_FORM_LIMITS, FORM_SUBMITTERS } from '../../cms/custom-form.ts';
import { dynamicPageTemplates } from './dynamic-page.ts';

const t = (zh: string, tw: string, en: string) => ({ 'zh-CN': zh, 'zh-TW': tw, en });

/**
 * A site's custom forms (ChestnutCMS /cms/customform, menu "Custom Form" under Interactive, whose
 * rows the system's seed holds with the Publish button): an extension model of the site bound to
 * forms, plus who may submit, a captcha, a limit per address per day and the dates it is open.
 * Published or offline (`status`, changed by publish/offline only).
 */
export const customFormResource = defineResource({
  name: 'customForm',
  api: '/cms/customform',
  id: 'formId',
  perms: crud('cms:customform', { export: undefined }),
  // The page row and its add/edit/delete buttons ship from here (ids and keys as seeded before);
  // the Publish/Offline button (3213, cms:customform:publish) stays in the system's seed.
  menu: {
    id: 430649774219333, parent: MENU_DIRS.interactive, order: 5, path: 'customform', component: 'cms/customform/index', icon: 'form',
    buttons: { add: 3210, edit: 3211, remove: 3212 },
  },
  drill: { to: '/operations/customform/data', param: 'formId', label: 'entries' },
  texts: {
    title: t('自定义表单', '自訂表單', 'Custom Form'),
    fields: {
      formId: t('表单ID', '表單ID', 'Form ID'),
      name: t('名称', '名稱', 'Name'),
      code: t('编码', '代碼', 'Code'),
      modelId: t('扩展模型', '擴充模型', 'Extension Model'),
      status: t('状态', '狀態', 'Status'),
      submitters: t('提交者', '填寫者', 'Who May Submit'),
      needCaptcha: t('需要验证码', '需要驗證碼', 'Captcha'),
      dailyLimit: t('每地址每日次数', '每位址每日次數', 'Per Address per Day'),
      openTime: t('开始时间', '開始時間', 'Opens'),
      closeTime: t('截止时间', '截止時間', 'Closes'),
      submitText: t('提交按钮文字', '送出按鈕文字', 'Submit Button Text'),
      templates: t('发布通道模板', '發布通道範本', 'Template per Publish Pipe'),
      remark: t('备注', '備註', 'Remark'),
      createTime: t('创建时间', '建立時間', 'Created'),
    },
    more: {
      entries: t('数据', '資料', 'Entries'),
      status_0: t('已下线', '已下架', 'Offline'),
      status_1: t('已发布', '已發布', 'Published'),
      publish: t('发布', '發布', 'Publish'),
      offline: t('下线', '下架', 'Take offline'),
      submitters_anyone: t('任何人', '任何人', 'Anyone'),
      submitters_members: t('仅会员', '僅會員', 'Members only'),
    },
  },
  fields: {
    formId: { kind: 'id', column: true },
    name: { kind: 'text', input: requiredText(100), column: true, filter: 'like', filterParam: 'query', form: true },
    code: { kind: 'text', input: code(50), column: true, form: true },
    /** a model of the site bound to forms (the server checks) */
    modelId: { kind: 'number', input: id(), column: true, form: true },
    status: { kind: 'text', column: true, filter: 'eq', options: ['0', '1'].map((v) => ({ value: v, label: `screens:customForm.status_${v}` })) },
    submitters: {
      kind: 'text', input: z.enum(FORM_SUBMITTERS).default('anyone'), column: true, form: true, initial: 'anyone',
      options: FORM_SUBMITTERS.map((v) => ({ value: v, label: `screens:customForm.submitters_${v}` })),
    },
    needCaptcha: { kind: 'dict', dict: 'YesOrNo', input: z.enum(['Y', 'N']).default('N'), column: true, form: true, initial: 'N' },
    /** 0: no limit */
    dailyLimit: { kind: 'number', input: intRange(0, CUSTOM_FORM_LIMITS.dailyMax, 0), column: true, form: true, initial: 0 },
    openTime: { kind: 'datetime', input: dateTimeInput().nullable().optional(), column: true, form: true },
    closeTime: { kind: 'datetime', input: dateTimeInput().nullable().optional(), column: true, form: true },
    /** the published form's button, in the site's language (empty: "Submit" in the saver's language) */
    submitText: { kind: 'text', input: optionalText(CUSTOM_FORM_LIMITS.submitTextMax), form: true },
    /** template per pipe code (a new form: the theme's customform/form.template.html where the pipe has it; none: the built-in markup) */
    templates: { kind: 'json', input: dynamicPageTemplates().default({}), form: true, initial: {} },
    remark: { kind: 'textarea', input: optionalText(500), form: true },
    createTime: { kind: 'datetime', column: { sortable: true } },
  },
  sort: { field: 'formId', order: 'desc' },
  unique: ['code'],
  check: (r) => (r.openTime && r.closeTime && new Date(String(r.closeTime)) <= new Date(String(r.openTime)) ? [{ field: 'closeTime', key: 'notBefore', params: { otherField: 'openTime' } }] : []),
});

/**
 * The entries of one form (opened from the form's row): each reader's submission as text (the
 * values by field label, never drawn as HTML), the address and the time; searched by any value or
 * the address, exported and deleted. Routes: server/modules/cms/customform/crud.ts.
 */
export const customFormDataResource = defineResource({
  name: 'customFormData',
  api: '/cms/customform/data',
  id: 'entryId',
  perms: { view: 'cms:customform:view', remove: 'cms:customform:remove', export: 'cms:customform:view' },
  page: {
    path: '/operations/customform/data', activeMenu: '/operations/customform', queryFilters: ['formId'],
    caption: { param: 'formId', api: customFormResource.api, field: 'name', label: 'ofForm' },
  },
  texts: {
    title: t('表单数据', '表單資料', 'Form Entries'),
    fields: {
      entryId: t('ID', 'ID', 'ID'),
      formId: t('表单', '表單', 'Form'),
      query: t('内容', '內容', 'Content'),
      text: t('提交内容', '送出內容', 'Submitted values'),
      ip: t('IP 地址', 'IP 位址', 'IP Address'),
      createTime: t('提交时间', '送出時間', 'Submitted'),
    },
    more: {
      ofForm: t('表单“{{name}}”的数据', '表單「{{name}}」的資料', 'Entries of “{{name}}”'),
      detail: t('详情', '詳情', 'Details'),
      noValue: t('（未填写）', '（未填寫）', '(empty)'),
      source: t('查看 HTML 源码', '檢視 HTML 原始碼', 'Show the HTML source'),
    },
  },
  fields: {
    entryId: { kind: 'id', column: true },
    formId: { kind: 'number', filter: 'eq' },
    /** a search in every value (the list's `query`) */
    query: { kind: 'text', filter: 'like' },
    /** the values as "Label: value" lines, plain text */
    text: { kind: 'textarea', column: { ellipsis: true, width: '28rem' }, computed: true },
    ip: { kind: 'text', column: true, filter: 'eq' },
    createTime: { kind: 'datetime', column: true },
  },
  sort: { field: 'createTime', order: 'desc' },
});
