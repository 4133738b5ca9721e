import { d, PAGE_TYPES, type VariableDef } from './template-registry-types.ts';

// The variables a template sees, by page type (template-registry.ts).

const ALL = PAGE_TYPES;
export const VARIABLES: readonly VariableDef[] = [
  { name: 'Site', pageTypes: ALL, type: 'object', fields: 'site', doc: d('The site: its fields, `link`, `logoSrc`, `extend_<key>` for its Extend settings, and its extension model\'s values: `extend.<code>` and `extendFields`.', '站点：其字段、`link`、`logoSrc`、扩展设置 `extend_<key>`，以及扩展模型的值：`extend.<code>` 和 `extendFields`。', '網站：其欄位、`link`、`logoSrc`、擴充設定 `extend_<key>`，以及擴充模型的值：`extend.<code>` 和 `extendFields`。') },
  { name: 'Catalog', pageTypes: ['catalog', 'content', 'dynamic'], type: 'object', fields: 'catalog', doc: d('The page\'s catalog: its fields, `link`, `listLink`, `extend_<key>`, and its extension model\'s values: `extend.<code>` and `extendFields`.', '当前页面的栏目：其字段、`link`、`listLink`、`extend_<key>`，以及扩展模型的值：`extend.<code>` 和 `extendFields`。', '目前頁面的欄目：其欄位、`link`、`listLink`、`extend_<key>`，以及擴充模型的值：`extend.<code>` 和 `extendFields`。') },
  { name: 'Content', pageTypes: ['content', 'dynamic'], type: 'object', fields: 'content', doc: d('The page\'s content, with `link`; a book\'s own fields are in `Content.book`; its extension model\'s values in `Content.extend.<code>` and `Content.extendFields` (label, type and display value of each filled field).', '当前页面的内容，带 `link`；书籍字段在 `Content.book`；扩展模型的值在 `Content.extend.<code>` 和 `Content.extendFields`（每个已填字段的名称、类型和显示值）。', '目前頁面的內容，帶 `link`；書籍欄位在 `Content.book`；擴充模型的值在 `Content.extend.<code>` 和 `Content.extendFields`（每個已填欄位的名稱、類型和顯示值）。') },
  { name: 'Chapter', pageTypes: ['content'], type: 'object', fields: 'chapter', doc: d('On a book\'s chapter page: the chapter, with its text in `Chapter.content` (print with `| raw`); empty on the book\'s own page.', '书籍章节页：该章节，正文在 `Chapter.content`（用 `| raw` 输出）；书籍主页面上为空。', '書籍章節頁：該章節，正文在 `Chapter.content`（以 `| raw` 輸出）；書籍主頁面上為空。') },
  { name: 'PageNo', pageTypes: ALL, type: 'number', doc: d('The page number, from 1.', '当前页码，从 1 开始。', '目前頁碼，從 1 開始。') },
  { name: 'PageSize', pageTypes: ['catalog', 'content'], type: 'number', doc: d('Items per page, after the paged tag.', '分页标签之后：每页条数。', '分頁標籤之後：每頁筆數。') },
  { name: 'PageTotal', pageTypes: ['catalog', 'content'], type: 'number', doc: d('How many pages, after the paged tag (or the paged article).', '分页标签（或分页文章）之后：总页数。', '分頁標籤（或分頁文章）之後：總頁數。') },
  { name: 'FirstPage', pageTypes: ['catalog', 'content'], type: 'string', doc: d('The link of page 1.', '第 1 页的链接。', '第 1 頁的連結。') },
  { name: 'OtherPage', pageTypes: ['catalog', 'content'], type: 'string', doc: d('The link of page N, with {0} for N.', '第 N 页的链接，{0} 代表 N。', '第 N 頁的連結，{0} 代表 N。') },
  { name: 'Prefix', pageTypes: ALL, type: 'string', doc: d('The pipe\'s address prefix (absolute or relative, per the pipe settings), ending in /.', '发布通道的地址前缀（按通道设置为绝对或相对），以 / 结尾。', '發布通道的位址前綴（依通道設定為絕對或相對），以 / 結尾。') },
  { name: 'ResourcePrefix', pageTypes: ALL, type: 'string', doc: d('Where the site\'s resources are served (the resource domain, else the bucket\'s public address when the site stores in one, else the prefix), ending in /.', '站点资源的地址（资源域名；否则站点使用对象存储时为存储桶的公开地址；否则为前缀），以 / 结尾。', '網站資源的位址（資源網域；否則網站使用物件儲存時為儲存桶的公開位址；否則為前綴），以 / 結尾。') },
  { name: 'ApiPrefix', pageTypes: ALL, type: 'string', doc: d('The address of the site\'s API, ending in /.', '站点 API 的地址，以 / 结尾。', '網站 API 的位址，以 / 結尾。') },
  { name: 'PublishPipeCode', pageTypes: ALL, type: 'string', doc: d('The publish pipe being rendered (pc, h5…).', '正在渲染的发布通道（pc、h5…）。', '正在渲染的發布通道（pc、h5…）。') },
  { name: 'IsPreview', pageTypes: ALL, type: 'bool', doc: d('True in a preview, false when publishing.', '预览时为 true，发布时为 false。', '預覽時為 true，發布時為 false。') },
  { name: 'TimeMillis', pageTypes: ALL, type: 'number', doc: d('When the publish run started (ms since 1970), the same on every page of the run.', '本次发布开始的时间（毫秒），同一次发布的每个页面相同。', '本次發布開始的時間（毫秒），同一次發布的每個頁面相同。') },
  { name: 'Request', pageTypes: ['include', 'dynamic'], type: 'object', doc: d('In an included template: the parameters given after `?` in cms_include\'s file; on a dynamic page: the query parameters of the request (text, first value of each).', '被包含模板中：cms_include 的 file 中 `?` 之后的参数；动态页面中：请求的查询参数（文本，每个取第一个值）。', '被包含範本中：cms_include 的 file 中 `?` 之後的參數；動態頁面中：請求的查詢參數（文字，每個取第一個值）。') },
];
