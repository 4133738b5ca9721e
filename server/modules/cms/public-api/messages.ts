import type { MessageCatalog } from '../../../core/i18n.ts';

/** Server messages of the readers' public API plumbing, per language (merged into the CMS's). */
export const PUBLIC_API_MESSAGES: MessageCatalog = {
  'zh-CN': { publicApi: { noSite: '站点不存在', signIn: '请先登录', mediaType: '请求内容的格式不受支持，请以 JSON 提交' } },
  'zh-TW': { publicApi: { noSite: '網站不存在', signIn: '請先登入', mediaType: '不支援此請求內容格式，請以 JSON 送出' } },
  en: { publicApi: { noSite: 'No such site', signIn: 'Please sign in first', mediaType: 'This kind of request body is not accepted; send JSON' } },
};
