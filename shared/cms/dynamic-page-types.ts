import type { Doc } from './template-registry.ts';

/**
 * The dynamic page types (ChestnutCMS IDynamicPageType, `GET /cms/dynamicPageTypes`): pages a
 * site's server renders on request rather than publishes — search, the member pages and "contact
 * us". Each names the pipe prop that holds its template (`publishPipeKey`, the template a site may
 * set per pipe; `defaultTemplate` when it is not set) and the arguments of its address. Pure data,
 * shared by the server's route and the dynamic templates screen.
 */

export interface DynamicArg {
  name: string;
  type: 'Parameter' | 'Path';
  mandatory: boolean;
  defValue: string;
  desc: Doc;
}

export interface DynamicPageType {
  type: string;
  name: Doc;
  desc: Doc;
  requestPath: string;
  publishPipeKey: string;
  defaultTemplate: string;
  requestArgs: readonly DynamicArg[];
}

const d = (en: string, zhCN: string, zhTW: string): Doc => ({ en, 'zh-CN': zhCN, 'zh-TW': zhTW });
const arg = (name: string, desc: Doc, o: Partial<Omit<DynamicArg, 'name' | 'desc'>> = {}): DynamicArg => ({ name, type: 'Parameter', mandatory: false, defValue: '', desc, ...o });

/** Every type takes these (ChestnutCMS's base args). */
const BASE_ARGS = [
  arg('sid', d('Site id', '站点 ID', '網站 ID'), { mandatory: true }),
  arg('pp', d('Publish pipe code', '发布通道编码', '發布通道代碼'), { mandatory: true }),
  arg('preview', d('Preview mode', '预览模式', '預覽模式'), { defValue: 'false' }),
];

const member = (type: string, path: string, key: string, file: string, name: Doc, desc: Doc): DynamicPageType => ({
  type, name, desc, requestPath: path, publishPipeKey: key, defaultTemplate: `account/${file}.template.html`, requestArgs: BASE_ARGS,
});

export const DYNAMIC_PAGE_TYPES: readonly DynamicPageType[] = [
  {
    type: 'Search', requestPath: '_search', publishPipeKey: 'searchTemplate', defaultTemplate: 'search.template.html',
    name: d('Search', '搜索', '搜尋'),
    desc: d('Search results of the site\'s contents', '站点内容的搜索结果页', '網站內容的搜尋結果頁'),
    requestArgs: [
      ...BASE_ARGS,
      arg('q', d('Search words', '搜索词', '搜尋詞')),
      arg('cid', d('Catalog id', '栏目 ID', '欄目 ID')),
      arg('ot', d('Only the title (true/false)', '仅搜索标题（true/false）', '僅搜尋標題（true/false）'), { defValue: 'false' }),
      arg('ct', d('Content type', '内容类型', '內容類型')),
      arg('page', d('Page number', '页码', '頁碼'), { defValue: '1' }),
    ],
  },
  member('AccountCentre', 'account/{memberId}', 'accountCentreTemplate', 'account_centre', d('Member centre', '会员中心', '會員中心'), d('A member\'s public page', '会员的公开主页', '會員的公開主頁')),
  member('Login', 'account/login', 'memberLoginTemplate', 'login', d('Member sign-in', '会员登录', '會員登入'), d('The members\' sign-in page', '会员登录页面', '會員登入頁面')),
  member('Register', 'account/register', 'memberRegisterTemplate', 'register', d('Member registration', '会员注册', '會員註冊'), d('The members\' registration page', '会员注册页面', '會員註冊頁面')),
  member('Password', 'account/password', 'memberPasswordTemplate', 'password', d('Change password', '修改密码', '修改密碼'), d('A member changes their password', '会员修改密码', '會員修改密碼')),
  member('Setting', 'account/setting', 'memberSettingTemplate', 'setting', d('Member settings', '会员设置', '會員設定'), d('A member\'s account settings', '会员账号设置', '會員帳號設定')),
  member('BindEmail', 'account/bind_email', 'memberBindEmailTemplate', 'bind_email', d('Bind email', '绑定邮箱', '綁定電子郵件'), d('A member binds an email address', '会员绑定邮箱', '會員綁定電子郵件')),
  member('ForgetPassword', 'account/forget_password', 'memberForgetPasswordTemplate', 'forget_password', d('Forgotten password', '忘记密码', '忘記密碼'), d('A member resets a forgotten password', '会员重置忘记的密码', '會員重設忘記的密碼')),
  member('Contribute', 'account/contribute', 'memberContributeTemplate', 'contribute', d('Contribute', '投稿', '投稿'), d('A member submits a content', '会员投稿', '會員投稿')),
  // Castanea's own (ChestnutCMS has no page for it): the mailbox's "contact us" form, for anyone.
  {
    type: 'Contact', requestPath: 'contact', publishPipeKey: 'contactTemplate', defaultTemplate: 'contact.template.html', requestArgs: BASE_ARGS,
    name: d('Contact us', '联系我们', '聯絡我們'),
    desc: d('Readers write to the site\'s mailbox', '读者向站点信箱留言', '讀者向網站信箱留言'),
  },
];
