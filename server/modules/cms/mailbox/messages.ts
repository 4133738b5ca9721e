import type { MessageCatalog } from '../../../core/i18n.ts';

/** Server messages of the mailbox (readers' submissions and the console's actions), per language. */
export const MAILBOX_MESSAGES: MessageCatalog = {
  'zh-CN': {
    mailbox: {
      captcha: '验证码错误或已过期，请重新获取',
      notFound: '留言不存在',
      noEmail: '留言人未留邮箱，无法邮件回复',
      replyFailed: '回复发送失败：{{reason}}',
      replySubject: '回复：{{title}}',
      contactRequired: '请至少留下电话或邮箱之一',
    },
  },
  'zh-TW': {
    mailbox: {
      captcha: '驗證碼錯誤或已過期，請重新取得',
      notFound: '留言不存在',
      noEmail: '留言人未留電子郵件，無法郵件回覆',
      replyFailed: '回覆傳送失敗：{{reason}}',
      replySubject: '回覆：{{title}}',
      contactRequired: '請至少留下電話或電子郵件其中之一',
    },
  },
  en: {
    mailbox: {
      captcha: 'The captcha is wrong or has expired: get a new one',
      notFound: 'No such message',
      noEmail: 'The sender left no e-mail address to reply to',
      replyFailed: 'The reply could not be sent: {{reason}}',
      replySubject: 'Re: {{title}}',
      contactRequired: 'Leave a phone number or an e-mail address',
    },
  },
};
