import { defineResource } from '../define.ts';
import { crud } from '../declare.ts';
import { CMS_EVENT_TYPES } from '../../cms/events.ts';

/** A delivery's states: waiting (or waiting again after a failure), being sent, sent, failed for good. */
export const DELIVERY_STATUSES = ['PENDING', 'RUNNING', 'SENT', 'FAILED'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * The message pushers' delivery log of the current site (issue 32 item 3): one row per pusher told
 * of one event, with its attempts and last error. Read-only: rows are written by the events'
 * transactions and the delivery worker; a failed one can be sent again (`PUT …/:id/retry`, the edit key).
 * Opened from the pushers' list, all of them or one pusher's (`?pusherId=`).
 */
export const pusherDeliveryResource = defineResource({
  name: 'pusherDelivery',
  api: '/cms/pusher/delivery',
  id: 'deliveryId',
  perms: crud('cms:pusher', { add: undefined, edit: undefined, remove: undefined, export: undefined }),
  page: { path: '/operations/pusher/deliveries', activeMenu: '/operations/pusher', queryFilters: ['pusherId'] },
  texts: {
    title: { 'zh-CN': '推送记录', 'zh-TW': '推送紀錄', en: 'Push deliveries' },
    fields: {
      deliveryId: { 'zh-CN': '记录ID', 'zh-TW': '紀錄ID', en: 'Delivery ID' },
      createTime: { 'zh-CN': '事件时间', 'zh-TW': '事件時間', en: 'Time' },
      pusherId: { 'zh-CN': '推送ID', 'zh-TW': '推送ID', en: 'Pusher ID' },
      pusherName: { 'zh-CN': '推送', 'zh-TW': '推送', en: 'Pusher' },
      eventType: { 'zh-CN': '事件', 'zh-TW': '事件', en: 'Event' },
      status: { 'zh-CN': '状态', 'zh-TW': '狀態', en: 'Status' },
      attempts: { 'zh-CN': '尝试次数', 'zh-TW': '嘗試次數', en: 'Attempts' },
      lastError: { 'zh-CN': '最近错误', 'zh-TW': '最近錯誤', en: 'Last error' },
      sentTime: { 'zh-CN': '发送时间', 'zh-TW': '傳送時間', en: 'Sent' },
    },
    more: {
      retry: { 'zh-CN': '重新发送', 'zh-TW': '重新傳送', en: 'Send again' },
      retried: { 'zh-CN': '已重新排队发送', 'zh-TW': '已重新排入傳送', en: 'Queued to be sent again' },
    },
  },
  fields: {
    deliveryId: { kind: 'id' },
    createTime: { kind: 'datetime', column: { sortable: true }, filter: 'range' },
    pusherId: { kind: 'number', filter: 'eq' },
    /** the pusher's name, looked up for the reply */
    pusherName: { kind: 'text', column: true, computed: true },
    eventType: {
      kind: 'dict', column: true, filter: 'eq',
      options: CMS_EVENT_TYPES.map((value) => ({ value, label: `cms:pusher.event.${value}` })),
    },
    status: { kind: 'dict', column: true, filter: 'eq', options: ['PENDING', 'RUNNING', 'SENT', 'FAILED'].map((value) => ({ value, label: `cms:pusher.status.${value}` })) },
    attempts: { kind: 'number', column: true },
    /** the last failure, in the reader's language */
    lastError: { kind: 'text', column: { ellipsis: true, width: '18rem' }, computed: true },
    sentTime: { kind: 'datetime', column: true },
  },
  sort: { field: 'createTime', order: 'desc' },
});
