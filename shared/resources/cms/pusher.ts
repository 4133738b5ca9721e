import { z } from 'zod';
import { defineResource, type FieldDef } from '../define.ts';
import { crud, MENU_DIRS } from '../declare.ts';
import { PLATFORM_SETTINGS, type MessagingPlatform } from '../system/messaging.ts';
import { CMS_EVENT_TYPES } from '../../cms/events.ts';
import { LOCALES } from '../../i18n/locales.ts';
import { requiredText, optionalText } from '../../validators/common.ts';
import { v } from '../../validators/issues.ts';

/**
 * Message pushers of the current site (issue 32 item 3; spec "Message pusher config: name, type,
 * status, config json"): channels that tell people what happens in the CMS (`shared/cms/events.ts`).
 * Each type's settings are the System → Messaging platform's (one shape each, secrets write-only),
 * plus the language its messages are written in, and for e-mail its recipients.
 */

export const PUSHER_TYPES = ['EMAIL', 'WEBHOOK', 'WECOM', 'DINGTALK', 'FEISHU'] as const;
export type PusherType = (typeof PUSHER_TYPES)[number];

/** The messaging platform a pusher type sends through (e-mail is messaging's SMTP). */
export const platformOfPusher = (type: PusherType): MessagingPlatform => (type === 'EMAIL' ? 'SMTP' : type);

/** At most this many recipients for one e-mail pusher. */
export const MAX_RECIPIENTS = 20;
const EMAIL_RE = /^[^\s@,;<>]+@[^\s@,;<>]+\.[^\s@,;<>]+$/;

/** Recipients typed one per line, or separated by commas or semicolons. */
export const recipientsOf = (text: string | undefined): string[] => (text ?? '').split(/[\s,;]+/).map((s) => s.trim()).filter(Boolean);

// Sub-fields of a variant get no resource scope (the shapes are shared with Messaging): the label names this screen's text.
const language = {
  kind: 'text',
  label: 'screens:pusher.fields.language',
  input: z.enum(LOCALES, { error: v('required') }),
  initial: 'zh-CN',
  options: LOCALES.map((value) => ({ value, label: `common:language.${value}` })),
} satisfies FieldDef;

const recipients = {
  kind: 'textarea',
  label: 'screens:pusher.fields.recipients',
  input: requiredText(2000).refine((t) => {
    const list = recipientsOf(t);
    return list.length > 0 && list.length <= MAX_RECIPIENTS && list.every((a) => EMAIL_RE.test(a));
  }, v('invalid')),
  placeholder: 'cms:pusher.recipientsPlaceholder',
  hint: 'cms:pusher.recipientsHint',
} satisfies FieldDef;

/** Each type's settings: messaging's platform settings, the message language, and e-mail's recipients. */
export const PUSHER_SETTINGS = {
  EMAIL: { ...PLATFORM_SETTINGS.SMTP, recipients, language },
  WEBHOOK: { ...PLATFORM_SETTINGS.WEBHOOK, language },
  WECOM: { ...PLATFORM_SETTINGS.WECOM, language },
  DINGTALK: { ...PLATFORM_SETTINGS.DINGTALK, language },
  FEISHU: { ...PLATFORM_SETTINGS.FEISHU, language },
} satisfies Record<PusherType, Record<string, FieldDef>>;

export const pusherResource = defineResource({
  name: 'pusher',
  api: '/cms/pusher',
  id: 'pusherId',
  perms: crud('cms:pusher', { export: undefined }),
  menu: {
    id: 3230, parent: MENU_DIRS.interactive, order: 7, path: 'pusher', component: 'cms/pusher/index', icon: 'message',
    buttons: { add: 3231, edit: 3232, remove: 3233 },
  },
  drill: { to: '/operations/pusher/deliveries', param: 'pusherId', label: 'deliveries' },
  texts: {
    title: { 'zh-CN': '消息推送', 'zh-TW': '訊息推送', en: 'Message Pusher' },
    fields: {
      pusherId: { 'zh-CN': '推送ID', 'zh-TW': '推送ID', en: 'Pusher ID' },
      name: { 'zh-CN': '名称', 'zh-TW': '名稱', en: 'Name' },
      type: { 'zh-CN': '推送类型', 'zh-TW': '推送類型', en: 'Type' },
      status: { 'zh-CN': '状态', 'zh-TW': '狀態', en: 'Status' },
      events: { 'zh-CN': '订阅事件', 'zh-TW': '訂閱事件', en: 'Events' },
      config: { 'zh-CN': '推送配置', 'zh-TW': '推送設定', en: 'Settings' },
      recipients: { 'zh-CN': '收件人', 'zh-TW': '收件人', en: 'Recipients' },
      language: { 'zh-CN': '消息语言', 'zh-TW': '訊息語言', en: 'Message language' },
      remark: { 'zh-CN': '备注', 'zh-TW': '備註', en: 'Remark' },
      createTime: { 'zh-CN': '创建时间', 'zh-TW': '建立時間', en: 'Created' },
    },
    more: {
      test: { 'zh-CN': '发送测试', 'zh-TW': '傳送測試', en: 'Send test' },
      deliveries: { 'zh-CN': '推送记录', 'zh-TW': '推送紀錄', en: 'Deliveries' },
    },
  },
  fields: {
    pusherId: { kind: 'id', column: true },
    name: { kind: 'text', input: requiredText(64), column: true, filter: 'like', form: true },
    type: { kind: 'dict', options: PUSHER_TYPES.map((value) => ({ value, label: `cms:pusher.type.${value}` })), input: z.enum(PUSHER_TYPES, { error: v('required') }), column: true, filter: 'eq', form: true, initial: 'WEBHOOK' },
    /** 0 enabled, 1 disabled: a disabled pusher is sent nothing */
    status: { kind: 'dict', dict: 'EnableOrDisable', input: z.enum(['0', '1']).default('0'), column: true, filter: 'eq', form: true, initial: '0' },
    /** the events it is told of (`shared/cms/events.ts`) */
    events: {
      kind: 'dict', multiple: true, form: true, column: true, initial: [],
      options: CMS_EVENT_TYPES.map((value) => ({ value, label: `cms:pusher.event.${value}` })),
      input: z.array(z.enum(CMS_EVENT_TYPES)).max(CMS_EVENT_TYPES.length).default([]),
    },
    config: { kind: 'json', variants: { by: 'type', shapes: PUSHER_SETTINGS }, form: true },
    remark: { kind: 'textarea', input: optionalText(500), form: true },
    createTime: { kind: 'datetime', column: { sortable: true } },
  },
  sort: { field: 'pusherId', order: 'asc' },
  unique: ['name'],
});
