import type { MessageCatalog } from '../../../core/i18n.ts';

/** Server messages of comments (public API and console), per language (merged into the CMS's). */
export const COMMENT_MESSAGES: MessageCatalog = {
  'zh-CN': {
    comment: {
      sourceNotFound: '内容不存在或未发布',
      notFound: '评论不存在',
      disabled: '本站未开启评论',
      needLogin: '请先登录会员再评论',
      captcha: '验证码错误或已失效',
    },
  },
  'zh-TW': {
    comment: {
      sourceNotFound: '內容不存在或未發布',
      notFound: '評論不存在',
      disabled: '本站未開放評論',
      needLogin: '請先登入會員再評論',
      captcha: '驗證碼錯誤或已失效',
    },
  },
  en: {
    comment: {
      sourceNotFound: 'No such content, or it is not published',
      notFound: 'No such comment',
      disabled: 'Comments are turned off on this site',
      needLogin: 'Sign in as a member to comment',
      captcha: 'The captcha is wrong or has expired',
    },
  },
};
