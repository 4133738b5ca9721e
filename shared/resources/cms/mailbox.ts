import { defineResource } from '../define.ts';
import { MENU_DIRS } from '../declare.ts';

const t = (zh: string, tw: string, en: string) => ({ 'zh-CN': zh, 'zh-TW': tw, en });

/** A message's review status (spec §4 "Mailbox"): unreviewed or reviewed, switchable both ways. */
export const MailboxReview = { UNREVIEWED: '0', REVIEWED: '1' } as const;

/** Reviewing a message and answering it by e-mail: the Review button's key (menu 3221, in the system's seed). */
export const MAILBOX_AUDIT = 'cms:mailbox:audit';

/** The bounds of a reader's message (the public submission and the table agree on them). */
export const MAILBOX_LIMITS = { title: 200, name: 50, phone: 30, email: 100, content: 5000, reply: 5000 } as const;

/**
 * The mailbox of the current site (menu "Mailbox" under Interactive, spec §2 and §3): readers'
 * "contact us" messages sent from the published site (POST /api/mailbox/submit, docs/public-api.md).
 * Listed by review status, read as plain text, marked reviewed or unreviewed with a confirmation,
 * answered by e-mail through the messaging platform, deleted. Readers write them: the console
 * never adds or edits one. Routes: server/modules/cms/mailbox/crud.ts.
 */
export const mailboxResource = defineResource({
  name: 'mailbox',
  api: '/cms/mailbox',
  id: 'mailboxId',
  perms: { view: 'cms:mailbox:view', remove: 'cms:mailbox:remove' },
  // The page row and its Delete button ship from here (ids and keys as seeded before); the Review
  // button (3221, cms:mailbox:audit, which also answers by e-mail) stays in the system's seed.
  menu: { id: 3220, parent: MENU_DIRS.interactive, order: 6, path: 'mailbox', component: 'cms/mailbox/index', icon: 'email', buttons: { remove: 3222 } },
  texts: {
    title: t('信箱管理', '信箱管理', 'Mailbox'),
    fields: {
      mailboxId: t('ID', 'ID', 'ID'),
      title: t('主题', '主旨', 'Subject'),
      name: t('姓名', '姓名', 'Name'),
      phone: t('电话', '電話', 'Phone'),
      email: t('邮箱', '電子郵件', 'E-mail'),
      content: t('内容', '內容', 'Message'),
      reviewStatus: t('审核状态', '審核狀態', 'Review Status'),
      replyTime: t('回复时间', '回覆時間', 'Replied'),
      ip: t('IP 地址', 'IP 位址', 'IP Address'),
      createTime: t('提交时间', '送出時間', 'Received'),
    },
    more: {
      review_0: t('未审核', '未審核', 'Unreviewed'),
      review_1: t('已审核', '已審核', 'Reviewed'),
      markReviewed: t('标为已审核', '標為已審核', 'Mark reviewed'),
      markUnreviewed: t('标为未审核', '標為未審核', 'Mark unreviewed'),
      confirmReviewed: t('确认将留言“{{title}}”标为已审核？', '確定將留言「{{title}}」標為已審核？', 'Mark the message “{{title}}” as reviewed?'),
      confirmUnreviewed: t('确认将留言“{{title}}”标回未审核？', '確定將留言「{{title}}」標回未審核？', 'Mark the message “{{title}}” as unreviewed again?'),
      reviewed: t('已标为已审核', '已標為已審核', 'Marked reviewed'),
      unreviewed: t('已标为未审核', '已標為未審核', 'Marked unreviewed'),
      detail: t('查看', '檢視', 'View'),
      reply: t('邮件回复', '郵件回覆', 'Reply by e-mail'),
      replySubject: t('回复主题', '回覆主旨', 'Reply subject'),
      replyText: t('回复内容', '回覆內容', 'Reply'),
      send: t('发送', '傳送', 'Send'),
      sent: t('回复已发送', '回覆已傳送', 'Reply sent'),
      noEmail: t('留言人未留邮箱，无法邮件回复', '留言人未留電子郵件，無法郵件回覆', 'The sender left no e-mail address to reply to'),
      lastReply: t('上次回复', '上次回覆', 'Last reply'),
      empty: t('（未填写）', '（未填寫）', '(empty)'),
    },
  },
  fields: {
    mailboxId: { kind: 'id', column: true },
    title: { kind: 'text', column: { ellipsis: true, width: '14rem' }, filter: 'like', filterParam: 'query' },
    name: { kind: 'text', column: true, filter: 'like' },
    phone: { kind: 'text', column: true },
    email: { kind: 'text', column: true },
    content: { kind: 'textarea', column: { ellipsis: true, width: '18rem' } },
    reviewStatus: {
      kind: 'dict', column: true, filter: 'eq',
      options: [{ value: MailboxReview.UNREVIEWED, label: 'screens:mailbox.review_0' }, { value: MailboxReview.REVIEWED, label: 'screens:mailbox.review_1' }],
    },
    replyTime: { kind: 'datetime', column: true },
    ip: { kind: 'text', export: false },
    createTime: { kind: 'datetime', column: { sortable: true }, filter: 'range' },
  },
  sort: { field: 'createTime', order: 'desc' },
});
