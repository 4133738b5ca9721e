import type { MessageCatalog } from '../../../core/i18n.ts';

/** Server messages of extension models and custom forms, per language (merged into the CMS's). */
export const XMODEL_MESSAGES: MessageCatalog = {
  'zh-CN': {
    xmodel: {
      targetTaken: '该站点已有扩展同一对象（及内容类型）的模型',
      tooManyFields: '一个模型最多 {{max}} 个字段',
    },
    customform: {
      notFound: '表单不存在或未发布',
      notOpen: '表单尚未开放提交',
      closed: '表单已截止提交',
      membersOnly: '该表单仅限会员提交，本站暂不支持会员',
      overLimit: '您今天提交的次数已达上限（{{max}} 次）',
      captcha: '验证码错误或已过期',
      notPublishable: '表单的模型没有字段，无法发布',
      submitted: '提交时间',
      offlineFirst: '表单“{{name}}”已发布，请先下线再删除',
      thanksTitle: '提交成功',
      thanks: '感谢您的提交，我们已收到。',
      refusedTitle: '表单未能提交',
      backToForm: '返回表单修改',
      backToPage: '返回页面',
      submitDefault: '提交',
    },
  },
  'zh-TW': {
    xmodel: {
      targetTaken: '此網站已有擴充同一對象（及內容類型）的模型',
      tooManyFields: '一個模型最多 {{max}} 個欄位',
    },
    customform: {
      notFound: '表單不存在或未發布',
      notOpen: '表單尚未開放填寫',
      closed: '表單已截止填寫',
      membersOnly: '此表單僅限會員填寫，本站暫不支援會員',
      overLimit: '您今天送出的次數已達上限（{{max}} 次）',
      captcha: '驗證碼錯誤或已過期',
      notPublishable: '表單的模型沒有欄位，無法發布',
      submitted: '送出時間',
      offlineFirst: '表單「{{name}}」已發布，請先下架再刪除',
      thanksTitle: '送出成功',
      thanks: '感謝您的填寫，我們已收到。',
      refusedTitle: '表單未能送出',
      backToForm: '返回表單修改',
      backToPage: '返回頁面',
      submitDefault: '送出',
    },
  },
  en: {
    xmodel: {
      targetTaken: 'This site already has a model extending the same target (and content type)',
      tooManyFields: 'A model has at most {{max}} fields',
    },
    customform: {
      notFound: 'The form does not exist or is not published',
      notOpen: 'The form is not open for submissions yet',
      closed: 'The form is closed for submissions',
      membersOnly: 'Only members may submit this form, and this site has no members yet',
      overLimit: 'You have reached today\'s limit of {{max}} submissions',
      captcha: 'The captcha is wrong or has expired',
      notPublishable: 'The form\'s model has no fields: it cannot be published',
      submitted: 'Submitted',
      offlineFirst: 'The form "{{name}}" is published: take it offline before deleting it',
      thanksTitle: 'Thank you',
      thanks: 'Your submission was received.',
      refusedTitle: 'The form was not sent',
      backToForm: 'Back to the form',
      backToPage: 'Back to the page',
      submitDefault: 'Submit',
    },
  },
};
